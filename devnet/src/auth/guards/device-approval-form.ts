/**
 * The emailed device-approval link opens a page with a button; only the button's POST approves
 * (a mail scanner's GET approves nothing). The POST is bound to the browser that showed the page:
 * the page sets a random nonce in a SameSite=Strict, HttpOnly cookie and puts in its form a token
 * that is an HMAC of that nonce and the link's token, under a key of this process. Another site
 * can neither read the form nor send the cookie, and the server also refuses a POST whose Origin
 * is not its own.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

export const DEVICE_APPROVAL_COOKIE = 'wg_device_approval'

export class DeviceApprovalForm {
  private readonly key: Buffer

  constructor(key: Uint8Array = randomBytes(32)) {
    this.key = Buffer.from(key)
  }

  /** A nonce for the cookie and the form token bound to it and to `linkToken`. */
  issue(linkToken: string): { nonce: string; formToken: string } {
    const nonce = randomBytes(18).toString('base64url')
    return { nonce, formToken: this.tokenFor(nonce, linkToken) }
  }

  /** Whether `formToken` was issued for this `nonce` (from the cookie) and `linkToken`. */
  verify(linkToken: string, nonce: string | undefined, formToken: string | undefined): boolean {
    if (nonce === undefined || nonce === '' || formToken === undefined) return false
    const expected = Buffer.from(this.tokenFor(nonce, linkToken))
    const given = Buffer.from(formToken)
    return given.length === expected.length && timingSafeEqual(given, expected)
  }

  /** The cookie header value that carries `nonce` back to the form's POST only. */
  cookie(nonce: string, path: string, secure: boolean): string {
    return `${DEVICE_APPROVAL_COOKIE}=${nonce}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=3600${secure ? '; Secure' : ''}`
  }

  private tokenFor(nonce: string, linkToken: string): string {
    return createHmac('sha256', this.key).update(`${nonce}\n${linkToken}`).digest('base64url')
  }
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) return rest.join('=')
  }
  return undefined
}
