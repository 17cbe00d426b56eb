/**
 * Social and Farcaster login on the devnet auth service. For the socials the service is the
 * OpenID Connect client of the devnet providers (providers.ts): it starts the flow for an allowed
 * host origin (state, nonce and the PKCE verifier stay in the server's database, where any replica
 * finds them: OneTimeValues), takes the provider's answer at
 * `/social/callback`, checks the id token (signature by the provider's published keys, issuer,
 * audience, expiry, nonce) and hands the host a one-time ticket, which the embedded wallet
 * redeems for a session. The ticket is bound to the browser that started the flow: the wallet
 * frame starts it with a random binding value it keeps in that browser tab, and only that value
 * redeems the ticket, so a callback link taken from one browser signs no one in in another
 * (login CSRF). The session is made for the app (project and host origin) the frame names. For
 * Farcaster it opens a channel on the devnet relay and, once a Farcaster account approved it,
 * verifies the signed message against the registries on Devnet A.
 *
 *   GET  /v1/social/{provider}/start?origin=&mode=popup|redirect&returnUrl=&binding=   -> { url }
 *   GET  /social/callback?code=&state=&iss= | ?error=&state=                   -> popup page | 302 returnUrl#walletgate_social=
 *   POST /v1/social/redeem   { ticket, binding }             -> { token, expiresAt, user }
 *   POST /v1/farcaster/channel                                -> { channelToken, url, nonce }
 *   POST /v1/farcaster/redeem { channelToken }               -> 202 { state: 'pending' } | { token, expiresAt, user }
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppClient } from '@farcaster/auth-client'
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import { readBody } from '../../service/http'
import type { AuthAccounts, AuthSession, AuthUser, OneTimeStore, SignInIdentity } from '../../../../server/src/index.js'
import { requestApp } from '../frame/app-scope'
import { cookieValue } from '../../../../server/src/wallet/http/device-approval-form'
import { SOCIAL_PROVIDER_NAMES, isSocialLoginProvider, type SocialLoginProvider } from './identities'
import { originAllowed } from './origins'
import { escapeHtml, page, scriptJson } from './pages'
import { SOCIAL_CLIENT_ID, SOCIAL_SCOPE, startSocialProviders } from './providers'

/** A started sign-in waits this long for the provider's answer. */
export const SOCIAL_FLOW_LIFETIME_MS = 10 * 60_000
/** A login ticket must be redeemed within this time, once. */
export const SOCIAL_TICKET_LIFETIME_MS = 60_000
/** A flow's binding: the random value the starting browser keeps (the wallet frame sends 32 hex digits). */
const BINDING = /^[A-Za-z0-9_-]{16,128}$/
/** The message type the popup posts to the host page. */
export const SOCIAL_MESSAGE_TYPE = 'walletgate:social'
/** The fragment keys of the redirect path. */
export const SOCIAL_TICKET_FRAGMENT = 'walletgate_social'
export const SOCIAL_ERROR_FRAGMENT = 'walletgate_social_error'

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
  farcasterPending: 'The Farcaster sign-in is not approved yet',
  farcasterUnknown: 'This Farcaster sign-in is not valid or has expired; start again',
  farcasterRefused: 'The Farcaster sign-in could not be verified',
} as const

export class SocialLoginError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface SocialLoginOptions {
  /** Host origins allowed to sign in; `*` as the port matches any port (`http://127.0.0.1:*`). */
  readonly allowedOrigins: readonly string[]
  /** The devnet Farcaster relay and Devnet A (where the registries are); no Farcaster without it. */
  readonly farcaster?: { readonly relayUrl: string; readonly rpcUrl: string } | undefined
}

export interface SocialLoginDeps {
  readonly baseUrl: string
  readonly now: () => number
  readonly accounts: AuthAccounts
  /** Where flows, tickets and channels wait between steps (the server's database). */
  readonly oneTime: OneTimeStore
  /** Funds a new user's wallets (as for an email user). */
  /** Funds a new user's wallet, or a known one's on a chain started over since. */
  fund(user: AuthUser, created: boolean): Promise<unknown>
  userJson(user: AuthUser): Promise<unknown>
  /** The Set-Cookie value that keeps a new session for the frame (partitioned, HttpOnly). */
  sessionCookie(app: string | undefined, token: string, lifetimeMs: number): string
}

export interface SocialLogin {
  /** Serves the social and Farcaster routes; false when the path is not one of them. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean
}

// Kept in the database between steps (OneTimeValues), so any replica takes the next one.
type PendingFlow = {
  readonly provider: SocialLoginProvider
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

type Channel = { readonly nonce: string; readonly domain: string }

interface Discovery {
  readonly issuer: string
  readonly authorization_endpoint: string
  readonly token_endpoint: string
  readonly jwks_uri: string
}

type Answer =
  | { status?: number; json: unknown; headers?: Record<string, string | string[]> }
  | { status?: number; html: string }
  | { redirect: string }

const random = (bytes = 24): string => randomBytes(bytes).toString('base64url')
/** The cookie that keeps a social flow's binding for the app that started it (one per app). */
const bindingCookieName = (app: string | undefined): string => `wg_social_binding_${createHash('sha256').update(app ?? '').digest('hex').slice(0, 16)}`
const bindingCookie = (app: string | undefined, binding: string, lifetimeMs: number): string =>
  `${bindingCookieName(app)}=${binding}; Path=/v1/social/; HttpOnly; Secure; SameSite=None; Partitioned; Max-Age=${Math.floor(lifetimeMs / 1000)}`
const bindingHash = (binding: string): string => createHash('sha256').update(binding).digest('base64')
/** The app the wallet frame names (project and host origin): the session is made for it. */
const appOf = (req: IncomingMessage): string | undefined => requestApp(req.headers)

export async function startSocialLogin(options: SocialLoginOptions, deps: SocialLoginDeps): Promise<SocialLogin> {
  const redirectUri = `${deps.baseUrl}/social/callback`
  const providers = await startSocialProviders({ baseUrl: deps.baseUrl, redirectUri })
  const oneTime = deps.oneTime
  const discovered = new Map<SocialLoginProvider, Promise<{ config: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }>>()
  // The Farcaster client loads with the first Farcaster sign-in: the devnet starts faster.
  let farcasterClient: Promise<AppClient> | undefined
  const farcasterOf = (config: { relayUrl: string; rpcUrl: string }): Promise<AppClient> =>
    (farcasterClient ??= import('@farcaster/auth-client').then(({ createAppClient, viemConnector }) =>
      createAppClient({ relay: config.relayUrl, ethereum: viemConnector({ rpcUrl: config.rpcUrl }) }),
    ))

  /** The provider's endpoints and keys, read from its discovery document as a real client does. */
  const discover = (provider: SocialLoginProvider): Promise<{ config: Discovery; jwks: ReturnType<typeof createRemoteJWKSet> }> => {
    let found = discovered.get(provider)
    if (found === undefined) {
      found = fetch(`${providers.issuer(provider)}/.well-known/openid-configuration`)
        .then(async (res) => {
          if (!res.ok) throw new Error(`discovery answered ${res.status}`)
          const config = (await res.json()) as Discovery
          return { config, jwks: createRemoteJWKSet(new URL(config.jwks_uri)) }
        })
      found.catch(() => discovered.delete(provider))
      discovered.set(provider, found)
    }
    return found
  }

  // Expired flows, tickets and channels go at most once a minute (any replica may sweep).
  let sweptAt = -Infinity
  const sweep = async (): Promise<void> => {
    if (deps.now() - sweptAt < 60_000) return
    sweptAt = deps.now()
    await oneTime.sweep()
  }

  const issueTicket = async (identity: Ticket['identity'], binding: string): Promise<string> => {
    const ticket = random(32)
    await oneTime.put('social-ticket', ticket, { identity, binding }, SOCIAL_TICKET_LIFETIME_MS)
    return ticket
  }

  /** A ticket spent by the browser that started its flow: its identity; anything else is refused (and the ticket is spent either way). */
  const redeemTicket = async (key: string, binding: unknown): Promise<SignInIdentity> => {
    const ticket = key === '' ? undefined : await oneTime.take<Ticket>('social-ticket', key)
    if (ticket === undefined) throw new SocialLoginError(400, SOCIAL_MESSAGES.invalidTicket)
    const presented = typeof binding === 'string' && BINDING.test(binding) ? Buffer.from(bindingHash(binding), 'base64') : undefined
    if (presented === undefined || !timingSafeEqual(presented, Buffer.from(ticket.binding, 'base64'))) throw new SocialLoginError(400, SOCIAL_MESSAGES.otherBrowser)
    return ticket.identity
  }

  const signedIn = async (identity: SignInIdentity, app: string | undefined): Promise<{ json: unknown; headers: { 'set-cookie': string } }> => {
    const { user, session: opened, created } = await deps.accounts.signInIdentity(identity)
    // The session is the app's that redeemed the ticket, and no other app's.
    const session = await deps.accounts.forApp(opened, app)
    // A new wallet can send at once: its funding has landed before the answer.
    await deps.fund(user, created)
    return { json: await sessionJson(user, session), headers: { 'set-cookie': deps.sessionCookie(app, session.token, session.expiresAt - deps.now()) } }
  }
  const sessionJson = async (user: AuthUser, session: AuthSession) => ({ token: session.token, expiresAt: new Date(session.expiresAt).toISOString(), user: await deps.userJson(user) })

  /** Hands the outcome to the host: a message to the opener (popup) or a fragment on its page (redirect). */
  const deliver = (flow: PendingFlow, outcome: { ticket: string } | { error: SocialLoginErrorCode }, problem?: string): Answer => {
    if (flow.mode === 'redirect') {
      const target = new URL(flow.returnUrl!)
      target.hash = 'ticket' in outcome ? `${SOCIAL_TICKET_FRAGMENT}=${outcome.ticket}` : `${SOCIAL_ERROR_FRAGMENT}=${outcome.error}`
      return { redirect: target.href }
    }
    const name = SOCIAL_PROVIDER_NAMES[flow.provider]
    const message = { type: SOCIAL_MESSAGE_TYPE, ...outcome }
    const words = 'ticket' in outcome ? `You are signed in with ${name}. This window closes by itself.` : (problem ?? 'You are not signed in. This window closes by itself.')
    // The ticket goes to the exact origin that started the sign-in, never to '*'.
    const script = `<script>(function(){var o=window.opener;if(o){o.postMessage(${scriptJson(message)},${scriptJson(flow.origin)});}window.close();})()</script>`
    // A refusal is still an answer delivered: the page itself is fine (an error status would only log a console error in the popup).
    return { html: page(`${name} (devnet)`, `<p>${escapeHtml(words)}</p>${script}`) }
  }

  const callback = async (url: URL): Promise<Answer> => {
    const state = url.searchParams.get('state') ?? ''
    // Taken once: a second callback with the same state, on any replica, finds nothing.
    const flow = state === '' ? undefined : await oneTime.take<PendingFlow>('social-flow', state)
    if (flow === undefined) {
      return {
        status: 400,
        html: page('Sign-in not completed', '<p>This sign-in did not start here or has expired, so you are not signed in. Close this window and start again from the app.</p>'),
      }
    }
    const name = SOCIAL_PROVIDER_NAMES[flow.provider]
    const providerError = url.searchParams.get('error')
    if (providerError !== null) {
      const code: SocialLoginErrorCode = providerError === 'access_denied' ? 'access_denied' : 'server_error'
      const words = code === 'access_denied' ? `You did not allow the sign-in with ${name}.` : `${name} could not sign you in.`
      return deliver(flow, { error: code }, `${words} You are not signed in.`)
    }
    const refused = (): Answer => deliver(flow, { error: 'invalid_token' }, `The answer from ${name} could not be verified, so you are not signed in.`)
    const { config, jwks } = await discover(flow.provider)
    // The answer names its issuer (RFC 9207): an answer from another provider is a mix-up.
    const iss = url.searchParams.get('iss')
    if (iss !== null && iss !== config.issuer) return refused()
    const tokenAnswer = await fetch(config.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: url.searchParams.get('code') ?? '',
        redirect_uri: redirectUri,
        client_id: SOCIAL_CLIENT_ID,
        code_verifier: flow.verifier,
      }),
    })
    const tokens = (await tokenAnswer.json().catch(() => ({}))) as { id_token?: unknown }
    if (!tokenAnswer.ok || typeof tokens.id_token !== 'string') return refused()
    let claims: JWTPayload
    try {
      ;({ payload: claims } = await jwtVerify(tokens.id_token, jwks, {
        issuer: config.issuer,
        audience: SOCIAL_CLIENT_ID,
        currentDate: new Date(deps.now()),
        requiredClaims: ['sub', 'exp', 'iat'],
      }))
    } catch {
      return refused()
    }
    if (claims.nonce !== flow.nonce || typeof claims.sub !== 'string') return refused()
    const username = typeof claims.preferred_username === 'string' ? claims.preferred_username : typeof claims.name === 'string' ? claims.name : undefined
    const ticket = await issueTicket(
      {
        key: `${flow.provider}:${claims.sub}`,
        socialProvider: flow.provider,
        ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
        ...(username === undefined ? {} : { userName: username }),
      },
      flow.binding,
    )
    return deliver(flow, { ticket })
  }

  const start = async (provider: string, url: URL, app: string | undefined, fromFrame: boolean): Promise<Answer> => {
    if (!isSocialLoginProvider(provider)) throw new SocialLoginError(400, SOCIAL_MESSAGES.invalidProvider)
    const origin = url.searchParams.get('origin') ?? ''
    if (!originAllowed(origin, options.allowedOrigins)) throw new SocialLoginError(403, SOCIAL_MESSAGES.originNotAllowed)
    const mode = url.searchParams.get('mode') ?? 'popup'
    if (mode !== 'popup' && mode !== 'redirect') throw new SocialLoginError(400, SOCIAL_MESSAGES.badMode)
    let returnUrl: string | undefined
    if (mode === 'redirect') {
      const raw = url.searchParams.get('returnUrl') ?? ''
      const parsed = URL.canParse(raw) ? new URL(raw) : undefined
      if (parsed === undefined || parsed.origin !== origin) throw new SocialLoginError(400, SOCIAL_MESSAGES.badReturnUrl)
      returnUrl = parsed.href
    }
    // Without a binding the ticket would be a bearer token anyone could be handed (login CSRF).
    const binding = url.searchParams.get('binding') ?? ''
    if (!BINDING.test(binding)) throw new SocialLoginError(400, SOCIAL_MESSAGES.badBinding)
    const state = random()
    const nonce = random()
    const verifier = random(32)
    const flow: PendingFlow = { provider, origin, mode, ...(returnUrl === undefined ? {} : { returnUrl }), nonce, verifier, binding: bindingHash(binding) }
    await oneTime.put('social-flow', state, flow, SOCIAL_FLOW_LIFETIME_MS)
    const authorize = new URL(`${providers.issuer(provider)}/auth`)
    authorize.search = new URLSearchParams({
      client_id: SOCIAL_CLIENT_ID,
      response_type: 'code',
      scope: SOCIAL_SCOPE,
      redirect_uri: redirectUri,
      state,
      nonce,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      // Each sign-in asks who signs in, so a person can switch identities.
      prompt: 'login consent',
    }).toString()
    // The binding also as a cookie of this origin for the app (partitioned by the host's site,
    // HttpOnly): where the browser refuses the frame storage, the frame's page after a redirect
    // has lost the value, and the service finds it here on the frame's own request.
    // Only for the frame's own request: a host page starting a flow must not replace the frame's binding.
    return { json: { url: authorize.href }, ...(fromFrame ? { headers: { 'set-cookie': bindingCookie(app, binding, SOCIAL_FLOW_LIFETIME_MS) } } : {}) }
  }

  const farcasterChannel = async (): Promise<Answer> => {
    if (options.farcaster === undefined) throw new SocialLoginError(404, 'Farcaster sign-in is not available on this devnet')
    const farcaster = await farcasterOf(options.farcaster)
    const domain = new URL(deps.baseUrl).host
    const created = await farcaster.createChannel({ siweUri: deps.baseUrl, domain })
    if (created.isError) throw new SocialLoginError(502, 'The Farcaster relay is not available')
    const { channelToken, url, nonce } = created.data
    const channel: Channel = { nonce, domain }
    await oneTime.put('farcaster-channel', channelToken, channel, SOCIAL_FLOW_LIFETIME_MS)
    return { json: { channelToken, url, nonce } }
  }

  const farcasterRedeem = async (channelToken: string, app: string | undefined): Promise<Answer> => {
    if (options.farcaster === undefined) throw new SocialLoginError(404, 'Farcaster sign-in is not available on this devnet')
    const farcaster = await farcasterOf(options.farcaster)
    const channel = channelToken === '' ? undefined : await oneTime.peek<Channel>('farcaster-channel', channelToken)
    if (channel === undefined) throw new SocialLoginError(400, SOCIAL_MESSAGES.farcasterUnknown)
    const status = await farcaster.status({ channelToken })
    if (status.isError) throw new SocialLoginError(502, 'The Farcaster relay is not available')
    if (status.response.status === 202) return { status: 202, json: { state: 'pending', message: SOCIAL_MESSAGES.farcasterPending } }
    const { message, signature } = status.data
    if (status.response.status !== 200 || message === undefined || signature === undefined) throw new SocialLoginError(400, SOCIAL_MESSAGES.farcasterUnknown)
    // The channel is spent whatever the verdict: a refused answer cannot be tried again, and of two
    // replicas asked at once only one goes on.
    if ((await oneTime.take<Channel>('farcaster-channel', channelToken)) === undefined) throw new SocialLoginError(400, SOCIAL_MESSAGES.farcasterUnknown)
    const verified = await farcaster.verifySignInMessage({ nonce: channel.nonce, domain: channel.domain, message, signature })
    if (verified.isError || !verified.success) throw new SocialLoginError(401, SOCIAL_MESSAGES.farcasterRefused)
    const fid = verified.fid
    const username = status.data.fid === fid ? status.data.username : undefined
    return signedIn({ key: `farcaster:${fid}`, socialProvider: 'farcaster', userName: username ?? `fid ${fid}` }, app)
  }

  const jsonBody = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    try {
      const parsed = JSON.parse(await readBody(req)) as unknown
      if (typeof parsed === 'object' && parsed !== null) return parsed as Record<string, unknown>
    } catch {
      // answered below
    }
    throw new SocialLoginError(400, 'Malformed JSON body')
  }

  const route = async (req: IncomingMessage, url: URL): Promise<Answer | undefined> => {
    const method = (req.method ?? 'GET').toUpperCase()
    const path = url.pathname
    await sweep()
    const startMatch = /^\/v1\/social\/([^/]+)\/start$/.exec(path)
    if (method === 'GET' && startMatch !== null) return start(decodeURIComponent(startMatch[1]!), url, appOf(req), req.headers['sec-fetch-site'] === 'same-origin')
    if (method === 'GET' && path === '/social/callback') return callback(url)
    if (method === 'POST' && path === '/v1/social/redeem') {
      const body = await jsonBody(req)
      // The frame's own request may leave the binding to the cookie its flow set (never another page's request).
      const kept = req.headers['sec-fetch-site'] === 'same-origin' ? cookieValue(req.headers.cookie, bindingCookieName(appOf(req))) : undefined
      const answer = await signedIn(await redeemTicket(typeof body.ticket === 'string' ? body.ticket : '', body.binding ?? kept), appOf(req))
      // Spent with the ticket: the binding cookie goes, the session cookie comes.
      return { json: answer.json, headers: { 'set-cookie': [answer.headers['set-cookie'], bindingCookie(appOf(req), '', 0)] } }
    }
    if (method === 'POST' && path === '/v1/farcaster/channel') return farcasterChannel()
    if (method === 'POST' && path === '/v1/farcaster/redeem') {
      const body = await jsonBody(req)
      return farcasterRedeem(typeof body.channelToken === 'string' ? body.channelToken : '', appOf(req))
    }
    return undefined
  }

  const send = (res: ServerResponse, answer: Answer): void => {
    if ('redirect' in answer) {
      res.writeHead(302, { location: answer.redirect, 'cache-control': 'no-store' })
      res.end()
    } else if ('html' in answer) {
      res.writeHead(answer.status ?? 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(answer.html)
    } else {
      res.writeHead(answer.status ?? 200, { ...('headers' in answer ? answer.headers : {}), 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(answer.json))
    }
  }

  const ours = (path: string): boolean =>
    path === '/social/callback' || path.startsWith('/v1/social/') || path.startsWith('/v1/farcaster/')

  return {
    handle(req, res, url) {
      if (!ours(url.pathname)) return providers.handle(req, res, url)
      route(req, url)
        .then((answer) => send(res, answer ?? { status: 404, json: { message: `No route for ${req.method ?? 'GET'} ${url.pathname}` } }))
        .catch((error: unknown) => {
          if (error instanceof SocialLoginError) send(res, { status: error.status, json: { message: error.message } })
          // The callback is a page a person sees: plain words, no stack or URL.
          else if (url.pathname === '/social/callback') send(res, { status: 502, html: page('Sign-in not completed', '<p>The provider could not be reached, so you are not signed in. Close this window and start again from the app.</p>') })
          else send(res, { status: 500, json: { message: error instanceof Error ? error.message : String(error) } })
        })
      return true
    },
  }
}
