import { useEffect, useState } from 'react'
import { useObservableState } from 'observable-hooks'
import { of } from 'rxjs'
import { SocialLoginLoader } from '../../../application/embedded-wallet/social-token'
import { socialName } from '../../../domain/connect/social-login'
import type { SocialOption, SocialProvider } from '../../../domain/entities'
import { Button } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

const NOT_LOADED = of(undefined)

/** How many socials show as icons on Connect; "More" shows the rest. */
const ICONS_SHOWN = 3

/**
 * The social connect method: the first socials as icon buttons, "More" for the rest, and why the
 * last login did not finish. A provider's popup is opened here, blank and synchronously inside the
 * click (a popup opened after an await is blocked); the use case then sends it to the provider.
 * Icons are the socials' initials: no icon set loads before the modal opens.
 */
export function SocialButtons({ socials, popup }: { socials: readonly SocialOption[]; popup: boolean }) {
  const load = useService(SocialLoginLoader)
  const { t, known } = useI18n()
  const login = load.peek()
  const state = useObservableState(login?.state$ ?? NOT_LOADED, login?.snapshot)
  const [all, setAll] = useState(socials.length <= ICONS_SHOWN + 1)
  // Loaded while Connect shows, long before a person clicks.
  useEffect(() => void load().catch(() => undefined), [load])
  const click = (social: SocialOption) => {
    const opened = social !== 'farcaster' && popup ? window.open('', 'walletgate-social', 'popup,width=480,height=680') : null
    void load().then(
      (loaded) => (social === 'farcaster' ? loaded.startFarcaster() : loaded.start(social as SocialProvider, opened)),
      () => opened?.close(),
    )
  }
  return (
    <div className="wg-email-form" data-testid="connect-method-social">
      <div className="wg-email-row">
        {(all ? socials : socials.slice(0, ICONS_SHOWN)).map((social) => (
          <Button key={social} variant="secondary" data-testid={`social-${social}`} aria-label={t('social.continueWith', { name: socialName(social) })} onClick={() => click(social)}>
            {social === 'github' ? 'GH' : socialName(social)[0]}
          </Button>
        ))}
        {!all && (
          <Button variant="secondary" data-testid="social-more" onClick={() => setAll(true)}>
            {t('social.more')}
          </Button>
        )}
      </div>
      {state?.error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="social-error">
          {known(state.error)}
        </p>
      )}
    </div>
  )
}
