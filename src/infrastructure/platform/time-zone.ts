/** The visitor's IANA time zone as the browser reports it (`Asia/Shanghai`); undefined when it does not. */
export function visitorTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone
    return typeof zone === 'string' && zone !== '' ? zone : undefined
  } catch {
    return undefined
  }
}
