import { use, useEffect, useState } from 'react'
import type { SocialLogin } from '../../../application/embedded-wallet/social-login'
import { useObservableState } from 'observable-hooks'
import { SocialLoginLoader } from '../../../application/embedded-wallet/social-token'
import { ModalStore } from '../../../application/modal-store'
import { socialName } from '../../../domain/connect/social-login'
import type { SocialOption, SocialProvider } from '../../../domain/entities'
import { Button, List, ListItem, ListRow } from '../../components'
import { useService } from '../../di-context'
import { socialIconUrl } from './social-icons'
import { addEnglish, useI18n } from '../../i18n/i18n'
import { social as socialTexts } from '../../i18n/messages/social'
import type { MessageKey } from '../../i18n/catalogue'

// Its texts come with its chunk (../../i18n/english.ts).
addEnglish(socialTexts)

/** How many socials show as icons on Connect; "More" opens ConnectSocials with them all. */
const ICONS_SHOWN = 3

/**
 * Four equal columns: three icons and More (all four icons when there are four), inside a 360 px
 * phone's sheet. Set here, in the buttons' own chunk, rather than in the stylesheet the page loads
 * before the modal opens.
 */
const ROW = { display: 'grid', gridTemplateColumns: `repeat(${ICONS_SHOWN + 1}, minmax(0, 1fr))` } as const

/**
 * The social connect method (its own chunk, drawn once the social login has loaded): the first
 * socials as icon buttons (named for screen readers, with a tooltip), "More" for the rest (the
 * ConnectSocials view), and why the last login did not finish. Icons are the socials' marks as
 * lazy `<img>`s drawn in this chunk (social-icons.ts).
 */
export default function SocialButtons() {
  const load = useService(SocialLoginLoader)
  const [login, setLogin] = useState<SocialLogin | undefined>(() => load.peek())
  useEffect(() => {
    if (login === undefined) load().then(setLogin, () => undefined)
  }, [load, login])
  return login === undefined || login.offer.options.length === 0 ? null : <Buttons login={login} />
}

/**
 * Starts a login. A provider's popup is opened here, blank and synchronously inside the click (a
 * popup opened after an await is blocked); the use case then sends it to the provider.
 */
function start(login: SocialLogin, social: SocialOption): void {
  const opened = social !== 'farcaster' && login.offer.popup ? window.open('', 'walletgate-social', 'popup,width=480,height=680') : null
  void (social === 'farcaster' ? login.startFarcaster() : login.start(social as SocialProvider, opened))
}

function icon(social: SocialOption) {
  return <img className="wg-social-icon" src={socialIconUrl(social)} alt="" width={24} height={24} loading="lazy" decoding="async" />
}

function Buttons({ login }: { login: SocialLogin }) {
  const { t } = useI18n()
  const modal = useService(ModalStore)
  const { options } = login.offer
  const all = options.length <= ICONS_SHOWN + 1
  return (
    <div className="wg-email-form" data-testid="connect-method-social">
      <div className="wg-email-row" style={ROW}>
        {(all ? options : options.slice(0, ICONS_SHOWN)).map((social) => {
          const name = t('social.continueWith', { name: socialName(social) })
          return (
            <Button key={social} variant="secondary" data-testid={`social-${social}`} aria-label={name} title={name} onClick={() => start(login, social)}>
              {icon(social)}
            </Button>
          )
        })}
        {!all && (
          <Button variant="secondary" data-testid="social-more" onClick={() => modal.push('ConnectSocials')}>
            {t('social.more')}
          </Button>
        )}
      </div>
      <LoginError login={login} />
    </div>
  )
}

function LoginError({ login }: { login: SocialLogin }) {
  const { t } = useI18n()
  const state = useObservableState(login.state$, login.snapshot)
  return (
    state.error !== undefined && (
      <p className="wg-form-error" role="alert" data-testid="social-error">
        {t(state.error.code as MessageKey, state.error.params)}
      </p>
    )
  )
}

/** ConnectSocials: every social the host offers, one named row each (Connect's "More"). */
export function ConnectSocialsView() {
  const load = useService(SocialLoginLoader)
  const { t } = useI18n()
  // Always through use() (see ../social/index.tsx): the loader hands back the same promise each time.
  const login = use(load())
  return (
    <div className="wg-view" data-testid="view-ConnectSocials">
      <List label={t('title.ConnectSocials')} testId="connect-socials-list">
        {login.offer.options.map((social) => (
          <ListRow key={social}>
            <ListItem testId={`social-${social}`} label={t('social.continueWith', { name: socialName(social) })} leading={icon(social)} onClick={() => start(login, social)} />
          </ListRow>
        ))}
      </List>
      <LoginError login={login} />
    </div>
  )
}
