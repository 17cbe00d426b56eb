/**
 * The account a server-rendered page draws before the modal has started in the browser: the host
 * reads it from the request's cookies (`initialAccountFrom`) and hands it to `<WalletModalProvider
 * initialAccount>`. The cookie is written by the modal in the browser when the host sets
 * `ssr: true`, and is the visitor's to change: everything in it is checked, and it only decides
 * what a button shows until the wallet reconnects (nothing is trusted, signed or sent from it).
 */

/** The cookie's name (written by src/infrastructure/storage/account-cookie.ts, kept apart so the page's script carries only this reader). */
const ACCOUNT_COOKIE = 'walletgate_account'

export interface InitialAccount {
  readonly address: string
  /** The account's name under the name service, when it had one. */
  readonly profileName?: string | undefined
}

const ADDRESS = /^[0-9A-Za-z]{20,120}$/
// A name as the name service writes them: labels of letters, digits and hyphens, dotted.
const NAME = /^[0-9a-z-]{1,63}(\.[0-9a-z-]{1,63}){1,4}$/

/**
 * The account in a `Cookie` request header (or `document.cookie`), or undefined when there is none
 * or it is malformed: an address of 20 to 120 letters and digits, and optionally a name.
 */
export function initialAccountFrom(cookieHeader: string | null | undefined): InitialAccount | undefined {
  if (typeof cookieHeader !== 'string' || cookieHeader.length > 8192) return undefined
  for (const part of cookieHeader.split(';')) {
    const [key, value] = part.trim().split('=', 2)
    if (key !== ACCOUNT_COOKIE || value === undefined) continue
    let text: string
    try {
      text = decodeURIComponent(value)
    } catch {
      return undefined
    }
    const [address = '', profileName, ...rest] = text.split(' ')
    if (rest.length > 0 || !ADDRESS.test(address)) return undefined
    if (profileName === undefined || profileName === '') return { address }
    return NAME.test(profileName) ? { address, profileName } : { address }
  }
  return undefined
}
