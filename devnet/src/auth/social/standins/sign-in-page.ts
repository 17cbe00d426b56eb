/**
 * What the hand-written social stand-ins (oauth2.ts, apple.ts) share on the person's side: the
 * sign-in page (the same look and forms as the OpenID Connect stand-ins' page in providers.ts),
 * what a choice on it means, and the pending authorization requests the page's forms point at.
 * A pending request lives server-side under a random interaction id in the form's action, so
 * nothing the browser posts back can change where the answer goes.
 */
import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import {
  FAULT_SERVER_ERROR,
  FAULT_WRONG_AUDIENCE,
  SOCIAL_PROVIDER_NAMES,
  identityForEmail,
  isWellFormedEmail,
  seededIdentities,
  type SocialIdentity,
  type SocialLoginProvider,
} from '../identities.js'
import { escapeHtml, page } from '../pages.js'

/** How long a sign-in page stays usable. */
export const INTERACTION_TTL_MS = 10 * 60_000

/** The one who "signs in" when a test picks the wrong-audience fault (as in providers.ts). */
const WRONG_AUDIENCE_IDENTITY: SocialIdentity = { sub: FAULT_WRONG_AUDIENCE, name: 'Token for another app', email: 'fault@devnet.test', username: 'fault' }

/** The sign-in page of one provider; every form posts to `action` (the interaction's URL). */
export function signInPage(provider: SocialLoginProvider, action: string, problem?: string): string {
  const button = (identity: string, label: string): string =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="identity" value="${escapeHtml(identity)}"><button type="submit">${escapeHtml(label)}</button></form>`
  const people = seededIdentities(provider)
    .map((i) => `<li>${button(i.sub, `Continue as ${i.name}`)} <small>${escapeHtml(i.email)}</small></li>`)
    .join('')
  return page(
    `Sign in with ${SOCIAL_PROVIDER_NAMES[provider]} (devnet)`,
    `${problem === undefined ? '' : `<p role="alert">${escapeHtml(problem)}</p>`}
<p>Walletgate (devnet) wants your name and email address.</p>
<ul>${people}</ul>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="identity" value="email"><label>Email <input type="email" name="email" required autocomplete="email"></label> <button type="submit">Continue with this email</button></form>
<p>${button('deny', 'Deny')}</p>
<details><summary>Devnet faults</summary>${button(FAULT_SERVER_ERROR, 'Make the provider fail')}${button(FAULT_WRONG_AUDIENCE, 'Issue a token for another app')}</details>`,
  )
}

export type SignInChoice =
  | { readonly kind: 'person'; readonly identity: SocialIdentity }
  | { readonly kind: 'deny' }
  | { readonly kind: 'server-error' }
  | { readonly kind: 'wrong-audience'; readonly identity: SocialIdentity }
  /** Nothing usable was posted: the page is shown again with this problem. */
  | { readonly kind: 'invalid'; readonly problem: string }

/** What a posted sign-in form asks for. */
export function readSignInChoice(provider: SocialLoginProvider, form: URLSearchParams): SignInChoice {
  const choice = form.get('identity') ?? ''
  if (choice === 'deny') return { kind: 'deny' }
  if (choice === FAULT_SERVER_ERROR) return { kind: 'server-error' }
  if (choice === FAULT_WRONG_AUDIENCE) return { kind: 'wrong-audience', identity: WRONG_AUDIENCE_IDENTITY }
  if (choice === 'email') {
    const email = form.get('email') ?? ''
    if (!isWellFormedEmail(email)) return { kind: 'invalid', problem: 'Enter a valid email address' }
    return { kind: 'person', identity: identityForEmail(provider, email) }
  }
  const seeded = seededIdentities(provider).find((i) => i.sub === choice)
  return seeded === undefined ? { kind: 'invalid', problem: 'Pick who signs in' } : { kind: 'person', identity: seeded }
}

/** Authorization requests waiting for the person's choice, each by a random id, for 10 minutes, taken once. */
export class PendingInteractions<T> {
  private readonly pending = new Map<string, { readonly request: T; readonly expiresAt: number }>()

  constructor(private readonly now: () => number) {}

  /** Keeps a request and answers its new interaction id. */
  open(request: T): string {
    const at = this.now()
    for (const [id, entry] of this.pending) if (entry.expiresAt <= at) this.pending.delete(id)
    const id = randomBytes(18).toString('base64url')
    this.pending.set(id, { request, expiresAt: at + INTERACTION_TTL_MS })
    return id
  }

  /** The request still waiting under this id, or undefined when unknown, taken or expired. */
  find(id: string): T | undefined {
    const entry = this.pending.get(id)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= this.now()) {
      this.pending.delete(id)
      return undefined
    }
    return entry.request
  }

  /** Ends the interaction: its forms answer an error page from now on. */
  close(id: string): void {
    this.pending.delete(id)
  }
}

export function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
  res.end(html)
}

/** A provider's error page: what went wrong, shown to the person instead of going back to the app. */
export function sendErrorPage(res: ServerResponse, provider: SocialLoginProvider, status: number, problem: string): void {
  sendHtml(res, status, page(`${SOCIAL_PROVIDER_NAMES[provider]} (devnet) could not sign you in`, `<p>${escapeHtml(problem)}. Start again from the app.</p>`))
}
