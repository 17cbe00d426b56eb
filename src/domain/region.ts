/**
 * Time zones in which buying and swapping are restricted (the spec's list, section 9). Kept out of
 * ./constants.ts, which the page loads: only the account's part, loaded on demand, reads it.
 */
export const RESTRICTED_TIMEZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Macau',
  'Asia/Macao',
  'Asia/Hong_Kong',
]

/**
 * Where buying and swapping are not offered: the visitor's IANA time zone on the restricted list
 * (spec section 9's list by default, RESTRICTED_TIMEZONES; a host sets its own with
 * `restrictedTimezones`). An unknown time zone is not restricted: the browser did not say.
 */
export function isRestrictedTimeZone(timeZone: string | undefined, restricted: readonly string[]): boolean {
  return timeZone !== undefined && restricted.includes(timeZone)
}
