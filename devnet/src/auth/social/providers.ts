/**
 * The devnet's stand-ins for Google, GitHub, Apple, Facebook, X and Discord, each of its real
 * provider's shape and mounted on the wallet origin under `/social/<provider>`:
 *
 * - Google: an OpenID Connect issuer (oidc-provider: discovery, authorization code with PKCE, a
 *   client secret, signed id tokens);
 * - GitHub, Discord, X, Facebook: OAuth 2 servers with the provider's own user endpoint
 *   (./standins/oauth2);
 * - Apple: an issuer that answers by `form_post` and takes a JWT client secret signed with the
 *   team's key (./standins/apple).
 *
 * Each has its own sign-in page listing a few seeded people, a free-text email, "Deny" (consent
 * refused) and two devnet faults (the provider answering `server_error`; a token or code issued for
 * another app). `settings()` is how walletgate-server is configured for them, exactly as for the
 * real providers but for the endpoints.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { SignJWT, decodeJwt, exportJWK, exportPKCS8, generateKeyPair, type CryptoKey, type JWK } from 'jose'
import { Provider } from 'oidc-provider'
import type { SocialSettings } from '../../../../server/src/index.js'
import { readBody } from '../../service/http'
import {
  FAULT_SERVER_ERROR,
  FAULT_WRONG_AUDIENCE,
  OTHER_APP_CLIENT_ID,
  SOCIAL_PROVIDER_NAMES,
  identityForEmail,
  isSocialLoginProvider,
  isWellFormedEmail,
  seededIdentities,
  type SocialIdentity,
  type SocialLoginProvider,
} from './identities'
import { memoryAdapter } from './memory-adapter'
import { escapeHtml, page } from './pages'
import { startAppleStandIn } from './standins/apple'
import { startOAuth2StandIn, type OAuth2Shape } from './standins/oauth2'
import { signInPage } from './standins/sign-in-page'

/** The auth service's client id at every devnet provider. */
export const SOCIAL_CLIENT_ID = 'walletgate-devnet'
/** The wallet origin's client secret at every devnet provider but Apple (whose secret is a JWT). */
export const SOCIAL_CLIENT_SECRET = 'walletgate-devnet-client-secret'
export const SOCIAL_SCOPE = 'openid email profile'
/** The devnet's Apple team and key ids (a team key is made at each start). */
export const DEVNET_APPLE_TEAM_ID = 'DEVNETTEAM'
export const DEVNET_APPLE_KEY_ID = 'DEVNETKEY1'
const OAUTH2_SHAPES: readonly OAuth2Shape[] = ['github', 'discord', 'x', 'facebook']
/** The scopes the real providers are asked for (server/src/wallet/login/social/provider-settings.ts has the same). */
const OAUTH2_SCOPES: Record<OAuth2Shape, string> = { github: 'read:user user:email', discord: 'identify email', x: 'users.read tweet.read', facebook: 'public_profile email' }

export interface SocialProviders {
  /** walletgate-server's settings for these providers. */
  settings(): SocialSettings
  /** Serves `/social/<provider>/...`; false when the path is not a provider's. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean
}

interface Mounted {
  readonly provider: Provider
  readonly prefix: string
  readonly callback: (req: IncomingMessage, res: ServerResponse) => Promise<void>
  readonly accounts: Map<string, SocialIdentity>
  readonly signingKey: CryptoKey
  readonly kid: string
}

export async function startSocialProviders(options: { baseUrl: string; redirectUri: string }): Promise<SocialProviders> {
  const mounted = new Map<SocialLoginProvider, Mounted>([['google', await mount('google', options)]])
  const oauth2 = new Map(
    OAUTH2_SHAPES.map((shape) => [
      shape,
      startOAuth2StandIn({
        shape,
        baseUrl: options.baseUrl,
        prefix: `/social/${shape}`,
        clientId: SOCIAL_CLIENT_ID,
        clientSecret: SOCIAL_CLIENT_SECRET,
        redirectUri: options.redirectUri,
        // GitHub names itself in its answers (RFC 9207's iss); the others do not.
        ...(shape === 'github' ? { issuer: oauth2Issuer(options.baseUrl, shape) } : {}),
      }),
    ]),
  )
  const team = await generateKeyPair('ES256', { extractable: true })
  const apple = await startAppleStandIn({
    baseUrl: options.baseUrl,
    prefix: '/social/apple',
    clientId: SOCIAL_CLIENT_ID,
    redirectUri: options.redirectUri,
    team: { teamId: DEVNET_APPLE_TEAM_ID, keyId: DEVNET_APPLE_KEY_ID, publicKey: team.publicKey },
  })
  const applePem = await exportPKCS8(team.privateKey)
  const settings: SocialSettings = {
    google: { kind: 'oidc', issuer: mounted.get('google')!.provider.issuer, clientId: SOCIAL_CLIENT_ID, clientSecret: SOCIAL_CLIENT_SECRET, scope: SOCIAL_SCOPE, prompt: 'login consent' },
    apple: { kind: 'apple', issuer: apple.issuer, clientId: SOCIAL_CLIENT_ID, teamId: DEVNET_APPLE_TEAM_ID, keyId: DEVNET_APPLE_KEY_ID, privateKeyPem: applePem, scope: 'name email' },
  }
  for (const [shape, standIn] of oauth2) {
    settings[shape] = {
      kind: 'oauth2',
      shape,
      issuer: oauth2Issuer(options.baseUrl, shape),
      authorizationEndpoint: standIn.endpoints.authorization,
      tokenEndpoint: standIn.endpoints.token,
      userEndpoint: standIn.endpoints.user,
      clientId: SOCIAL_CLIENT_ID,
      clientSecret: SOCIAL_CLIENT_SECRET,
      scope: OAUTH2_SCOPES[shape],
      clientAuth: shape === 'x' ? 'basic' : 'post',
    }
  }

  const interaction = async (m: Mounted, name: SocialLoginProvider, req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const details = await m.provider.interactionDetails(req, res)
    if ((req.method ?? 'GET').toUpperCase() === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(signInPage(name, interactionPath(m.prefix, details.uid)))
      return
    }
    const form = new URLSearchParams(await readBody(req))
    const choice = form.get('identity') ?? ''
    if (choice === 'deny') {
      await m.provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The person refused to sign in' }, { mergeWithLastSubmission: false })
      return
    }
    if (choice === FAULT_SERVER_ERROR) {
      await m.provider.interactionFinished(req, res, { error: 'server_error', error_description: 'The devnet provider failed on purpose' }, { mergeWithLastSubmission: false })
      return
    }
    let identity: SocialIdentity | undefined
    if (choice === 'email') {
      const email = form.get('email') ?? ''
      if (!isWellFormedEmail(email)) {
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        res.end(signInPage(name, interactionPath(m.prefix, details.uid), 'Enter a valid email address'))
        return
      }
      identity = identityForEmail(name, email)
    } else if (choice === FAULT_WRONG_AUDIENCE) {
      identity = { sub: FAULT_WRONG_AUDIENCE, name: 'Token for another app', email: 'fault@devnet.test', username: 'fault' }
    } else {
      identity = seededIdentities(name).find((i) => i.sub === choice)
    }
    if (identity === undefined) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
      res.end(signInPage(name, interactionPath(m.prefix, details.uid), 'Pick who signs in'))
      return
    }
    m.accounts.set(identity.sub, identity)
    // Login and consent on one page: the grant covers what the app asked for.
    const grant = new m.provider.Grant({ accountId: identity.sub, clientId: String(details.params.client_id) })
    grant.addOIDCScope(String(details.params.scope ?? SOCIAL_SCOPE))
    const grantId = await grant.save()
    await m.provider.interactionFinished(req, res, { login: { accountId: identity.sub }, consent: { grantId } }, { mergeWithLastSubmission: false })
  }

  return {
    settings: () => settings,
    handle(req, res, url) {
      const match = /^\/social\/([a-z]+)(\/.*)?$/.exec(url.pathname)
      if (match === null || !isSocialLoginProvider(match[1]!)) return false
      const name = match[1]
      if (name === 'apple') return apple.handle(req, res, url)
      const standIn = oauth2.get(name as OAuth2Shape)
      if (standIn !== undefined) return standIn.handle(req, res, url)
      const m = mounted.get(name)!
      const rest = match[2] ?? '/'
      const failed = (error: unknown): void => {
        if (res.headersSent) {
          res.destroy()
          return
        }
        res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' })
        res.end(page('Sign-in not available', `<p>${escapeHtml(error instanceof Error ? error.message : 'This sign-in has expired')}. Start again from the app.</p>`))
      }
      if (/^\/interaction\/[^/]+$/.test(rest)) {
        interaction(m, name, req, res).catch(failed)
        return true
      }
      if ((req.method ?? '').toUpperCase() === 'POST' && rest === '/token') forgeWrongAudience(res, m)
      // A sign-in never sees the provider's earlier session (on the request nor on its resume): the
      // page always asks who signs in, and oidc-provider would answer a different person than the
      // session's with a logout step first.
      if (/^\/auth(\/[^/]+)?$/.test(rest)) dropCookies(req, [`_${name}_session`, `_${name}_session.sig`])
      // oidc-provider finds its mount path from originalUrl minus url (as under Express).
      const request = req as IncomingMessage & { originalUrl?: string }
      request.originalUrl = req.url
      req.url = `${rest}${url.search}`
      m.callback(req, res).catch(failed)
      return true
    },
  }
}

async function mount(name: SocialLoginProvider, options: { baseUrl: string; redirectUri: string }): Promise<Mounted> {
  const prefix = `/social/${name}`
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const kid = `${name}-${randomBytes(4).toString('hex')}`
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' }
  const accounts = new Map<string, SocialIdentity>()
  for (const identity of seededIdentities(name)) accounts.set(identity.sub, identity)
  const provider = new Provider(`${options.baseUrl}${prefix}`, {
    clients: [
      {
        client_id: SOCIAL_CLIENT_ID,
        client_secret: SOCIAL_CLIENT_SECRET,
        token_endpoint_auth_method: 'client_secret_post',
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        id_token_signed_response_alg: 'ES256',
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [jwk] },
    cookies: {
      keys: [randomBytes(32).toString('hex')],
      names: { session: `_${name}_session`, interaction: `_${name}_interaction`, resume: `_${name}_interaction_resume` },
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    // The auth service reads who signed in from the id token alone.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const identity = accounts.get(sub)
      if (identity === undefined) return undefined
      return {
        accountId: sub,
        claims: () => ({ sub, email: identity.email, email_verified: true, name: identity.name, preferred_username: identity.username }),
      }
    },
    renderError: (ctx: { type: string; body: string }, out: { error?: string; error_description?: string }) => {
      ctx.type = 'html'
      ctx.body = page(`${SOCIAL_PROVIDER_NAMES[name]} (devnet) could not sign you in`, `<p>${escapeHtml(out.error_description ?? out.error ?? 'Something went wrong')}. Start again from the app.</p>`)
    },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 600, Grant: 600 },
  })
  return { provider, prefix, callback: provider.callback(), accounts, signingKey: privateKey, kid }
}

function dropCookies(req: IncomingMessage, names: readonly string[]): void {
  const header = req.headers.cookie
  if (header === undefined) return
  const kept = header
    .split(';')
    .map((c) => c.trim())
    .filter((c) => c !== '' && !names.includes(c.slice(0, c.indexOf('=') < 0 ? c.length : c.indexOf('='))))
  if (kept.length === 0) delete req.headers.cookie
  else req.headers.cookie = kept.join('; ')
}

/**
 * The "token for another app" fault: the token answer for that identity carries an id token
 * signed by this provider's own key but addressed to another client, as a token stolen from
 * another app would be. Every other answer passes unchanged.
 */
function forgeWrongAudience(res: ServerResponse, m: Mounted): void {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse
  const patched = (chunk?: unknown): ServerResponse => {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : undefined
    if (text === undefined) return end(chunk)
    let answer: { id_token?: unknown }
    try {
      answer = JSON.parse(text) as { id_token?: unknown }
    } catch {
      return end(chunk)
    }
    if (typeof answer.id_token !== 'string' || decodeJwt(answer.id_token).sub !== FAULT_WRONG_AUDIENCE) return end(chunk)
    const claims = decodeJwt(answer.id_token)
    void new SignJWT({ ...claims, aud: OTHER_APP_CLIENT_ID })
      .setProtectedHeader({ alg: 'ES256', kid: m.kid, typ: 'JWT' })
      .sign(m.signingKey)
      .then((forged) => {
        const body = JSON.stringify({ ...answer, id_token: forged })
        if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(body))
        end(body)
      })
    return res
  }
  res.end = patched as typeof res.end
}

const interactionPath = (prefix: string, uid: string): string => `${prefix}/interaction/${encodeURIComponent(uid)}`

/** An OAuth 2 stand-in's issuer: its own prefix on the wallet origin. */
const oauth2Issuer = (baseUrl: string, shape: OAuth2Shape): string => `${baseUrl}/social/${shape}`
