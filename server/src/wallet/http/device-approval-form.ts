/**
 * The emailed device-approval link opens a page with a button; only the button's POST approves
 * (a mail scanner's GET approves nothing). The POST is bound to the browser that showed the page:
 * the page sets a random nonce in a SameSite=Strict, HttpOnly cookie and puts a random form token
 * in its form; the service keeps, under that form token, hashes of the nonce and of the link's
 * token (the server's one-time store, so the replica that takes the POST need not be the one that
 * showed the page), and a POST counts once, with that cookie, for that link. Another site can
 * neither read the form nor send the cookie, and the server also refuses a POST whose Origin is
 * not its own.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { OneTimeStore } from '../login/one-time-values.js'

export const DEVICE_APPROVAL_COOKIE = 'wg_device_approval'
/** How long the page's form may be sent (the cookie lives as long). */
const FORM_LIFETIME_MS = 60 * 60_000

type KeptForm = { readonly nonce: string; readonly link: string }

const hash = (value: string): Buffer => createHash('sha256').update(value).digest()

export class DeviceApprovalForm {
  constructor(private readonly store: OneTimeStore) {}

  /** A nonce for the cookie and a form token, kept bound to both it and `linkToken`. */
  async issue(linkToken: string): Promise<{ nonce: string; formToken: string }> {
    const nonce = randomBytes(18).toString('base64url')
    const formToken = randomBytes(24).toString('base64url')
    await this.store.put('device-approval-form', formToken, { nonce: hash(nonce).toString('base64'), link: hash(linkToken).toString('base64') }, FORM_LIFETIME_MS)
    return { nonce, formToken }
  }

  /** Whether `formToken` was issued for this `nonce` (from the cookie) and `linkToken`; a form token counts once. */
  async verify(linkToken: string, nonce: string | undefined, formToken: string | undefined): Promise<boolean> {
    if (nonce === undefined || nonce === '' || formToken === undefined || formToken === '') return false
    const kept = await this.store.take<KeptForm>('device-approval-form', formToken)
    if (kept === undefined) return false
    return timingSafeEqual(hash(nonce), Buffer.from(kept.nonce, 'base64')) && timingSafeEqual(hash(linkToken), Buffer.from(kept.link, 'base64'))
  }

  /** The cookie header value that carries `nonce` back to the form's POST only. */
  cookie(nonce: string, path: string, secure: boolean): string {
    return `${DEVICE_APPROVAL_COOKIE}=${nonce}; Path=${path}; HttpOnly; SameSite=Strict; Max-Age=${FORM_LIFETIME_MS / 1000}${secure ? '; Secure' : ''}`
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
