/**
 * Social login on the wallet origin (a WalletPlugin): the origin starts the flow for a project's
 * allowed host origin (state, nonce and the PKCE verifier wait in the server's database, where any
 * replica finds them: OneTimeValues), takes the provider's answer at `/social/callback` (a query,
 * or Apple's form POST), has it checked by ./social-clients and hands the host a one-time ticket,
 * which the embedded wallet redeems for a session. The ticket is bound to the browser that started
 * the flow: the wallet frame starts it with a random binding value it keeps in that tab, and only
 * that value redeems the ticket, so a callback link taken from one browser signs no one in in
 * another (login CSRF). The session is made for the app (project and host origin) the frame names.
 *
 *   GET  /v1/social/{provider}/start?origin=&mode=popup|redirect&returnUrl=&binding=[&projectId=] -> { url }
 *   GET  /social/callback?code=&state=&iss= | ?error=&state=   -> popup page | 302 returnUrl#walletgate_social=
 *   POST /social/callback  code, state[, user] (form_post)     -> the same
 *   POST /v1/social/redeem { ticket, binding }                  -> { token, expiresAt, user }
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AuthSession, AuthUser, SignInIdentity } from '../accounts.js'
import { cookieValue } from '../../http/device-approval-form.js'
import { requestApp } from '../../http/frame-app.js'
import { escapeHtml } from '../../mail.js'
import { WalletHttpError, jsonObjectBody, walletPage, type WalletContext, type WalletPlugin } from '../../wallet-server.js'
import { isSocialProvider, SOCIAL_PROVIDER_NAMES, type SocialProvider, type SocialSettings } from './provider-settings.js'
import { ProviderRefusal, SocialClients, UnverifiedAnswer, type FlowChecks } from './social-clients.js'

/** A started sign-in waits this long for the provider's answer. */
export const SOCIAL_FLOW_LIFETIME_MS = 10 * 60_000
/** A login ticket must be redeemed within this time, once. */
export const SOCIAL_TICKET_LIFETIME_MS = 60_000
/** The message type the popup posts to the host page. */
export const SOCIAL_MESSAGE_TYPE = 'walletgate:social'
/** The fragment keys of the redirect path. */
export const SOCIAL_TICKET_FRAGMENT = 'walletgate_social'
export const SOCIAL_ERROR_FRAGMENT = 'walletgate_social_error'
/** Where every provider sends its answer. */
export const SOCIAL_CALLBACK_PATH = '/social/callback'

/** What the host learns when a sign-in did not complete. */
export type SocialLoginErrorCode = 'access_denied' | 'server_error' | 'invalid_token'

export const SOCIAL_MESSAGES = {
  invalidProvider: 'Invalid social provider',
  originNotAllowed: 'This site is not allowed to sign in with this project',
  badMode: 'The sign-in mode must be popup or redirect',
  badReturnUrl: 'The return address must be a page of the site that asks to sign in',
  invalidTicket: 'This sign-in has expired; start again',
  badBinding: 'A sign-in must be started by the wallet of the browser that finishes it',
  otherBrowser: 'This sign-in was started in another browser, so you are not signed in; start again here',
} as const

/** A flow's binding: the random value the starting browser keeps (the wallet frame sends 32 hex digits). */
const BINDING = /^[A-Za-z0-9_-]{16,128}$/

export interface SocialLoginOptions {
  /** The providers, read when first needed. */
  settings(): SocialSettings
  /** Whether `origin` may start a sign-in (for the project it names, when it names one). */
  hostAllowed(origin: string, projectId: string | undefined): Promise<boolean>
}

// Kept in the database between steps (OneTimeValues), so any replica takes the next one.
type PendingFlow = {
  readonly provider: SocialProvider
  readonly origin: string
  readonly mode: 'popup' | 'redirect'
  readonly returnUrl?: string
  readonly nonce: string
  readonly verifier: string
  /** SHA-256 (base64) of the starting browser's binding value (the value itself is never kept). */
  readonly binding: string
}

type Ticket = {
  readonly identity: { readonly key: string; readonly socialProvider: string; readonly email?: string; readonly userName?: string }
  /** The flow's binding hash: only the browser that started the flow redeems the ticket. */
  readonly binding: string
}

const random = (bytes = 24): string => randomBytes(bytes).toString('base64url')
/** The cookie that keeps a social flow's binding for the app that started it (one per app). */
const bindingCookieName = (app: string | undefined): string => `wg_social_binding_${createHash('sha256').update(app ?? '').digest('hex').slice(0, 16)}`
const bindingCookie = (app: string | undefined, binding: string, lifetimeMs: number): string =>
  `${bindingCookieName(app)}=${binding}; Path=/v1/social/; HttpOnly; Secure; SameSite=None; Partitioned; Max-Age=${Math.floor(lifetimeMs / 1000)}`
const bindingHash = (binding: string): string => createHash('sha256').update(binding).digest('base64')
/** A value inside an inline script: JSON with `<` escaped, so no string can close the script. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029')

/**
 * A session for an identity a provider proved (social or Farcaster), for the app that asked: the
 * same identity is always the same wallet; a new wallet is ready (funded on the devnet) first.
 */
export async function identitySession(context: WalletContext, identity: SignInIdentity, app: string | undefined): Promise<{ json: unknown; cookie: string }> {
  const { user, session: opened, created } = await context.accounts.signInIdentity(identity)
  // The session is the app's that redeemed the ticket, and no other app's.
  const session = await context.accounts.forApp(opened, app)
  await context.walletReady(user, created)
  return { json: await sessionJson(context, user, session), cookie: context.sessionCookie(app, session.token, session.expiresAt - context.clock.now()) }
}

const sessionJson = async (context: WalletContext, user: AuthUser, session: AuthSession) => ({
  token: session.token,
  expiresAt: new Date(session.expiresAt).toISOString(),
  user: await context.userJson(user),
})

export function socialLogin(options: SocialLoginOptions): WalletPlugin {
  const nameOf = (provider: SocialProvider): string => SOCIAL_PROVIDER_NAMES[provider]
  return {
    routes(app: FastifyInstance, context: WalletContext) {
      const clients = new SocialClients(() => options.settings(), () => `${new URL(context.walletUrl()).origin}${SOCIAL_CALLBACK_PATH}`)
      const oneTime = context.oneTime
      const appOf = (req: FastifyRequest): string | undefined => requestApp(req.headers)

      /** The callback's pages: nothing but their own inline script runs, and no site may frame them. */
      const callbackPage = (reply: FastifyReply, status: number, title: string, body: string, script?: string): FastifyReply => {
        const nonce = random(16)
        return reply
          .code(status)
          .headers({
            'cache-control': 'no-store',
            'content-security-policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`,
            'x-frame-options': 'DENY',
            'referrer-policy': 'no-referrer',
          })
          .type('text/html; charset=utf-8')
          .send(walletPage(title, `${body}${script === undefined ? '' : `<script nonce="${nonce}">${script}</script>`}`))
      }

      /** Hands the outcome to the host: a message to the opener (popup) or a fragment on its page (redirect). */
      const deliver = (reply: FastifyReply, flow: PendingFlow, outcome: { ticket: string } | { error: SocialLoginErrorCode }, problem?: string): FastifyReply => {
        if (flow.mode === 'redirect') {
          const target = new URL(flow.returnUrl!)
          target.hash = 'ticket' in outcome ? `${SOCIAL_TICKET_FRAGMENT}=${outcome.ticket}` : `${SOCIAL_ERROR_FRAGMENT}=${outcome.error}`
          return reply.code(302).headers({ location: target.href, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).send()
        }
        const name = nameOf(flow.provider)
        const message = { type: SOCIAL_MESSAGE_TYPE, ...outcome }
        const words = 'ticket' in outcome ? `You are signed in with ${name}. This window closes by itself.` : (problem ?? 'You are not signed in. This window closes by itself.')
        // The ticket goes to the exact origin that started the sign-in, never to '*'.
        const script = `(function(){var o=window.opener;if(o){o.postMessage(${scriptJson(message)},${scriptJson(flow.origin)});}window.close();})()`
        // A refusal is still an answer delivered: the page itself is fine (an error status would only log a console error in the popup).
        return callbackPage(reply, 200, name, `<p>${escapeHtml(words)}</p>`, script)
      }

      const callback = async (req: FastifyRequest, reply: FastifyReply, params: URLSearchParams): Promise<FastifyReply> => {
        const state = params.get('state') ?? ''
        // Taken once: a second callback with the same state, on any replica, finds nothing.
        const flow = state === '' ? undefined : await oneTime.take<PendingFlow>('social-flow', state)
        if (flow === undefined) {
          return callbackPage(reply, 400, 'Sign-in not completed', '<p>This sign-in did not start here or has expired, so you are not signed in. Close this window and start again from the app.</p>')
        }
        const name = nameOf(flow.provider)
        const checks: FlowChecks = { state, nonce: flow.nonce, verifier: flow.verifier }
        try {
          const profile = await clients.finish(flow.provider, params, checks)
          const ticket = random(32)
          const identity: Ticket['identity'] = {
            key: `${flow.provider}:${profile.sub}`,
            socialProvider: flow.provider,
            ...(profile.email === undefined ? {} : { email: profile.email }),
            ...(profile.userName === undefined ? {} : { userName: profile.userName }),
          }
          await oneTime.put('social-ticket', ticket, { identity, binding: flow.binding }, SOCIAL_TICKET_LIFETIME_MS)
          return deliver(reply, flow, { ticket })
        } catch (error) {
          if (error instanceof ProviderRefusal) {
            const words = error.code === 'access_denied' ? `You did not allow the sign-in with ${name}.` : `${name} could not sign you in.`
            return deliver(reply, flow, { error: error.code }, `${words} You are not signed in.`)
          }
          if (error instanceof UnverifiedAnswer) {
            req.log.warn({ provider: flow.provider, reason: error.message }, 'social answer refused')
            return deliver(reply, flow, { error: 'invalid_token' }, `The answer from ${name} could not be verified, so you are not signed in.`)
          }
          // The callback is a page a person sees: plain words, no stack or URL.
          req.log.error({ provider: flow.provider, err: error }, 'social provider unreachable')
          return callbackPage(reply, 502, 'Sign-in not completed', `<p>${escapeHtml(name)} could not be reached, so you are not signed in. Close this window and start again from the app.</p>`)
        }
      }

      /** A ticket spent by the browser that started its flow: its identity; anything else is refused (and the ticket is spent either way). */
      const redeemTicket = async (key: string, binding: unknown): Promise<SignInIdentity> => {
        const ticket = key === '' || key.length > 128 ? undefined : await oneTime.take<Ticket>('social-ticket', key)
        if (ticket === undefined) throw new WalletHttpError(400, SOCIAL_MESSAGES.invalidTicket)
        const presented = typeof binding === 'string' && BINDING.test(binding) ? Buffer.from(bindingHash(binding), 'base64') : undefined
        if (presented === undefined || !timingSafeEqual(presented, Buffer.from(ticket.binding, 'base64'))) throw new WalletHttpError(400, SOCIAL_MESSAGES.otherBrowser)
        return ticket.identity
      }

      app.get<{ Params: { provider: string } }>('/v1/social/:provider/start', async (req, reply) => {
        const provider = req.params.provider
        if (!isSocialProvider(provider) || !clients.has(provider)) throw new WalletHttpError(400, SOCIAL_MESSAGES.invalidProvider)
        const query = new URL(req.url, 'http://wallet').searchParams
        const origin = query.get('origin') ?? ''
        const app = appOf(req)
        // The project: the frame's app names it; a host page's request says it in `projectId`.
        const projectId = app?.split(' ')[0] ?? query.get('projectId') ?? undefined
        const parsedOrigin = URL.canParse(origin) ? new URL(origin) : undefined
        if (parsedOrigin === undefined || parsedOrigin.origin !== origin || !(await options.hostAllowed(origin, projectId))) {
          throw new WalletHttpError(403, SOCIAL_MESSAGES.originNotAllowed)
        }
        const mode = query.get('mode') ?? 'popup'
        if (mode !== 'popup' && mode !== 'redirect') throw new WalletHttpError(400, SOCIAL_MESSAGES.badMode)
        let returnUrl: string | undefined
        if (mode === 'redirect') {
          const raw = query.get('returnUrl') ?? ''
          const parsed = URL.canParse(raw) ? new URL(raw) : undefined
          if (parsed === undefined || parsed.origin !== origin) throw new WalletHttpError(400, SOCIAL_MESSAGES.badReturnUrl)
          returnUrl = parsed.href
        }
        // Without a binding the ticket would be a bearer token anyone could be handed (login CSRF).
        const binding = query.get('binding') ?? ''
        if (!BINDING.test(binding)) throw new WalletHttpError(400, SOCIAL_MESSAGES.badBinding)
        const checks: FlowChecks = { state: random(), nonce: random(), verifier: random(32) }
        const url = await clients.authorizationUrl(provider, checks).catch((error: unknown) => {
          req.log.error({ provider, err: error }, 'social provider discovery failed')
          throw new WalletHttpError(502, `${nameOf(provider)} sign-in is not available right now`)
        })
        const flow: PendingFlow = { provider, origin, mode, ...(returnUrl === undefined ? {} : { returnUrl }), nonce: checks.nonce, verifier: checks.verifier, binding: bindingHash(binding) }
        await oneTime.put('social-flow', checks.state, flow, SOCIAL_FLOW_LIFETIME_MS)
        // The binding also as a cookie of this origin for the app (partitioned by the host's site,
        // HttpOnly): where the browser refuses the frame storage, the frame's page after a redirect
        // has lost the value, and the service finds it here on the frame's own request.
        // Only for the frame's own request: a host page starting a flow must not replace the frame's binding.
        if (req.headers['sec-fetch-site'] === 'same-origin') void reply.header('set-cookie', bindingCookie(app, binding, SOCIAL_FLOW_LIFETIME_MS))
        return { url: url.href }
      })

      app.get(SOCIAL_CALLBACK_PATH, async (req, reply) => callback(req, reply, new URL(req.url, 'http://wallet').searchParams))
      // Apple answers by a form POST from its own page (a cross-site navigation: no cookie is needed, the state is the key).
      app.post(SOCIAL_CALLBACK_PATH, async (req, reply) => {
        const type = req.headers['content-type'] ?? ''
        const params = type.startsWith('application/x-www-form-urlencoded') && typeof req.body === 'string' ? new URLSearchParams(req.body) : new URLSearchParams()
        return callback(req, reply, params)
      })

      app.post('/v1/social/redeem', async (req, reply) => {
        const body = jsonObjectBody(req.body)
        const app = appOf(req)
        // The frame's own request may leave the binding to the cookie its flow set (never another page's request).
        const kept = req.headers['sec-fetch-site'] === 'same-origin' ? cookieValue(req.headers.cookie, bindingCookieName(app)) : undefined
        const identity = await redeemTicket(typeof body.ticket === 'string' ? body.ticket : '', body.binding ?? kept)
        const { json, cookie } = await identitySession(context, identity, app)
        // Spent with the ticket: the binding cookie goes, the session cookie comes.
        void reply.header('set-cookie', [cookie, bindingCookie(app, '', 0)])
        return json
      })
    },
  }
}
