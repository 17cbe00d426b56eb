/**
 * A devnet stand-in for Sign in with Apple: OpenID Connect with the authorization code answered by
 * `form_post` (required when the app asks for the name or email), the person's name and email
 * posted only the first time they sign in to an app, and a client secret that is a short JWT the
 * app's team signs with its ES256 key. Written by hand on node:http, its state in memory; its id
 * tokens are RS256, signed with a key made at start.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SignJWT, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify, type CryptoKey, type JWK } from 'jose'
import { escapeHtml, page } from '../pages.js'
import { OTHER_APP_CLIENT_ID, type SocialIdentity } from '../identities.js'
import {
  AuthorizationCodes,
  allow,
  method,
  readCodeChallenge,
  readForm,
  redirect,
  safeDecode,
  sendJson,
  settle,
  withParams,
  type CodeGrant,
} from './oauth2.js'
import { PendingInteractions, readSignInChoice, sendErrorPage, sendHtml, signInPage } from './sign-in-page.js'

export interface AppleStandIn {
  /** `baseUrl + prefix` (the real one is https://appleid.apple.com). */
  readonly issuer: string
  /** Serves the stand-in's paths; false when the path is not under its prefix. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean
}

/** The app's team at Apple: the key its client secrets are signed with. */
export interface AppleTeam {
  readonly teamId: string
  readonly keyId: string
  /** ES256 public key of that key id. */
  readonly publicKey: CryptoKey
}

export interface AppleStandInOptions {
  /** Where the service hosting the stand-in listens, e.g. `http://127.0.0.1:4000`. */
  readonly baseUrl: string
  /** The stand-in's path on that service, e.g. `/social/apple`. */
  readonly prefix: string
  /** The app's Services ID. */
  readonly clientId: string
  /** The app's one registered return URL. */
  readonly redirectUri: string
  readonly team: AppleTeam
  /** The clock of every lifetime check (default Date.now). */
  readonly now?: () => number
}

/** Apple refuses a client secret meant to live longer than six months. */
export const APPLE_CLIENT_SECRET_MAX_LIFETIME_S = 15_777_000
const ID_TOKEN_TTL_S = 600
const ACCESS_TOKEN_TTL_S = 3600
/** How far ahead of this clock a client secret's `iat` may be (the app's clock may run fast). */
const CLOCK_SKEW_S = 60

const RESPONSE_MODES = ['query', 'fragment', 'form_post'] as const
type ResponseMode = (typeof RESPONSE_MODES)[number]

interface AppleAuthorizationRequest {
  readonly redirectUri: string
  readonly responseMode: ResponseMode
  readonly scopes: readonly string[]
  readonly state: string | null
  readonly nonce: string | null
  readonly codeChallenge: string | undefined
}

interface AppleGrant extends CodeGrant {
  readonly identity: SocialIdentity
  /** The id token's `aud`: the client, or another app for the wrong-audience fault. */
  readonly audience: string
  readonly nonce: string | null
  readonly authTimeS: number
}

export async function startAppleStandIn(options: AppleStandInOptions): Promise<AppleStandIn> {
  const { prefix, clientId, redirectUri, team } = options
  const now = options.now ?? Date.now
  const issuer = `${options.baseUrl}${prefix}`
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true })
  const kid = randomBytes(6).toString('hex')
  const jwks: { keys: JWK[] } = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] }
  const pending = new PendingInteractions<AppleAuthorizationRequest>(now)
  const codes = new AuthorizationCodes<AppleGrant>(now)
  /** Who has signed in to which app already (`aud\nsub`): they are not introduced again. */
  const introduced = new Set<string>()
  const interactionPath = (id: string): string => `${prefix}/interaction/${encodeURIComponent(id)}`

  const discovery = {
    issuer,
    authorization_endpoint: `${issuer}/auth/authorize`,
    token_endpoint: `${issuer}/auth/token`,
    jwks_uri: `${issuer}/auth/keys`,
    response_types_supported: ['code'],
    response_modes_supported: [...RESPONSE_MODES],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'name'],
    token_endpoint_auth_methods_supported: ['client_secret_post'],
    code_challenge_methods_supported: ['S256'],
  }

  const authorize = (res: ServerResponse, query: URLSearchParams): void => {
    if (query.get('client_id') !== clientId) return sendErrorPage(res, 'apple', 400, 'invalid_client: the app asking you to sign in is unknown')
    if (query.get('redirect_uri') !== redirectUri) return sendErrorPage(res, 'apple', 400, 'invalid_request: redirect_uri is not registered for this app')
    const responseMode = query.get('response_mode') ?? 'query'
    if (!isResponseMode(responseMode)) return sendErrorPage(res, 'apple', 400, 'invalid_request: response_mode must be query, fragment or form_post')
    const scopes = (query.get('scope') ?? '').split(' ').filter((s) => s !== '')
    if ((scopes.includes('name') || scopes.includes('email')) && responseMode !== 'form_post') {
      return sendErrorPage(res, 'apple', 400, 'invalid_request: response_mode must be form_post when name or email scope is requested')
    }
    const state = query.get('state')
    const refuse = (): void => deliver(res, { redirectUri, responseMode, state }, { error: 'invalid_request' })
    if (query.get('response_type') !== 'code') return refuse()
    const pkce = readCodeChallenge(query)
    if ('problem' in pkce) return refuse()
    const id = pending.open({ redirectUri, responseMode, scopes, state, nonce: query.get('nonce'), codeChallenge: pkce.challenge })
    sendHtml(res, 200, signInPage('apple', interactionPath(id)))
  }

  const interaction = async (req: IncomingMessage, res: ServerResponse, id: string): Promise<void> => {
    const request = pending.find(id)
    if (request === undefined) return sendErrorPage(res, 'apple', 400, 'This sign-in has expired or was already used')
    if (method(req) === 'GET') return sendHtml(res, 200, signInPage('apple', interactionPath(id)))
    const form = await readForm(req)
    const choice = readSignInChoice('apple', form ?? new URLSearchParams())
    if (choice.kind === 'invalid') return sendHtml(res, 400, signInPage('apple', interactionPath(id), choice.problem))
    pending.close(id)
    if (choice.kind === 'deny') return deliver(res, request, { error: 'user_cancelled_authorize' })
    if (choice.kind === 'server-error') return deliver(res, request, { error: 'server_error' })
    const { identity } = choice
    const audience = choice.kind === 'wrong-audience' ? OTHER_APP_CLIENT_ID : clientId
    const code = codes.issue({ clientId, redirectUri: request.redirectUri, codeChallenge: request.codeChallenge, identity, audience, nonce: request.nonce, authTimeS: seconds(now()) })
    deliver(res, request, { code, user: introduce(identity, audience, request.scopes) })
  }

  /** The `user` field of the first sign-in of this person to this app (the only time Apple tells the name). */
  const introduce = (identity: SocialIdentity, audience: string, scopes: readonly string[]): string | undefined => {
    const wantsName = scopes.includes('name')
    const wantsEmail = scopes.includes('email')
    const key = `${audience}\n${identity.sub}`
    if ((!wantsName && !wantsEmail) || introduced.has(key)) return undefined
    introduced.add(key)
    const space = identity.name.indexOf(' ')
    const name = space < 0 ? { firstName: identity.name, lastName: '' } : { firstName: identity.name.slice(0, space), lastName: identity.name.slice(space + 1) }
    return JSON.stringify({ ...(wantsName ? { name } : {}), ...(wantsEmail ? { email: identity.email } : {}) })
  }

  const verifyClientSecret = async (secret: string): Promise<boolean> => {
    try {
      const header = decodeProtectedHeader(secret)
      if (header.alg !== 'ES256' || header.kid !== team.keyId) return false
      const { payload } = await jwtVerify(secret, team.publicKey, {
        algorithms: ['ES256'],
        issuer: team.teamId,
        subject: clientId,
        audience: issuer,
        requiredClaims: ['iat', 'exp'],
        currentDate: new Date(now()),
      })
      const iat = payload.iat!
      const exp = payload.exp!
      return iat <= seconds(now()) + CLOCK_SKEW_S && exp > iat && exp - iat <= APPLE_CLIENT_SECRET_MAX_LIFETIME_S
    } catch {
      return false
    }
  }

  const token = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const form = await readForm(req)
    if (form === undefined) return sendJson(res, 400, { error: 'invalid_request' })
    const secret = form.get('client_secret')
    if (form.get('client_id') !== clientId || secret === null || !(await verifyClientSecret(secret))) return sendJson(res, 400, { error: 'invalid_client' })
    if (form.get('grant_type') !== 'authorization_code') return sendJson(res, 400, { error: 'unsupported_grant_type' })
    const code = form.get('code')
    if (code === null) return sendJson(res, 400, { error: 'invalid_request' })
    const redeemed = codes.redeem(code, { clientId, redirectUri: form.get('redirect_uri'), codeVerifier: form.get('code_verifier') })
    if (redeemed === undefined) return sendJson(res, 400, { error: 'invalid_grant' })
    const { grant } = redeemed
    const accessToken = randomBytes(32).toString('base64url')
    const iat = seconds(now())
    const idToken = await new SignJWT({
      at_hash: tokenHash(accessToken),
      email: grant.identity.email,
      email_verified: 'true',
      is_private_email: 'false',
      auth_time: grant.authTimeS,
      nonce_supported: true,
      ...(grant.nonce === null ? {} : { nonce: grant.nonce }),
    })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(grant.audience)
      .setSubject(appleSubject(grant.identity.sub))
      .setIssuedAt(iat)
      .setExpirationTime(iat + ID_TOKEN_TTL_S)
      .sign(privateKey)
    sendJson(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_S,
      refresh_token: `r${randomBytes(32).toString('hex')}`,
      id_token: idToken,
    })
  }

  return {
    issuer,
    handle(req, res, url) {
      if (url.pathname !== prefix && !url.pathname.startsWith(`${prefix}/`)) return false
      const rest = url.pathname.slice(prefix.length)
      const interactionId = /^\/interaction\/([^/]+)$/.exec(rest)?.[1]
      if (rest === '/.well-known/openid-configuration') {
        if (allow(req, res, ['GET'])) sendJson(res, 200, discovery, { 'cache-control': 'public, max-age=60' })
      } else if (rest === '/auth/keys') {
        if (allow(req, res, ['GET'])) sendJson(res, 200, jwks, { 'cache-control': 'public, max-age=60' })
      } else if (rest === '/auth/authorize') {
        if (allow(req, res, ['GET'])) authorize(res, url.searchParams)
      } else if (interactionId !== undefined) {
        if (allow(req, res, ['GET', 'POST'])) settle(res, interaction(req, res, safeDecode(interactionId)))
      } else if (rest === '/auth/token') {
        if (allow(req, res, ['POST'])) settle(res, token(req, res))
      } else {
        sendJson(res, 404, { error: 'not_found' })
      }
      return true
    },
  }
}

/** Answers the app the way it asked: a page posting itself to it, or a redirect with the query or fragment. */
function deliver(
  res: ServerResponse,
  request: { readonly redirectUri: string; readonly responseMode: ResponseMode; readonly state: string | null },
  params: Record<string, string | undefined>,
): void {
  const fields = Object.entries({ ...params, state: request.state ?? undefined }).filter((e): e is [string, string] => e[1] !== undefined)
  if (request.responseMode === 'form_post') {
    // The fields in the order Apple posts them: code (or error), state, then user.
    const order = ['code', 'error', 'state', 'user']
    fields.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]))
    return sendHtml(res, 200, autoPostPage(request.redirectUri, fields))
  }
  if (request.responseMode === 'query') return redirect(res, withParams(request.redirectUri, Object.fromEntries(fields)))
  const target = new URL(request.redirectUri)
  target.hash = new URLSearchParams(fields).toString()
  redirect(res, target.toString())
}

function autoPostPage(action: string, fields: readonly (readonly [string, string])[]): string {
  const inputs = fields.map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('')
  return page(
    'Back to the app',
    `<form method="post" action="${escapeHtml(action)}" data-auto-submit>${inputs}<noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script>`,
  )
}

function isResponseMode(value: string): value is ResponseMode {
  return (RESPONSE_MODES as readonly string[]).includes(value)
}

function seconds(ms: number): number {
  return Math.floor(ms / 1000)
}

/** An Apple-like subject, `000123.<32 hex>.0456`, the same for the same person every time. */
function appleSubject(sub: string): string {
  const digest = createHash('sha256').update(`apple-subject\n${sub}`).digest()
  const head = (digest.readUIntBE(0, 3) % 1_000_000).toString().padStart(6, '0')
  const tail = (digest.readUInt16BE(19) % 10_000).toString().padStart(4, '0')
  return `${head}.${digest.subarray(3, 19).toString('hex')}.${tail}`
}

/** OIDC `at_hash`: the left half of the access token's SHA-256, base64url. */
function tokenHash(accessToken: string): string {
  return createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url')
}
