import type { InitialAccount } from '../../domain/connection/initial-account'

/** The cookie's name: the one `initialAccountFrom` reads (a test writes and reads it back). */
const ACCOUNT_COOKIE = 'walletgate_account'

/** The cookie's value for an account: `<address>[ <name>]`, URI-encoded. */
export function accountCookieValue(account: InitialAccount): string {
  return encodeURIComponent(account.profileName === undefined ? account.address : `${account.address} ${account.profileName}`)
}

/** How long the cookie outlives a visit: as long as a wallet's session is usually kept (30 days). */
const MAX_AGE_S = 30 * 24 * 60 * 60

/**
 * Keeps the connected account in the `walletgate_account` cookie for a server-rendered host (config
 * `ssr`), or deletes it (undefined). First-party, the whole site, `SameSite=Lax`, `Secure` on https.
 */
export function writeAccountCookie(account: InitialAccount | undefined): void {
  if (typeof document === 'undefined') return
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : ''
  document.cookie =
    account === undefined
      ? `${ACCOUNT_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`
      : `${ACCOUNT_COOKIE}=${accountCookieValue(account)}; Path=/; Max-Age=${MAX_AGE_S}; SameSite=Lax${secure}`
}
