/**
 * A devnet stand-in for a social provider that speaks plain OAuth 2 (GitHub, Discord, X, Facebook):
 * the authorization code flow (PKCE with S256; X requires it), a client secret by
 * `client_secret_post` or HTTP Basic, and a user endpoint that answers in the provider's own shape.
 * Written by hand on node:http, its state in memory. The code machinery here (codes, PKCE, forms)
 * serves the Apple stand-in too.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { HttpError, readBody } from '../../../service/http.js'
import { OTHER_APP_CLIENT_ID, type SocialIdentity } from '../identities.js'
import { PendingInteractions, readSignInChoice, sendErrorPage, sendHtml, signInPage } from './sign-in-page.js'

export type OAuth2Shape = 'github' | 'discord' | 'x' | 'facebook'

export interface OAuth2StandIn {
  /** Absolute URLs of the provider's endpoints (the user endpoint as an app calls it). */
  readonly endpoints: { readonly authorization: string; readonly token: string; readonly user: string }
  /** Serves the stand-in's paths; false when the path is not under its prefix. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean
}

export interface OAuth2StandInOptions {
  readonly shape: OAuth2Shape
  /** Where the service hosting the stand-in listens, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string
  /** The stand-in's path on that service, e.g. `/social/github`. */
  readonly prefix: string
  readonly clientId: string
  readonly clientSecret: string
  /** The client's one registered redirect URI. */
  readonly redirectUri: string
  /** The clock of every lifetime check (default Date.now). */
  readonly now?: () => number
  /** Names itself in every answer to the app (`iss`, RFC 9207), as GitHub does; absent: no `iss`. */
  readonly issuer?: string
}

/** An authorization code lives a minute. */
export const CODE_TTL_MS = 60_000
/** An access token lives an hour. */
export const ACCESS_TOKEN_TTL_MS = 3_600_000

interface ShapeSpec {
  /** The user endpoint's path under the prefix. */
  readonly userPath: string
  /** The query the user endpoint is advertised with. */
  readonly userQuery: string
  readonly requiresPkce: boolean
  /** The user endpoint's answer for this identity (a status besides 200 for a refused query). */
  user(identity: SocialIdentity, query: URLSearchParams): { readonly status: number; readonly body: unknown }
  /** The provider's own body for a missing or bad access token. */
  readonly unauthorized: unknown
}

const SHAPES: Record<OAuth2Shape, ShapeSpec> = {
  github: {
    userPath: '/user',
    userQuery: '',
    requiresPkce: false,
    user: (identity) => ({ status: 200, body: { id: githubId(identity.sub), login: identity.username, name: identity.name, email: identity.email } }),
    unauthorized: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' },
  },
  discord: {
    userPath: '/users/@me',
    userQuery: '',
    requiresPkce: false,
    user: (identity) => ({
      status: 200,
      body: { id: snowflake('discord', identity.sub, DISCORD_EPOCH_MS), username: identity.username, global_name: identity.name, email: identity.email, verified: true },
    }),
    unauthorized: { message: '401: Unauthorized', code: 0 },
  },
  x: {
    userPath: '/2/users/me',
    userQuery: '',
    requiresPkce: true,
    // X never hands out the email address here.
    user: (identity) => ({ status: 200, body: { data: { id: snowflake('x', identity.sub, TWITTER_EPOCH_MS), name: identity.name, username: identity.username } } }),
    unauthorized: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  },
  facebook: {
    userPath: '/me',
    userQuery: '?fields=id,name,email',
    requiresPkce: false,
    user: facebookUser,
    unauthorized: { error: { message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 } },
  },
}

interface AuthorizationRequest {
  readonly clientId: string
  readonly redirectUri: string
  readonly scope: string
  readonly state: string | null
  readonly codeChallenge: string | undefined
}

interface OAuth2Grant extends CodeGrant {
  readonly identity: SocialIdentity
  readonly scope: string
}

interface AccessToken {
  readonly identity: SocialIdentity
  readonly expiresAt: number
}

export function startOAuth2StandIn(options: OAuth2StandInOptions): OAuth2StandIn {
  const { shape, prefix, clientId, clientSecret, redirectUri } = options
  const now = options.now ?? Date.now
  const spec = SHAPES[shape]
  const pending = new PendingInteractions<AuthorizationRequest>(now)
  const accessTokens = new Map<string, AccessToken>()
  const codes = new AuthorizationCodes<OAuth2Grant>(now, (token) => accessTokens.delete(token))
  const interactionPath = (id: string): string => `${prefix}/interaction/${encodeURIComponent(id)}`

  const authorize = (res: ServerResponse, query: URLSearchParams): void => {
    if (query.get('client_id') !== clientId) return sendErrorPage(res, shape, 400, 'The app asking you to sign in is unknown (client_id)')
    if (query.get('redirect_uri') !== redirectUri) return sendErrorPage(res, shape, 400, 'The app’s redirect_uri is not the one registered for it')
    const state = query.get('state')
    const refuse = (description: string): void => redirect(res, withParams(redirectUri, { error: 'invalid_request', error_description: description, state }))
    if (query.get('response_type') !== 'code') return refuse('response_type must be code')
    const pkce = readCodeChallenge(query)
    if ('problem' in pkce) return refuse(pkce.problem)
    if (spec.requiresPkce && pkce.challenge === undefined) return refuse('code_challenge with code_challenge_method S256 is required')
    const id = pending.open({ clientId, redirectUri, scope: query.get('scope') ?? '', state, codeChallenge: pkce.challenge })
    sendHtml(res, 200, signInPage(shape, interactionPath(id)))
  }

  const interaction = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    const request = pending.find(id)
    if (request === undefined) return sendErrorPage(res, shape, 400, 'This sign-in has expired or was already used')
    if (method(req) === 'GET') return sendHtml(res, 200, signInPage(shape, interactionPath(id)))
    const form = await readForm(req)
    const choice = readSignInChoice(shape, form ?? new URLSearchParams())
    if (choice.kind === 'invalid') return sendHtml(res, 400, signInPage(shape, interactionPath(id), choice.problem))
    pending.close(id)
    const back = (params: Record<string, string | null>): void =>
      redirect(res, withParams(request.redirectUri, { ...params, state: request.state, ...(options.issuer === undefined ? {} : { iss: options.issuer }) }))
    if (choice.kind === 'deny') return back({ error: 'access_denied', error_description: 'The person refused to sign in' })
    if (choice.kind === 'server-error') return back({ error: 'server_error', error_description: 'The devnet provider failed on purpose' })
    // The wrong-audience fault: a code only another app may redeem, as one stolen from it would be.
    const codeClientId = choice.kind === 'wrong-audience' ? OTHER_APP_CLIENT_ID : request.clientId
    const code = codes.issue({ clientId: codeClientId, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge, identity: choice.identity, scope: request.scope })
    back({ code })
  }

  const token = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const form = await readForm(req)
    if (form === undefined) return sendJson(res, 400, { error: 'invalid_request', error_description: 'The body must be application/x-www-form-urlencoded' })
    const client = clientCredentials(req, form)
    if ('problem' in client) return sendJson(res, 400, { error: 'invalid_request', error_description: client.problem })
    if (client.id !== clientId || client.secret === null || !sameSecret(client.secret, clientSecret)) {
      return sendJson(res, 401, { error: 'invalid_client' }, client.basic ? { 'www-authenticate': 'Basic realm="token"' } : {})
    }
    if (form.get('grant_type') !== 'authorization_code') return sendJson(res, 400, { error: 'unsupported_grant_type' })
    const code = form.get('code')
    if (code === null) return sendJson(res, 400, { error: 'invalid_request', error_description: 'code is required' })
    const redeemed = codes.redeem(code, { clientId, redirectUri: form.get('redirect_uri'), codeVerifier: form.get('code_verifier') })
    if (redeemed === undefined) return sendJson(res, 400, { error: 'invalid_grant' })
    const at = now()
    for (const [t, entry] of accessTokens) if (entry.expiresAt <= at) accessTokens.delete(t)
    const accessToken = randomBytes(32).toString('base64url')
    accessTokens.set(accessToken, { identity: redeemed.grant.identity, expiresAt: at + ACCESS_TOKEN_TTL_MS })
    redeemed.issued(accessToken)
    sendJson(res, 200, { access_token: accessToken, token_type: 'bearer', scope: redeemed.grant.scope, expires_in: ACCESS_TOKEN_TTL_MS / 1000 })
  }

  const user = (req: IncomingMessage, res: ServerResponse, query: URLSearchParams): void => {
    const presented = bearerToken(req)
    const entry = presented === undefined ? undefined : accessTokens.get(presented)
    if (entry === undefined || entry.expiresAt <= now()) {
      if (entry !== undefined) accessTokens.delete(presented!)
      return sendJson(res, 401, spec.unauthorized, { 'www-authenticate': presented === undefined ? 'Bearer' : 'Bearer error="invalid_token"' })
    }
    const answer = spec.user(entry.identity, query)
    sendJson(res, answer.status, answer.body)
  }

  return {
    endpoints: {
      authorization: `${options.baseUrl}${prefix}/authorize`,
      token: `${options.baseUrl}${prefix}/token`,
      user: `${options.baseUrl}${prefix}${spec.userPath}${spec.userQuery}`,
    },
    handle(req, res, url) {
      if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return false
      const rest = url.pathname.slice(prefix.length)
      const interactionId = /^\/interaction\/([^/]+)$/.exec(rest)?.[1]
      if (rest === '/authorize') {
        if (allow(req, res, ['GET'])) authorize(res, url.searchParams)
      } else if (interactionId !== undefined) {
        if (allow(req, res, ['GET', 'POST'])) settle(res, interaction(req, res, safeDecode(interactionId)))
      } else if (rest === '/token') {
        if (allow(req, res, ['POST'])) settle(res, token(req, res))
      } else if (rest === spec.userPath) {
        if (allow(req, res, ['GET'])) user(req, res, url.searchParams)
      } else {
        sendJson(res, 404, { error: 'not_found' })
      }
      return true
    },
  }
}

// ---- Authorization codes and PKCE (shared with the Apple stand-in) ----

/** What a code was issued for: who may redeem it, where its answer went, and its PKCE challenge. */
export interface CodeGrant {
  readonly clientId: string
  readonly redirectUri: string
  readonly codeChallenge: string | undefined
}

/** One-time authorization codes, each for CODE_TTL_MS. */
export class AuthorizationCodes<G extends CodeGrant> {
  private readonly codes = new Map<string, { readonly grant: G; readonly expiresAt: number; used: boolean; readonly tokens: string[] }>()

  /** `revoke` withdraws a token issued from a code presented a second time. */
  constructor(
    private readonly now: () => number,
    private readonly revoke: (token: string) => void = () => undefined,
  ) {}

  issue(grant: G): string {
    const at = this.now()
    for (const [c, entry] of this.codes) if (entry.expiresAt <= at) this.codes.delete(c)
    const code = randomBytes(24).toString('base64url')
    this.codes.set(code, { grant, expiresAt: at + CODE_TTL_MS, used: false, tokens: [] })
    return code
  }

  /**
   * Redeems a code for an authenticated client: its grant and a hook to record what it gave, or
   * undefined (invalid_grant) when the code is unknown, expired, already used (what it gave is then
   * revoked), issued for another client, sent with another redirect_uri, or its PKCE verifier is
   * missing or wrong (or given for a code without a challenge). A code is spent by any attempt.
   */
  redeem(code: string, by: { readonly clientId: string; readonly redirectUri: string | null; readonly codeVerifier: string | null }): { readonly grant: G; issued(token: string): void } | undefined {
    const entry = this.codes.get(code)
    if (entry === undefined) return undefined
    if (entry.expiresAt <= this.now()) {
      this.codes.delete(code)
      return undefined
    }
    if (entry.used) {
      for (const token of entry.tokens.splice(0)) this.revoke(token)
      return undefined
    }
    entry.used = true
    const { grant } = entry
    if (grant.clientId !== by.clientId || grant.redirectUri !== by.redirectUri) return undefined
    if (grant.codeChallenge === undefined ? by.codeVerifier !== null : by.codeVerifier === null || !verifierMatches(by.codeVerifier, grant.codeChallenge)) return undefined
    return { grant, issued: (token) => void entry.tokens.push(token) }
  }
}

/** The PKCE challenge of an authorization request: none, an S256 one, or the problem with it. */
export function readCodeChallenge(query: URLSearchParams): { readonly challenge: string | undefined } | { readonly problem: string } {
  const challenge = query.get('code_challenge')
  const method = query.get('code_challenge_method')
  if (challenge === null) return method === null ? { challenge: undefined } : { problem: 'code_challenge_method without code_challenge' }
  // A challenge without a method is `plain` (RFC 7636), which is refused like any other than S256.
  if (method !== 'S256') return { problem: 'code_challenge_method must be S256' }
  if (!/^[A-Za-z0-9_-]{43}$/.test(challenge)) return { problem: 'code_challenge must be a base64url SHA-256 digest' }
  return { challenge }
}

function verifierMatches(verifier: string, challenge: string): boolean {
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return false
  const computed = Buffer.from(createHash('sha256').update(verifier).digest('base64url'))
  const expected = Buffer.from(challenge)
  return computed.length === expected.length && timingSafeEqual(computed, expected)
}

// ---- HTTP helpers (shared with the Apple stand-in) ----

/** The form of a urlencoded body, or undefined when the body is another type. */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
  const body = await readBody(req, 64 * 1024)
  return type === 'application/x-www-form-urlencoded' ? new URLSearchParams(body) : undefined
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache', ...headers })
  res.end(JSON.stringify(body))
}

export function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' })
  res.end()
}

/** `url` with these query parameters added (null ones left out), keeping its own. */
export function withParams(url: string, params: Record<string, string | null | undefined>): string {
  const target = new URL(url)
  for (const [name, value] of Object.entries(params)) if (value !== null && value !== undefined) target.searchParams.set(name, value)
  return target.toString()
}

export function method(req: IncomingMessage): string {
  return (req.method ?? 'GET').toUpperCase()
}

/** True when the request's method is one of these; otherwise answers 405 and false. */
export function allow(req: IncomingMessage, res: ServerResponse, methods: readonly string[]): boolean {
  if (methods.includes(method(req))) return true
  sendJson(res, 405, { error: 'method_not_allowed' }, { allow: methods.join(', ') })
  return false
}

/** Answers a failure of an async handler (a too large body, a bug) if nothing was answered yet. */
export function settle(res: ServerResponse, work: Promise<void>): void {
  work.catch((error: unknown) => {
    if (res.headersSent) {
      res.destroy()
      return
    }
    const status = error instanceof HttpError ? error.status : 500
    sendJson(res, status, { error: status === 500 ? 'server_error' : 'invalid_request', error_description: error instanceof Error ? error.message : 'Failed' })
  })
}

export function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value)
  } catch {
    return ''
  }
}

// ---- Client authentication ----

/** The client's credentials by HTTP Basic or in the body (one of the two, as RFC 6749 says). */
function clientCredentials(req: IncomingMessage, form: URLSearchParams): { readonly id: string | null; readonly secret: string | null; readonly basic: boolean } | { readonly problem: string } {
  const header = req.headers.authorization
  const bodyId = form.get('client_id')
  const bodySecret = form.get('client_secret')
  const scheme = header === undefined ? undefined : /^Basic\s+(\S+)$/i.exec(header)
  if (scheme === undefined || scheme === null) return { id: bodyId, secret: bodySecret, basic: false }
  if (bodySecret !== null) return { problem: 'Authenticate the client by one method only' }
  const decoded = Buffer.from(scheme[1]!, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return { id: null, secret: null, basic: true }
  // RFC 6749 2.3.1: both halves are form-urlencoded before joining.
  const id = safeDecode(decoded.slice(0, colon).replace(/\+/g, ' '))
  const secret = safeDecode(decoded.slice(colon + 1).replace(/\+/g, ' '))
  if (bodyId !== null && bodyId !== id) return { id: null, secret: null, basic: true }
  return { id, secret, basic: true }
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  if (header === undefined) return undefined
  return /^Bearer\s+(\S+)$/i.exec(header)?.[1]
}

// ---- Provider-shaped ids: the same identity always gets the same id; ids differ per provider since subjects do ----

const DISCORD_EPOCH_MS = 1_420_070_400_000
const TWITTER_EPOCH_MS = 1_288_834_974_657

function digestOf(label: string, sub: string): Buffer {
  return createHash('sha256').update(`${label}\n${sub}`).digest()
}

/** A GitHub user id: a positive integer below 200 million. */
function githubId(sub: string): number {
  return 1 + (digestOf('github', sub).readUIntBE(0, 6) % 199_999_999)
}

/** A snowflake (ms since the provider's epoch << 22 | 22 low bits) from an account made between 2016 and 2022. */
function snowflake(label: string, sub: string, epochMs: number): string {
  const digest = digestOf(label, sub)
  const createdAt = Date.UTC(2016, 0, 1) + (digest.readUIntBE(0, 6) % (6 * 365 * 86_400_000))
  return ((BigInt(createdAt - epochMs) << 22n) | BigInt(digest.readUIntBE(6, 3) & 0x3fffff)).toString()
}

/** Facebook answers only the fields asked for (id and name unless told), and refuses one it does not know. */
function facebookUser(identity: SocialIdentity, query: URLSearchParams): { status: number; body: unknown } {
  const profile: Record<string, string> = {
    id: `10${(digestOf('facebook', identity.sub).readUIntBE(0, 6) % 1e14).toString().padStart(14, '0')}`,
    name: identity.name,
    email: identity.email,
  }
  const asked = (query.get('fields') ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f !== '')
  const fields = asked.length === 0 ? ['id', 'name'] : asked
  const unknown = fields.find((f) => !Object.hasOwn(profile, f))
  if (unknown !== undefined) {
    return { status: 400, body: { error: { message: `(#100) Tried accessing nonexisting field (${unknown}) on node type (User)`, type: 'OAuthException', code: 100 } } }
  }
  return { status: 200, body: Object.fromEntries(fields.map((f) => [f, profile[f]])) }
}
