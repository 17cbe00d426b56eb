/**
 * The link that opens a wallet app with a WalletConnect pairing URI: the catalogue's
 * `mobile_link` (a custom scheme `foo://` or a universal link `https://…`) plus
 * `wc?uri=<encodeURIComponent(uri)>`.
 */

/** A deep link that leaves the page hidden within this time handed over to the wallet (Walletgate's choice). */
export const DEEP_LINK_HAND_OVER_MS = 2_500

/** Schemes a wallet link may never use: they run code or read local data in the page. */
const FORBIDDEN_SCHEMES = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem'])

/**
 * `https://wallet.example` -> `https://wallet.example/wc?uri=…`; `foo://` -> `foo://wc?uri=…`;
 * `foo://app` -> `foo://app/wc?uri=…`; a bare scheme `foo` or `foo:` -> `foo://wc?uri=…`.
 * Returns undefined for an empty link or a forbidden scheme (javascript:, data:, file: …).
 */
export function walletConnectDeepLink(link: string, uri: string): string | undefined {
  const trimmed = link.trim()
  if (trimmed === '') return undefined
  const param = `wc?uri=${encodeURIComponent(uri)}`
  const match = /^([a-z][a-z0-9+.-]*):(\/\/)?(.*)$/i.exec(trimmed)
  if (match === null) {
    // A bare scheme name ("foo", "foo/"): make it "foo://".
    const scheme = trimmed.replace(/[/:]+$/g, '')
    if (!/^[a-z][a-z0-9+.-]*$/i.test(scheme) || FORBIDDEN_SCHEMES.has(scheme.toLowerCase())) return undefined
    return `${scheme}://${param}`
  }
  const [, scheme = '', slashes, rest = ''] = match
  if (FORBIDDEN_SCHEMES.has(scheme.toLowerCase())) return undefined
  if (/^https?$/i.test(scheme)) {
    if (slashes === undefined || rest.replace(/\/+$/, '') === '') return undefined
    return `${scheme}://${rest.replace(/\/+$/, '')}/${param}`
  }
  const path = rest.replace(/\/+$/, '')
  return path === '' ? `${scheme}://${param}` : `${scheme}://${path}/${param}`
}

/** True for a universal link (a web URL the wallet app claims). */
export function isUniversalLink(link: string): boolean {
  return /^https?:\/\//i.test(link.trim())
}
