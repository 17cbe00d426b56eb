/**
 * The link that opens a wallet app with a WalletConnect pairing URI: the catalogue's
 * `mobile_link` (a custom scheme `foo://` or a universal link `https://…`) plus
 * `wc?uri=<encodeURIComponent(uri)>`. The catalogue's link passes the allow-list of
 * validation/safe-links first, and so does the link built from it.
 */
import { cleanLink, isAllowedAppScheme, safeAppLink, safeWebLink } from '../validation/safe-links'

/** A deep link that leaves the page hidden within this time handed over to the wallet (Walletgate's choice). */
export const DEEP_LINK_HAND_OVER_MS = 2_500

/**
 * `https://wallet.example` -> `https://wallet.example/wc?uri=…`; `foo://` -> `foo://wc?uri=…`;
 * `foo://app` -> `foo://app/wc?uri=…`; a bare scheme `foo` or `foo:` -> `foo://wc?uri=…`.
 * Returns undefined for an empty link or one the allow-list refuses (javascript:, ms-msdt:,
 * intent:, http: off this machine …).
 */
export function walletConnectDeepLink(link: string, uri: string): string | undefined {
  const trimmed = cleanLink(link)
  if (trimmed === undefined) return undefined
  const built = deepLinkOf(trimmed, `wc?uri=${encodeURIComponent(uri)}`)
  // The built link passes the allow-list too (a last guard), and is handed out as built.
  return safeAppLink(built) === undefined ? undefined : built
}

function deepLinkOf(trimmed: string, param: string): string | undefined {
  const match = /^([a-z][a-z0-9+.-]*):(\/\/)?(.*)$/i.exec(trimmed)
  if (match === null) {
    // A bare scheme name ("foo", "foo/"): make it "foo://".
    const scheme = trimmed.replace(/[/:]+$/g, '')
    return isAllowedAppScheme(scheme) ? `${scheme}://${param}` : undefined
  }
  const [, scheme = '', slashes, rest = ''] = match
  if (/^https?$/i.test(scheme)) {
    if (slashes === undefined || safeWebLink(trimmed) === undefined || rest.replace(/\/+$/, '') === '') return undefined
    return `${scheme}://${rest.replace(/\/+$/, '')}/${param}`
  }
  if (!isAllowedAppScheme(scheme)) return undefined
  const path = rest.replace(/\/+$/, '')
  return path === '' ? `${scheme}://${param}` : `${scheme}://${path}/${param}`
}

/** True for a universal link (a web URL the wallet app claims). */
export function isUniversalLink(link: string): boolean {
  return safeWebLink(link) !== undefined
}
