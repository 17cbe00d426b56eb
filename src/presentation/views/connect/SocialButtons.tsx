import { useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import { of } from 'rxjs'
import { SocialLoginLoader } from '../../../application/embedded-wallet/tokens'
import { ModalStore } from '../../../application/modal-store'
import type { SocialOption, SocialProvider } from '../../../domain/entities'
import { useService } from '../../di-context'

const NOT_LOADED = of(undefined)

/** How many socials show as icons on Connect; the rest are behind "More" (ConnectSocials). */
export const SOCIAL_ICONS_SHOWN = 3

export const SOCIAL_NAMES: Record<SocialOption, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}

/**
 * What a click on a social does. A provider's popup is opened here, blank and synchronously inside
 * the click (a popup opened after an await is blocked); the use case sends it to the provider.
 */
export function useSocialClick(popup: boolean): (social: SocialOption) => void {
  const load = useService(SocialLoginLoader)
  // Loaded while Connect shows, long before a person clicks.
  useEffect(() => void load().catch(() => undefined), [load])
  return (social) => {
    const opened = social !== 'farcaster' && popup ? window.open('', 'walletgate-social', 'popup,width=480,height=680') : null
    void load().then(
      (login) => (social === 'farcaster' ? login.startFarcaster() : login.start(social as SocialProvider, opened)),
      () => opened?.close(),
    )
  }
}

/** The social connect method: the first socials as icon buttons, "More" for the rest, and why the last login did not finish. */
export function SocialButtons({ socials, popup }: { socials: readonly SocialOption[]; popup: boolean }) {
  const modal = useService(ModalStore)
  const load = useService(SocialLoginLoader)
  const login = load.peek()
  const state = useObservableState(login?.state$ ?? NOT_LOADED, login?.snapshot)
  const click = useSocialClick(popup)
  const shown = socials.length > SOCIAL_ICONS_SHOWN + 1 ? socials.slice(0, SOCIAL_ICONS_SHOWN) : socials
  return (
    <div className="wg-socials" data-testid="connect-method-social">
      <div className="wg-social-row">
        {shown.map((social) => (
          <SocialIcon key={social} social={social} onClick={() => click(social)} />
        ))}
        {shown.length < socials.length && (
          <button type="button" className="wg-social" data-testid="social-more" onClick={() => modal.push('ConnectSocials')}>
            More
          </button>
        )}
      </div>
      {state?.error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="social-error">
          {state.error}
        </p>
      )}
    </div>
  )
}

/** A social's button: its initial as the icon (no icon set loads before the modal opens). */
export function SocialIcon({ social, onClick, wide }: { social: SocialOption; onClick: () => void; wide?: boolean }) {
  const name = SOCIAL_NAMES[social]
  return (
    <button type="button" className="wg-social" data-testid={`social-${social}`} aria-label={wide ? undefined : `Continue with ${name}`} onClick={onClick}>
      <span className={`wg-social-icon wg-social-${social}`} aria-hidden="true">
        {name[0]}
      </span>
      {wide && `Continue with ${name}`}
    </button>
  )
}
