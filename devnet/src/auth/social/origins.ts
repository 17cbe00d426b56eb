/**
 * The project's allow-list of host origins, as the blockchain service publishes it
 * (`/projects/v1/origins`): an exact origin, or one whose port is `*` for any port.
 */

/** What the devnet project allows (the same list the devnet's `/projects/v1/origins` answers). */
export const DEVNET_ALLOWED_ORIGINS: readonly string[] = ['http://localhost', 'http://127.0.0.1', 'http://localhost:*', 'http://127.0.0.1:*']

export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  if (!URL.canParse(origin)) return false
  const parsed = new URL(origin)
  // An origin is scheme, host and port only: anything more is not an origin.
  if (parsed.origin !== origin) return false
  return patterns.some((pattern) => {
    const wildcard = /^(https?:\/\/[^/:]+):\*$/.exec(pattern)
    if (wildcard !== null) return `${parsed.protocol}//${parsed.hostname}` === wildcard[1]
    return pattern === origin
  })
}
