/**
 * A deny-list the host serves as a file (an http(s) URL among the config's `denyList`): the addresses its Send review warns about.
 * The file is someone else's text, read as untrusted: at most {@link MAX_DENY_LIST_BYTES} bytes,
 * JSON, either an array of addresses or `{ "addresses": [...] }`, at most
 * {@link MAX_DENY_LIST_ENTRIES} entries, each an address-shaped token (letters, digits and
 * `:._-`, at most 128 characters). Anything else refuses the whole file: a list half read would
 * warn about some receivers and silently not about others.
 */

export const MAX_DENY_LIST_BYTES = 512 * 1024
export const MAX_DENY_LIST_ENTRIES = 10_000
const ADDRESS_TOKEN = /^[0-9A-Za-z:._-]{1,128}$/

/** The file's addresses, trimmed and de-duplicated (any case kept: the rule compares without case), or undefined when it is not a valid list. */
export function parseDenyList(json: unknown): readonly string[] | undefined {
  const list = Array.isArray(json) ? json : typeof json === 'object' && json !== null && Array.isArray((json as { addresses?: unknown }).addresses) ? (json as { addresses: unknown[] }).addresses : undefined
  if (list === undefined || list.length > MAX_DENY_LIST_ENTRIES) return undefined
  const addresses = new Set<string>()
  for (const entry of list) {
    if (typeof entry !== 'string') return undefined
    const address = entry.trim()
    if (!ADDRESS_TOKEN.test(address)) return undefined
    addresses.add(address)
  }
  return [...addresses]
}

/** At most this many files are read (a config naming more is cut there). */
export const MAX_DENY_LIST_FILES = 4

/** The config's `denyList` split into the addresses it names and the files (http(s) URLs) it points at. */
export function denyListParts(entries: readonly string[]): { readonly addresses: readonly string[]; readonly files: readonly string[] } {
  const isFile = (entry: string) => /^https?:\/\//i.test(entry.trim())
  return { addresses: entries.filter((e) => !isFile(e)), files: entries.filter(isFile).map((e) => e.trim()).slice(0, MAX_DENY_LIST_FILES) }
}
