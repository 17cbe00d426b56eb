/**
 * Whether `origin` is on a project's allow-list (`/projects/v1/origins`). A pattern is an exact
 * origin (`https://app.example`), an origin on any port (`http://127.0.0.1:*`), or any subdomain
 * (`https://*.example.com`, which does not match `https://example.com` itself). An empty list
 * matches nothing here; whether an empty list restricts at all is the caller's rule.
 */
export function originAllowed(origin: string, patterns: readonly string[]): boolean {
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (parsed.origin !== origin) return false
  return patterns.some((pattern) => {
    const match = /^(https?):\/\/([^/:]+)(?::(\d+|\*))?$/.exec(pattern.trim())
    if (match === null) return false
    const [, scheme, host, port] = match
    if (`${scheme}:` !== parsed.protocol) return false
    const hostOk = host!.startsWith('*.') ? parsed.hostname.endsWith(host!.slice(1)) && parsed.hostname.length > host!.length - 1 : parsed.hostname === host
    if (!hostOk) return false
    if (port === '*') return true
    return parsed.port === (port ?? '')
  })
}
