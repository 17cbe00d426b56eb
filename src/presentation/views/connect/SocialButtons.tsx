import { useEffect, useState } from 'react'
import type { SocialLogin } from '../../../application/embedded-wallet/social-login'
import { useObservableState } from 'observable-hooks'
import { SocialLoginLoader } from '../../../application/embedded-wallet/social-token'
import { socialName } from '../../../domain/connect/social-login'
import type { SocialOption, SocialProvider } from '../../../domain/entities'
import { Button } from '../../components'
import { useService } from '../../di-context'
import { socialIconUrl } from './social-icons'
import { addEnglish, useI18n } from '../../i18n/i18n'
import { social as socialTexts } from '../../i18n/messages/social'
import type { MessageKey } from '../../i18n/catalogue'

// Its texts come with its chunk (../../i18n/english.ts).
addEnglish(socialTexts)

/** How many socials show as icons on Connect; "More" shows the rest. */
const ICONS_SHOWN = 3

/**
 * Four equal columns: three icons and More, then all seven in two rows, inside a 360 px phone's
 * sheet (seven in one row would run past its edge). Set here, in the buttons' own chunk, rather
 * than in the stylesheet the page loads before the modal opens.
 */
const ROW = { display: 'grid', gridTemplateColumns: `repeat(${ICONS_SHOWN + 1}, minmax(0, 1fr))` } as const

/**
 * The social connect method (its own chunk, drawn once the social login has loaded): the first
 * socials as icon buttons, "More" for the rest, and why the last login did not finish. A provider's
 * popup is opened here, blank and synchronously inside the click (a popup opened after an await is
 * blocked); the use case then sends it to the provider. Icons are the socials' marks as lazy `<img>`s
 * drawn in this chunk (social-icons.ts).
 */
export default function SocialButtons() {
  const load = useService(SocialLoginLoader)
  const [login, setLogin] = useState<SocialLogin | undefined>(() => load.peek())
  useEffect(() => {
    if (login === undefined) load().then(setLogin, () => undefined)
  }, [load, login])
  return login === undefined || login.offer.options.length === 0 ? null : <Buttons login={login} />
}

function Buttons({ login }: { login: SocialLogin }) {
  const { t } = useI18n()
  const state = useObservableState(login.state$, login.snapshot)
  const { options, popup } = login.offer
  const [all, setAll] = useState(options.length <= ICONS_SHOWN + 1)
  const click = (social: SocialOption) => {
    const opened = social !== 'farcaster' && popup ? window.open('', 'walletgate-social', 'popup,width=480,height=680') : null
    void (social === 'farcaster' ? login.startFarcaster() : login.start(social as SocialProvider, opened))
  }
  return (
    <div className="wg-email-form" data-testid="connect-method-social">
      <div className="wg-email-row" style={ROW}>
        {(all ? options : options.slice(0, ICONS_SHOWN)).map((social) => (
          <Button key={social} variant="secondary" data-testid={`social-${social}`} aria-label={t('social.continueWith', { name: socialName(social) })} onClick={() => click(social)}>
            <img className="wg-social-icon" src={socialIconUrl(social)} alt="" width={24} height={24} loading="lazy" decoding="async" />
          </Button>
        ))}
        {!all && (
          <Button variant="secondary" data-testid="social-more" onClick={() => setAll(true)}>
            {t('social.more')}
          </Button>
        )}
      </div>
      {state.error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="social-error">
          {t(state.error.code as MessageKey, state.error.params)}
        </p>
      )}
    </div>
  )
}
