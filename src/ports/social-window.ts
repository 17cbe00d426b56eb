import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'

/**
 * What a social provider's callback hands the modal: a one-time ticket the wallet frame redeems, or
 * why there is none (`access_denied`, `server_error`, `invalid_token`, ...).
 */
export type SocialCallback = { readonly ticket: string } | { readonly error: string }

/**
 * The sign-in window the click opened, blank until the provider's URL is known (a `Window`
 * satisfies it). Opened synchronously inside the click, so popup blockers let it through.
 */
export interface SocialPopup {
  readonly closed: boolean
  close(): void
  readonly location: { href: string }
}

/** The page's side of a social login: the popup's answer and the full-page redirect. */
export interface SocialWindows {
  /**
   * The callbacks posted to this page by the provider's callback page at `origin`, with the
   * protocol's shape (`{ type: 'walletgate:social', ticket | error }`); messages from any other
   * origin or of any other shape are dropped. Never errors.
   */
  callbacks(origin: string): Observable<SocialCallback>
  /** The page's URL without a social marker: where the redirect path comes back to. */
  currentUrl(): string
  /** Sends the whole page to `url` (the redirect path). */
  navigate(url: string): void
  /**
   * The redirect path's answer when this page load came back from the provider
   * (`#walletgate_social=<ticket>` or `#walletgate_social_error=<code>`), removed from the address
   * bar with `history.replaceState`; undefined otherwise. MUST answer once per page load.
   */
  takeReturn(): SocialCallback | undefined
}
export const SocialWindows = Symbol('SocialWindows') as ServiceIdentifier<SocialWindows>
