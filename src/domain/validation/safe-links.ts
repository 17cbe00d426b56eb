/**
 * Links the modal opens come from untrusted places (the wallet catalogue, a wallet's metadata), so
 * they pass an allow-list before any button offers them:
 * - a web link (a wallet's homepage or store page, a universal link that opens its app) is `https:`,
 *   or `http:` on this machine only (localhost, 127.0.0.1, [::1]: a local wallet or devnet);
 * - a native app link may also be a custom scheme: a letter, then letters, digits, `+`, `-`, `.`
 *   (RFC 3986), that is not one of the schemes that run code, read local data or reach the
 *   operating system (`javascript:`, `data:`, `file:`, `ms-msdt:`, `intent:`, ...).
 * A link with control characters or whitespace inside, user info (`https://wallet@evil`), or over
 * {@link MAX_LINK_LENGTH} is refused whole: nothing is repaired. Refused means undefined, and the
 * view shows no button for it.
 */

/** Longer links are refused (a catalogue link is a few hundred characters at most). */
export const MAX_LINK_LENGTH = 2_048

/**
 * Schemes a link may never use (any case): script, local-data, browser-internal and OS-handler
 * schemes; `ms-*` (ms-msdt, ms-officecmd, ...) as a prefix. One pattern: it ships before the modal
 * opens, where every byte counts. http and https follow the web rule instead.
 */
const DANGEROUS_SCHEME =
  /^(?:(?:java|live|vb)script|data|blob|file(?:system)?|about|intent|android-app|chrome(?:-[a-z]+)?|edge|microsoft-edge|opera|brave|moz-extension|resource|safari-extension|jar|view-source|res|mhtml|wyciwyg|search(?:-ms)?|shell|itms-services|smb|ftp|wss?|https?|ms-.*)$/i

/** RFC 3986 scheme syntax. */
const SCHEME = /^[a-z][a-z0-9+.-]*$/i

/**
 * Control characters, whitespace of every kind, zero-width and bidi format characters, BOM, soft
 * hyphen: written as escapes so the shipped script stays Latin-1.
 */
const INVISIBLE = /[\s\0-\x1f\x7f-\x9f\xad\u200b-\u200f\u2028-\u202f\u2060-\u206f\ufeff]/

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])

/** True when a custom scheme (without ':') may open a native app. */
export function isAllowedAppScheme(scheme: string): boolean {
  return SCHEME.test(scheme) && !DANGEROUS_SCHEME.test(scheme)
}

/**
 * The link with surrounding spaces removed, or undefined when it is not a string, is empty, too
 * long, or has a control character, whitespace or an invisible format character inside (browsers
 * drop some of them while parsing, which is how `java\tscript:` slips past naive checks).
 */
export function cleanLink(link: unknown): string | undefined {
  if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH) return undefined
  const trimmed = link.trim()
  return trimmed === '' || INVISIBLE.test(trimmed) ? undefined : trimmed
}

/** An `https:` link (or `http:` on this machine) as its normalised href, else undefined. */
export function safeWebLink(link: unknown): string | undefined {
  const cleaned = cleanLink(link)
  if (cleaned === undefined || !/^https?:\/\//i.test(cleaned)) return undefined
  let url: URL
  try {
    url = new URL(cleaned)
  } catch {
    return undefined
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '') return undefined
  if (url.protocol === 'https:') return url.href
  return url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname) ? url.href : undefined
}

/**
 * A link that opens a wallet app: a safe web link (a universal link), or a link in an allowed custom
 * scheme (`foo://`, `foo:`, or the bare scheme `foo`), returned trimmed. Else undefined.
 */
export function safeAppLink(link: unknown): string | undefined {
  const cleaned = cleanLink(link)
  if (cleaned === undefined) return undefined
  if (/^https?:/i.test(cleaned)) return safeWebLink(cleaned)
  const colon = cleaned.indexOf(':')
  const scheme = colon === -1 ? cleaned.replace(/\/+$/, '') : cleaned.slice(0, colon)
  return isAllowedAppScheme(scheme) ? cleaned : undefined
}
