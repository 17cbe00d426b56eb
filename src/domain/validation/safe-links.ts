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
 * Schemes a link may never use, lower case. `ms-*` (ms-msdt, ms-officecmd, ...) is refused as a
 * prefix. Browser-internal, script, local-file and OS-handler schemes.
 */
export const DANGEROUS_SCHEMES: ReadonlySet<string> = new Set([
  'javascript',
  'livescript',
  'vbscript',
  'data',
  'blob',
  'file',
  'filesystem',
  'about',
  'intent',
  'android-app',
  'chrome',
  'chrome-extension',
  'chrome-search',
  'chrome-untrusted',
  'edge',
  'microsoft-edge',
  'opera',
  'brave',
  'moz-extension',
  'resource',
  'safari-extension',
  'jar',
  'view-source',
  'res',
  'mhtml',
  'wyciwyg',
  'search',
  'search-ms',
  'shell',
  'itms-services',
  'smb',
  'ftp',
  'ws',
  'wss',
])

/** Web schemes follow the web rule (https, http on this machine), never the custom-scheme one. */
const WEB_SCHEMES: ReadonlySet<string> = new Set(['http', 'https'])

const DANGEROUS_PREFIXES: readonly string[] = ['ms-']

/** RFC 3986 scheme syntax. */
const SCHEME = /^[a-z][a-z0-9+.-]*$/i

const LOCAL_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]'])

/** True when a custom scheme (without ':') may open a native app. */
export function isAllowedAppScheme(scheme: string): boolean {
  if (!SCHEME.test(scheme)) return false
  const lower = scheme.toLowerCase()
  return !WEB_SCHEMES.has(lower) && !DANGEROUS_SCHEMES.has(lower) && !DANGEROUS_PREFIXES.some((prefix) => lower.startsWith(prefix))
}

/**
 * The link with surrounding spaces removed, or undefined when it is not a string, is empty, too
 * long, or has a control character, whitespace or an invisible format character inside (browsers
 * drop some of them while parsing, which is how `java\tscript:` slips past naive checks).
 */
export function cleanLink(link: unknown): string | undefined {
  if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH) return undefined
  const trimmed = link.trim()
  if (trimmed === '') return undefined
  for (const char of trimmed) {
    if (isInvisible(char.codePointAt(0) ?? 0)) return undefined
  }
  return trimmed
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

/** C0 and C1 controls, spaces of every kind, zero-width and bidi format characters, BOM, soft hyphen. */
function isInvisible(code: number): boolean {
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0xad ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200f) ||
    (code >= 0x2028 && code <= 0x202f) ||
    (code >= 0x205f && code <= 0x206f) ||
    code === 0x3000 ||
    code === 0xfeff
  )
}
