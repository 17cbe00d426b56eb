/**
 * The wallet origin as a client of each sign-in provider, through openid-client (OAuth 2 and
 * OpenID Connect done by a well-kept, certified library rather than by hand): the authorization
 * address with state, nonce and a PKCE challenge; then the answer checked (state, the `iss` of
 * RFC 9207 where the provider sends it, the code exchanged with the verifier; for OpenID the id
 * token's signature by the provider's published keys, issuer, audience, expiry and nonce), and the
 * person read from the id token or, for plain OAuth 2, from the provider's user endpoint.
 */
import * as oidc from 'openid-client'
import { SignJWT, importPKCS8 } from 'jose'
import { isLoopbackHttp, type SocialProvider, type SocialProviderSettings, type SocialSettings, type UserEndpointShape } from './provider-settings.js'

/** Who signed in, as the provider names them. */
export interface SocialProfile {
  /** The provider's stable subject for this person. */
  readonly sub: string
  /** Only an address the provider says it verified. */
  readonly email?: string
  readonly userName?: string
}

/** What a flow keeps between its start and the provider's answer. */
export interface FlowChecks {
  readonly state: string
  readonly nonce: string
  readonly verifier: string
}

/** The provider answered with an error (the person refused, or the provider failed). */
export class ProviderRefusal extends Error {
  constructor(readonly code: 'access_denied' | 'server_error') {
    super(code)
  }
}

/** The provider's answer could not be verified (a forged, replayed or mixed-up answer). */
export class UnverifiedAnswer extends Error {}

/** How long a request to a provider may take. */
const PROVIDER_TIMEOUT_SECONDS = 10
/** An Apple client secret lives this long (Apple allows up to six months; a short one leaks less). */
const APPLE_SECRET_LIFETIME_S = 300
/** The answers a person gives by refusing (Apple says `user_cancelled_authorize`). */
const REFUSALS = new Set(['access_denied', 'user_cancelled_authorize', 'consent_required', 'login_required'])

export class SocialClients {
  private readonly configs = new Map<SocialProvider, Promise<oidc.Configuration>>()

  constructor(
    /** The providers (read when first needed: a devnet's stand-ins know their address once it listens). */
    private readonly settings: () => SocialSettings,
    /** Where every provider sends its answer (`<wallet origin>/social/callback`). */
    private readonly redirectUri: () => string,
  ) {}

  has(provider: SocialProvider): boolean {
    return this.settings()[provider] !== undefined
  }

  /** The provider's authorization address for one flow. */
  async authorizationUrl(provider: SocialProvider, checks: FlowChecks): Promise<URL> {
    const settings = this.settingsOf(provider)
    const config = await this.config(provider)
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri(),
      scope: settings.scope,
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
    }
    if (settings.kind !== 'oauth2') params.nonce = checks.nonce
    if (settings.kind === 'oidc' && settings.prompt !== undefined) params.prompt = settings.prompt
    // Apple sends name and email only by a form POST to the callback.
    if (settings.kind === 'apple') params.response_mode = 'form_post'
    return oidc.buildAuthorizationUrl(config, params)
  }

  /**
   * The person the provider's answer (`params`: the callback's query, or its form for `form_post`)
   * names, once every check passed. ProviderRefusal when the provider answered an error;
   * UnverifiedAnswer when anything does not check out.
   */
  async finish(provider: SocialProvider, params: URLSearchParams, checks: FlowChecks): Promise<SocialProfile> {
    const error = params.get('error')
    if (error !== null) throw new ProviderRefusal(REFUSALS.has(error) ? 'access_denied' : 'server_error')
    const settings = this.settingsOf(provider)
    let config = await this.config(provider)
    // Apple's client secret is a JWT signed now with the team's key.
    if (settings.kind === 'apple') config = await this.appleConfig(settings, config)
    const answer = new URL(this.redirectUri())
    for (const [key, value] of params) if (key !== 'user') answer.searchParams.append(key, value)
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
    try {
      tokens = await oidc.authorizationCodeGrant(config, answer, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        ...(settings.kind === 'oauth2' ? {} : { expectedNonce: checks.nonce, idTokenExpected: true }),
      })
    } catch (cause) {
      throw new UnverifiedAnswer('the code exchange or the id token did not check out', { cause })
    }
    if (settings.kind !== 'oauth2') return fromIdToken(tokens.claims(), settings.kind === 'apple' ? appleUser(params.get('user')) : undefined)
    const res = await oidc.fetchProtectedResource(config, tokens.access_token, new URL(settings.userEndpoint), 'GET').catch((cause: unknown) => {
      throw new UnverifiedAnswer('the user endpoint did not answer', { cause })
    })
    if (!res.ok) throw new UnverifiedAnswer(`the user endpoint answered ${res.status}`)
    const profile = fromUserEndpoint(settings.shape, await res.json().catch(() => undefined))
    if (profile === undefined) throw new UnverifiedAnswer('the user endpoint named no one')
    return profile
  }

  private settingsOf(provider: SocialProvider): SocialProviderSettings {
    const settings = this.settings()[provider]
    if (settings === undefined) throw new Error(`${provider} is not configured`)
    return settings
  }

  /** The provider's configuration: discovered once (again after a failure), or built from its endpoints. */
  private config(provider: SocialProvider): Promise<oidc.Configuration> {
    let found = this.configs.get(provider)
    if (found === undefined) {
      found = this.makeConfig(this.settingsOf(provider))
      found.catch(() => this.configs.delete(provider))
      this.configs.set(provider, found)
    }
    return found
  }

  private async makeConfig(settings: SocialProviderSettings): Promise<oidc.Configuration> {
    const insecure = (...urls: string[]): boolean => urls.every(isLoopbackHttp)
    let config: oidc.Configuration
    if (settings.kind === 'oauth2') {
      const { issuer, authorizationEndpoint, tokenEndpoint, userEndpoint } = settings
      config = new oidc.Configuration(
        // A provider that names itself in its answers (GitHub) is checked against this issuer.
        { issuer, authorization_endpoint: authorizationEndpoint, token_endpoint: tokenEndpoint },
        settings.clientId,
        { client_secret: settings.clientSecret },
        settings.clientAuth === 'basic' ? oidc.ClientSecretBasic(settings.clientSecret) : oidc.ClientSecretPost(settings.clientSecret),
      )
      if (insecure(authorizationEndpoint, tokenEndpoint, userEndpoint)) oidc.allowInsecureRequests(config)
    } else {
      const execute = isLoopbackHttp(settings.issuer) ? [oidc.allowInsecureRequests] : []
      const auth = settings.kind === 'oidc' ? oidc.ClientSecretPost(settings.clientSecret) : oidc.None()
      config = await oidc.discovery(new URL(settings.issuer), settings.clientId, settings.kind === 'oidc' ? { client_secret: settings.clientSecret } : {}, auth, { execute })
    }
    config.timeout = PROVIDER_TIMEOUT_SECONDS
    return config
  }

  private async appleConfig(settings: Extract<SocialProviderSettings, { kind: 'apple' }>, discovered: oidc.Configuration): Promise<oidc.Configuration> {
    const key = await importPKCS8(settings.privateKeyPem, 'ES256')
    const issuedAt = Math.floor(Date.now() / 1000)
    const secret = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: settings.keyId })
      .setIssuer(settings.teamId)
      .setSubject(settings.clientId)
      .setAudience(settings.issuer)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + APPLE_SECRET_LIFETIME_S)
      .sign(key)
    const config = new oidc.Configuration(discovered.serverMetadata(), settings.clientId, { client_secret: secret }, oidc.ClientSecretPost(secret))
    if (isLoopbackHttp(settings.issuer)) oidc.allowInsecureRequests(config)
    config.timeout = PROVIDER_TIMEOUT_SECONDS
    return config
  }
}

type Claims = ReturnType<Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>['claims']>

/** The person an id token names; its email only when the provider says it verified it (Apple says "true"). */
function fromIdToken(claims: Claims, appleName?: string): SocialProfile {
  if (claims === undefined) throw new UnverifiedAnswer('no id token')
  const verified = claims.email_verified === true || claims.email_verified === 'true'
  const email = typeof claims.email === 'string' && verified ? claims.email : undefined
  const userName = [claims.preferred_username, claims.name, appleName].find((v): v is string => typeof v === 'string' && v.trim() !== '')
  return { sub: claims.sub, ...(email === undefined ? {} : { email }), ...(userName === undefined ? {} : { userName }) }
}

/** Apple's `user` form field (the first sign-in only): the person's name as they gave it. */
function appleUser(value: string | null): string | undefined {
  if (value === null) return undefined
  try {
    const user = JSON.parse(value) as { name?: { firstName?: unknown; lastName?: unknown } }
    const name = [user.name?.firstName, user.name?.lastName].filter((v): v is string => typeof v === 'string' && v !== '').join(' ')
    return name === '' ? undefined : name.slice(0, 128)
  } catch {
    return undefined
  }
}

const str = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined)

/** The person a user endpoint names, in each provider's own shape. */
export function fromUserEndpoint(shape: UserEndpointShape, body: unknown): SocialProfile | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const b = body as Record<string, unknown>
  const profile = (sub: string | undefined, userName: unknown, email?: unknown): SocialProfile | undefined => {
    if (sub === undefined) return undefined
    const name = str(userName)
    const mail = str(email)
    return { sub, ...(name === undefined ? {} : { userName: name }), ...(mail === undefined ? {} : { email: mail }) }
  }
  switch (shape) {
    // GitHub shows only a public, verified primary email on /user (or none).
    case 'github':
      return profile(str(b.id), b.login, b.email)
    case 'discord':
      return profile(str(b.id), b.username, b.verified === true ? b.email : undefined)
    case 'x': {
      const data = typeof b.data === 'object' && b.data !== null ? (b.data as Record<string, unknown>) : {}
      return profile(str(data.id), data.username)
    }
    // Facebook answers only confirmed emails.
    case 'facebook':
      return profile(str(b.id), b.name, b.email)
  }
}
