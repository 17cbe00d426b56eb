/** The devnet's hand-written social stand-ins (plain OAuth 2 shapes and Apple), walked over real HTTP. */
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { SignJWT, createLocalJWKSet, decodeJwt, generateKeyPair, jwtVerify, type CryptoKey, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FAULT_SERVER_ERROR, FAULT_WRONG_AUDIENCE } from '../../../devnet/src/auth/social/identities'
import { OTHER_APP_CLIENT_ID } from '../../../devnet/src/auth/social/identities'
import { startAppleStandIn, type AppleStandIn } from '../../../devnet/src/auth/social/standins/apple'
import { startOAuth2StandIn, type OAuth2Shape, type OAuth2StandIn } from '../../../devnet/src/auth/social/standins/oauth2'

const CLIENT_ID = 'walletgate-devnet'
const CLIENT_SECRET = 'devnet-client-secret'
const REDIRECT_URI = 'http://app.devnet.test/auth/social/callback'
const APPLE_CLIENT_ID = 'test.walletgate.devnet'
const TEAM_ID = 'TEAM123456'
const KEY_ID = 'KEY1234567'
const SHAPES: readonly OAuth2Shape[] = ['github', 'discord', 'x', 'facebook']

const START_MS = Date.UTC(2030, 0, 1)
const clock = { ms: START_MS }
const now = (): number => clock.ms
const seconds = (ms: number): number => Math.floor(ms / 1000)

let server: Server
let base: string
const oauth2 = {} as Record<OAuth2Shape, OAuth2StandIn>
let apple: AppleStandIn
let team: { privateKey: CryptoKey; publicKey: CryptoKey }

beforeAll(async () => {
  const handlers: { handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean }[] = []
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base)
    if (!handlers.some((h) => h.handle(req, res, url))) res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  for (const shape of SHAPES) {
    oauth2[shape] = startOAuth2StandIn({ shape, baseUrl: base, prefix: `/social/${shape}`, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, redirectUri: REDIRECT_URI, now })
    handlers.push(oauth2[shape])
  }
  team = await generateKeyPair('ES256')
  apple = await startAppleStandIn({ baseUrl: base, prefix: '/social/apple', clientId: APPLE_CLIENT_ID, redirectUri: REDIRECT_URI, team: { teamId: TEAM_ID, keyId: KEY_ID, publicKey: team.publicKey }, now })
  handlers.push(apple)
})

afterAll(async () => {
  await new Promise<void>((resolve, reject) => server.close((error) => (error === undefined ? resolve() : reject(error))))
})

beforeEach(() => {
  clock.ms = START_MS
})

// ---- A small browser: forms found as the e2e browser finds them ----

interface Form {
  readonly action: string
  readonly attributes: string
  readonly fields: Record<string, string>
}

function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e] ?? '')
}

function formsOf(html: string): Form[] {
  return [...html.matchAll(/<form method="post" action="([^"]*)"([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => ({
    action: unescapeHtml(m[1]!),
    attributes: m[2]!,
    fields: Object.fromEntries([...m[3]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((f) => [f[1]!, unescapeHtml(f[2]!)])),
  }))
}

function pkce(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

function get(url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { redirect: 'manual', headers })
}

function postForm(url: string, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(body).toString() })
}

/** A request's parameters to change: a value replaces, null drops (undefined leaves as is). */
type Overrides = Readonly<Record<string, string | null | undefined>>

/** The authorize URL of a stand-in, with a well-formed request unless told otherwise. */
function authorizeUrl(endpoint: string, overrides: Overrides = {}, challenge?: string): string {
  const url = new URL(endpoint)
  const params: Record<string, string | null | undefined> = {
    response_type: 'code',
    client_id: CLIENT_ID,
    redirect_uri: REDIRECT_URI,
    scope: 'read:user user:email',
    state: 'state-123',
    ...(challenge === undefined ? {} : { code_challenge: challenge, code_challenge_method: 'S256' }),
  }
  for (const [k, v] of Object.entries(overrides)) if (v !== undefined) params[k] = v
  for (const [k, v] of Object.entries(params)) if (typeof v === 'string') url.searchParams.set(k, v)
  return url.toString()
}

/** Opens the sign-in page and answers one of its forms: a seeded person's sub, 'deny', a fault, or 'email'. */
async function choose(pageUrl: string, identity: string, extra: Record<string, string> = {}): Promise<Response> {
  const pageResponse = await get(pageUrl)
  expect(pageResponse.status).toBe(200)
  const form = formsOf(await pageResponse.text()).find((f) => f.fields.identity === identity)
  expect(form, `a form for ${identity}`).toBeDefined()
  return postForm(new URL(form!.action, base).toString(), { ...form!.fields, ...extra })
}

/** The app's callback the stand-in redirected to. */
function callback(response: Response): URLSearchParams {
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('location')!)
  expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI)
  return location.searchParams
}

/** A code for this person at an OAuth 2 stand-in (with PKCE when a verifier pair is given). */
async function codeFor(shape: OAuth2Shape, identity: string, pair?: { challenge: string }): Promise<string> {
  const params = callback(await choose(authorizeUrl(oauth2[shape].endpoints.authorization, {}, pair?.challenge), identity))
  expect(params.get('state')).toBe('state-123')
  return params.get('code')!
}

function exchange(shape: OAuth2Shape, body: Record<string, string>, headers: Record<string, string> = {}): Promise<Response> {
  return postForm(oauth2[shape].endpoints.token, { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, client_id: CLIENT_ID, client_secret: CLIENT_SECRET, ...body }, headers)
}

async function accessTokenFor(shape: OAuth2Shape, identity: string): Promise<string> {
  const pair = pkce()
  const code = await codeFor(shape, identity, pair)
  const response = await exchange(shape, { code, code_verifier: pair.verifier })
  expect(response.status).toBe(200)
  return ((await response.json()) as { access_token: string }).access_token
}

function userOf(shape: OAuth2Shape, token: string, url = oauth2[shape].endpoints.user): Promise<Response> {
  return get(url, { authorization: `Bearer ${token}` })
}

async function expectGrantRefused(response: Response): Promise<void> {
  expect(response.status).toBe(400)
  expect(await response.json()).toEqual({ error: 'invalid_grant' })
}

// ---- The OAuth 2 shapes ----

describe('the plain OAuth 2 stand-ins', () => {
  const expectedUser: Record<OAuth2Shape, unknown> = {
    github: { id: expect.any(Number), login: 'alice', name: 'Alice Devnet', email: 'alice@devnet.test' },
    discord: { id: expect.stringMatching(/^\d{17,19}$/), username: 'alice', global_name: 'Alice Devnet', email: 'alice@devnet.test', verified: true },
    x: { data: { id: expect.stringMatching(/^\d{17,19}$/), name: 'Alice Devnet', username: 'alice' } },
    facebook: { id: expect.stringMatching(/^\d{16}$/), name: 'Alice Devnet', email: 'alice@devnet.test' },
  }

  it.each(SHAPES)('%s: authorize, the sign-in page, a seeded person, the code with PKCE, the token, the user in its own shape', async (shape) => {
    const standIn = oauth2[shape]
    expect(standIn.endpoints).toEqual({
      authorization: `${base}/social/${shape}/authorize`,
      token: `${base}/social/${shape}/token`,
      user: `${base}/social/${shape}${{ github: '/user', discord: '/users/@me', x: '/2/users/me', facebook: '/me?fields=id,name,email' }[shape]}`,
    })
    const pair = pkce()
    const pageResponse = await get(authorizeUrl(standIn.endpoints.authorization, {}, pair.challenge))
    expect(pageResponse.status).toBe(200)
    const html = await pageResponse.text()
    expect(html).toContain(`<title>Sign in with ${{ github: 'GitHub', discord: 'Discord', x: 'X', facebook: 'Facebook' }[shape]} (devnet)</title>`)
    const identities = formsOf(html).map((f) => f.fields.identity)
    expect(identities).toEqual([`${shape}-1001`, `${shape}-1002`, `${shape}-1003`, 'email', 'deny', FAULT_SERVER_ERROR, FAULT_WRONG_AUDIENCE])
    // The pending request is kept server-side: the forms carry nothing but the choice.
    for (const form of formsOf(html)) {
      expect(Object.keys(form.fields)).toEqual(['identity'])
      expect(form.action).toMatch(new RegExp(`^/social/${shape}/interaction/[A-Za-z0-9_-]{20,}$`))
    }

    const params = callback(await choose(authorizeUrl(standIn.endpoints.authorization, {}, pair.challenge), `${shape}-1001`))
    expect(params.get('state')).toBe('state-123')
    const code = params.get('code')!
    const tokenResponse = await exchange(shape, { code, code_verifier: pair.verifier })
    expect(tokenResponse.status).toBe(200)
    expect(tokenResponse.headers.get('content-type')).toBe('application/json')
    expect(tokenResponse.headers.get('cache-control')).toBe('no-store')
    const answer = (await tokenResponse.json()) as Record<string, unknown>
    expect(answer).toEqual({ access_token: expect.any(String), token_type: 'bearer', scope: 'read:user user:email', expires_in: 3600 })

    const userResponse = await userOf(shape, answer.access_token as string)
    expect(userResponse.status).toBe(200)
    const user = (await userResponse.json()) as Record<string, unknown>
    expect(user).toEqual(expectedUser[shape])
    if (shape === 'github') expect(Number.isSafeInteger(user.id) && (user.id as number) > 0).toBe(true)
  })

  it('the same person always gets the same id, another person another, and each provider its own', async () => {
    const idAt = async (shape: OAuth2Shape, identity: string): Promise<unknown> => {
      const body = (await (await userOf(shape, await accessTokenFor(shape, identity))).json()) as { id?: unknown; data?: { id: unknown } }
      return body.data?.id ?? body.id
    }
    const alice = await idAt('github', 'github-1001')
    expect(await idAt('github', 'github-1001')).toBe(alice)
    expect(await idAt('github', 'github-1002')).not.toBe(alice)
    const discordAlice = await idAt('discord', 'discord-1001')
    expect(await idAt('discord', 'discord-1001')).toBe(discordAlice)
    expect(await idAt('x', 'x-1001')).not.toBe(discordAlice)
  })

  it('Facebook answers only the fields asked for, id and name unless told', async () => {
    const token = await accessTokenFor('facebook', 'facebook-1002')
    const endpoint = `${base}/social/facebook/me`
    const full = (await (await userOf('facebook', token)).json()) as Record<string, string>
    expect(full).toEqual({ id: expect.any(String), name: 'Bob Devnet', email: 'bob@devnet.test' })
    expect(await (await userOf('facebook', token, endpoint)).json()).toEqual({ id: full.id, name: 'Bob Devnet' })
    expect(await (await userOf('facebook', token, `${endpoint}?fields=email`)).json()).toEqual({ email: 'bob@devnet.test' })
    expect((await userOf('facebook', token, `${endpoint}?fields=id,birthday`)).status).toBe(400)
  })

  it('a typed email signs in that address; a malformed one shows the page again, still usable', async () => {
    const pageUrl = authorizeUrl(oauth2.github.endpoints.authorization)
    const bad = await choose(pageUrl, 'email', { email: 'not an email' })
    expect(bad.status).toBe(400)
    const again = await bad.text()
    expect(again).toContain('<p role="alert">Enter a valid email address</p>')
    const emailForm = formsOf(again).find((f) => f.fields.identity === 'email')!
    const good = await postForm(new URL(emailForm.action, base).toString(), { identity: 'email', email: 'Visitor@Example.test' })
    const code = callback(good).get('code')!
    const tokenResponse = await exchange('github', { code })
    const user = (await (await userOf('github', ((await tokenResponse.json()) as { access_token: string }).access_token)).json()) as Record<string, unknown>
    expect(user).toMatchObject({ login: 'visitor', email: 'visitor@example.test' })
  })

  it('client authentication by HTTP Basic is accepted too; a wrong secret or client either way is invalid_client', async () => {
    const pair = pkce()
    const code = await codeFor('discord', 'discord-1001', pair)
    const basic = (id: string, secret: string): string => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`
    const withoutBodyAuth = { grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, code, code_verifier: pair.verifier }
    const tokenUrl = oauth2.discord.endpoints.token

    const wrongPost = await exchange('discord', { code, code_verifier: pair.verifier, client_secret: 'wrong' })
    expect(wrongPost.status).toBe(401)
    expect(await wrongPost.json()).toEqual({ error: 'invalid_client' })
    const wrongClient = await exchange('discord', { code, code_verifier: pair.verifier, client_id: 'someone-else' })
    expect(wrongClient.status).toBe(401)
    const wrongBasic = await postForm(tokenUrl, withoutBodyAuth, { authorization: basic(CLIENT_ID, 'wrong') })
    expect(wrongBasic.status).toBe(401)
    expect(await wrongBasic.json()).toEqual({ error: 'invalid_client' })
    const noAuth = await postForm(tokenUrl, withoutBodyAuth)
    expect(noAuth.status).toBe(401)

    // The refusals were the client's alone: the same code still works with the right secret.
    const right = await postForm(tokenUrl, withoutBodyAuth, { authorization: basic(CLIENT_ID, CLIENT_SECRET) })
    expect(right.status).toBe(200)
  })

  it('a code is used once: presented again it is invalid_grant and the token it gave stops working', async () => {
    const pair = pkce()
    const code = await codeFor('github', 'github-1001', pair)
    const first = await exchange('github', { code, code_verifier: pair.verifier })
    expect(first.status).toBe(200)
    const token = ((await first.json()) as { access_token: string }).access_token
    expect((await userOf('github', token)).status).toBe(200)
    await expectGrantRefused(await exchange('github', { code, code_verifier: pair.verifier }))
    expect((await userOf('github', token)).status).toBe(401)
  })

  it('a code lives 60 seconds', async () => {
    const fresh = await codeFor('github', 'github-1001')
    const stale = await codeFor('github', 'github-1001')
    clock.ms += 59_000
    expect((await exchange('github', { code: fresh })).status).toBe(200)
    clock.ms += 2_000
    await expectGrantRefused(await exchange('github', { code: stale }))
  })

  it('a code with a challenge needs its verifier: a wrong or missing one is invalid_grant', async () => {
    const pair = pkce()
    await expectGrantRefused(await exchange('x', { code: await codeFor('x', 'x-1001', pair), code_verifier: pkce().verifier }))
    await expectGrantRefused(await exchange('x', { code: await codeFor('x', 'x-1001', pair) }))
    expect((await exchange('x', { code: await codeFor('x', 'x-1001', pair), code_verifier: pair.verifier })).status).toBe(200)
  })

  it('the token request must name the redirect_uri the code went to', async () => {
    await expectGrantRefused(await exchange('github', { code: await codeFor('github', 'github-1001'), redirect_uri: 'http://app.devnet.test/elsewhere' }))
  })

  it('an unknown client or an unregistered redirect_uri gets an error page, never a redirect there', async () => {
    for (const overrides of [{ redirect_uri: 'https://attacker.test/callback' }, { client_id: 'someone-else' }, { redirect_uri: null }]) {
      const response = await get(authorizeUrl(oauth2.github.endpoints.authorization, overrides))
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(response.headers.get('content-type')).toMatch(/^text\/html/)
      expect(await response.text()).toContain('GitHub (devnet) could not sign you in')
    }
  })

  it('X requires an S256 challenge; GitHub signs in without one', async () => {
    const refused = callback(await get(authorizeUrl(oauth2.x.endpoints.authorization)))
    expect(refused.get('error')).toBe('invalid_request')
    expect(refused.get('state')).toBe('state-123')
    expect(refused.get('code')).toBeNull()
    const code = await codeFor('github', 'github-1001')
    expect((await exchange('github', { code })).status).toBe(200)
    // A verifier for a code that had no challenge is a downgrade, refused too.
    await expectGrantRefused(await exchange('github', { code: await codeFor('github', 'github-1001'), code_verifier: pkce().verifier }))
  })

  it('a challenge by another method than S256, or a response_type other than code, is invalid_request', async () => {
    const { challenge } = pkce()
    for (const overrides of [{ code_challenge: challenge, code_challenge_method: 'plain' }, { code_challenge: challenge }, { response_type: 'token' }]) {
      const params = callback(await get(authorizeUrl(oauth2.github.endpoints.authorization, overrides)))
      expect(params.get('error')).toBe('invalid_request')
      expect(params.get('state')).toBe('state-123')
    }
  })

  it('Deny answers access_denied, the provider fault server_error, with the state', async () => {
    for (const [choice, error] of [
      ['deny', 'access_denied'],
      [FAULT_SERVER_ERROR, 'server_error'],
    ] as const) {
      const params = callback(await choose(authorizeUrl(oauth2.discord.endpoints.authorization), choice))
      expect(params.get('error')).toBe(error)
      expect(params.get('state')).toBe('state-123')
      expect(params.get('code')).toBeNull()
    }
  })

  it('the wrong-audience fault hands out a code this client cannot redeem', async () => {
    const pair = pkce()
    const code = await codeFor('github', FAULT_WRONG_AUDIENCE, pair)
    expect(code).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    await expectGrantRefused(await exchange('github', { code, code_verifier: pair.verifier }))
  })

  it('the user endpoint wants a live bearer token: missing, unknown or older than an hour is 401 in the provider\'s shape', async () => {
    const token = await accessTokenFor('facebook', 'facebook-1001')
    const missing = await get(oauth2.facebook.endpoints.user)
    expect(missing.status).toBe(401)
    expect(await missing.json()).toMatchObject({ error: { type: 'OAuthException', code: 190 } })
    expect((await userOf('facebook', 'not-a-token')).status).toBe(401)
    const github = await userOf('github', token)
    expect(github.status).toBe(401)
    expect(await github.json()).toMatchObject({ message: 'Bad credentials' })
    clock.ms += 3_599_000
    expect((await userOf('facebook', token)).status).toBe(200)
    clock.ms += 2_000
    expect((await userOf('facebook', token)).status).toBe(401)
  })

  it('a sign-in page is answered once, and for ten minutes', async () => {
    const pageResponse = await get(authorizeUrl(oauth2.github.endpoints.authorization))
    const form = formsOf(await pageResponse.text()).find((f) => f.fields.identity === 'github-1001')!
    const action = new URL(form.action, base).toString()
    expect((await postForm(action, form.fields)).status).toBe(302)
    const replay = await postForm(action, form.fields)
    expect(replay.status).toBe(400)
    expect(replay.headers.get('location')).toBeNull()

    const tooLate = formsOf(await (await get(authorizeUrl(oauth2.github.endpoints.authorization))).text()).find((f) => f.fields.identity === 'github-1001')!
    const inTime = formsOf(await (await get(authorizeUrl(oauth2.github.endpoints.authorization))).text()).find((f) => f.fields.identity === 'github-1001')!
    clock.ms += 599_000
    expect((await postForm(new URL(inTime.action, base).toString(), inTime.fields)).status).toBe(302)
    clock.ms += 2_000
    expect((await postForm(new URL(tooLate.action, base).toString(), tooLate.fields)).status).toBe(400)
  })
})

// ---- Apple ----

describe('the Apple stand-in', () => {
  const appleAuthorize = (overrides: Overrides = {}, challenge?: string): string =>
    authorizeUrl(`${apple.issuer}/auth/authorize`, { client_id: APPLE_CLIENT_ID, scope: 'name email', response_mode: 'form_post', nonce: 'nonce-456', ...overrides }, challenge)

  const clientSecret = async (change: { iss?: string; sub?: string; aud?: string; iat?: number; exp?: number; kid?: string; key?: CryptoKey } = {}): Promise<string> => {
    const iat = change.iat ?? seconds(clock.ms)
    return new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: change.kid ?? KEY_ID })
      .setIssuer(change.iss ?? TEAM_ID)
      .setSubject(change.sub ?? APPLE_CLIENT_ID)
      .setAudience(change.aud ?? apple.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(change.exp ?? iat + 3600)
      .sign(change.key ?? team.privateKey)
  }

  const appleToken = async (body: Record<string, string>): Promise<Response> =>
    postForm(`${apple.issuer}/auth/token`, { client_id: APPLE_CLIENT_ID, client_secret: await clientSecret(), grant_type: 'authorization_code', redirect_uri: REDIRECT_URI, ...body })

  /** The page Apple answers a choice with: a form posting itself to the app. */
  const autoPost = async (response: Response): Promise<Record<string, string>> => {
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    const [form, ...others] = formsOf(html)
    expect(others).toEqual([])
    expect(form!.action).toBe(REDIRECT_URI)
    expect(form!.attributes).toBe(' data-auto-submit')
    expect(html).toContain('<script>document.forms[0].submit()</script>')
    expect(html).toContain('<noscript>')
    return form!.fields
  }

  const appleCode = async (identity: string, challenge?: string): Promise<string> => (await autoPost(await choose(appleAuthorize({}, challenge), identity))).code!

  const verifyIdToken = async (idToken: string): Promise<Record<string, unknown>> => {
    const jwks = (await (await get(`${apple.issuer}/auth/keys`)).json()) as JSONWebKeySet
    const { payload, protectedHeader } = await jwtVerify(idToken, createLocalJWKSet(jwks), { issuer: apple.issuer, algorithms: ['RS256'], currentDate: new Date(clock.ms) })
    expect(protectedHeader).toEqual({ alg: 'RS256', kid: jwks.keys[0]!.kid, typ: 'JWT' })
    return payload
  }

  it('publishes its discovery document and its RS256 key', async () => {
    const response = await get(`${apple.issuer}/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    expect(apple.issuer).toBe(`${base}/social/apple`)
    expect(await response.json()).toEqual({
      issuer: apple.issuer,
      authorization_endpoint: `${apple.issuer}/auth/authorize`,
      token_endpoint: `${apple.issuer}/auth/token`,
      jwks_uri: `${apple.issuer}/auth/keys`,
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'fragment', 'form_post'],
      subject_types_supported: ['pairwise'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'name'],
      token_endpoint_auth_methods_supported: ['client_secret_post'],
      code_challenge_methods_supported: ['S256'],
    })
    const jwks = (await (await get(`${apple.issuer}/auth/keys`)).json()) as JSONWebKeySet
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String), n: expect.any(String), e: 'AQAB' })
    expect(jwks.keys[0]).not.toHaveProperty('d')
  })

  it('posts the code, the state and (the first time only) the person to the app; the token answer carries a verifiable id token', async () => {
    const pair = pkce()
    const pageResponse = await get(appleAuthorize({}, pair.challenge))
    expect(await pageResponse.text()).toContain('<title>Sign in with Apple (devnet)</title>')

    const first = await autoPost(await choose(appleAuthorize({}, pair.challenge), 'apple-1003'))
    expect(Object.keys(first)).toEqual(['code', 'state', 'user'])
    expect(first.state).toBe('state-123')
    expect(JSON.parse(first.user!)).toEqual({ name: { firstName: 'Carol', lastName: 'Devnet' }, email: 'carol@devnet.test' })

    const response = await appleToken({ code: first.code!, code_verifier: pair.verifier })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const answer = (await response.json()) as Record<string, unknown>
    expect(answer).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 3600, refresh_token: expect.any(String), id_token: expect.any(String) })
    const claims = await verifyIdToken(answer.id_token as string)
    expect(claims).toMatchObject({
      iss: apple.issuer,
      aud: APPLE_CLIENT_ID,
      sub: expect.stringMatching(/^\d{6}\.[0-9a-f]{32}\.\d{4}$/),
      nonce: 'nonce-456',
      nonce_supported: true,
      email: 'carol@devnet.test',
      email_verified: 'true',
      is_private_email: 'false',
      iat: seconds(clock.ms),
      exp: seconds(clock.ms) + 600,
      auth_time: seconds(clock.ms),
    })

    const second = await autoPost(await choose(appleAuthorize({ nonce: null }, pair.challenge), 'apple-1003'))
    expect(Object.keys(second)).toEqual(['code', 'state'])
    const again = (await (await appleToken({ code: second.code!, code_verifier: pair.verifier })).json()) as { id_token: string }
    const againClaims = await verifyIdToken(again.id_token)
    expect(againClaims.sub).toBe(claims.sub)
    expect(againClaims).not.toHaveProperty('nonce')
  })

  it('refuses a client secret signed by another key, for another team, kid, app or audience, expired, or meant to live too long', async () => {
    const code = await appleCode('apple-1001')
    const other = await generateKeyPair('ES256')
    const iat = seconds(clock.ms)
    const refused = {
      'another key': await clientSecret({ key: other.privateKey }),
      'another team': await clientSecret({ iss: 'OTHERTEAM1' }),
      'another kid': await clientSecret({ kid: 'OTHERKEY01' }),
      'another app': await clientSecret({ sub: 'other.app' }),
      'another audience': await clientSecret({ aud: 'https://appleid.apple.com' }),
      expired: await clientSecret({ iat: iat - 7200, exp: iat - 1 }),
      'too long-lived': await clientSecret({ iat: iat - 10, exp: iat - 10 + 15_777_001 }),
      'not a JWT': 'devnet-client-secret',
    }
    for (const [why, secret] of Object.entries(refused)) {
      const response = await appleToken({ code, client_secret: secret })
      expect(response.status, why).toBe(400)
      expect(await response.json(), why).toEqual({ error: 'invalid_client' })
    }
    expect((await appleToken({ code, client_id: 'other.app' })).status).toBe(400)
    // Every refusal was the secret's: the code was never spent, and a secret of the longest lifetime passes.
    expect((await appleToken({ code, client_secret: await clientSecret({ iat: iat - 10, exp: iat - 10 + 15_777_000 }) })).status).toBe(200)
  })

  it('asking for the name or email needs response_mode=form_post; openid alone may come back in the query', async () => {
    for (const overrides of [{ response_mode: 'query' }, { response_mode: null }, { response_mode: 'fragment', scope: 'email' }]) {
      const response = await get(appleAuthorize(overrides))
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(await response.text()).toContain('response_mode must be form_post when name or email scope is requested')
    }
    const params = callback(await choose(appleAuthorize({ response_mode: null, scope: 'openid' }), 'apple-1002'))
    expect(params.get('state')).toBe('state-123')
    expect(params.get('user')).toBeNull()
    expect((await appleToken({ code: params.get('code')! })).status).toBe(200)
  })

  it('an unknown client or an unregistered redirect_uri gets an error page', async () => {
    for (const overrides of [{ client_id: CLIENT_ID }, { redirect_uri: 'https://attacker.test/callback' }]) {
      const response = await get(appleAuthorize(overrides))
      expect(response.status).toBe(400)
      expect(response.headers.get('location')).toBeNull()
      expect(await response.text()).not.toContain('data-auto-submit')
    }
  })

  it('a challenge by another method than S256, or a response_type other than code, is posted back as invalid_request', async () => {
    const { challenge } = pkce()
    for (const overrides of [{ code_challenge: challenge, code_challenge_method: 'plain' }, { response_type: 'code id_token' }]) {
      expect(await autoPost(await get(appleAuthorize(overrides)))).toEqual({ error: 'invalid_request', state: 'state-123' })
    }
  })

  it('Deny posts user_cancelled_authorize, the provider fault server_error, with the state', async () => {
    expect(await autoPost(await choose(appleAuthorize(), 'deny'))).toEqual({ error: 'user_cancelled_authorize', state: 'state-123' })
    expect(await autoPost(await choose(appleAuthorize(), FAULT_SERVER_ERROR))).toEqual({ error: 'server_error', state: 'state-123' })
  })

  it('the wrong-audience fault gives an id token addressed to another app', async () => {
    const response = await appleToken({ code: await appleCode(FAULT_WRONG_AUDIENCE) })
    expect(response.status).toBe(200)
    const idToken = ((await response.json()) as { id_token: string }).id_token
    expect((await verifyIdToken(idToken)).aud).toBe(OTHER_APP_CLIENT_ID)
    expect(decodeJwt(idToken).aud).not.toBe(APPLE_CLIENT_ID)
  })

  it('its codes follow the OAuth 2 rules: PKCE, once, 60 seconds, the same redirect_uri', async () => {
    const pair = pkce()
    await expectGrantRefused(await appleToken({ code: await appleCode('apple-1001', pair.challenge), code_verifier: pkce().verifier }))
    await expectGrantRefused(await appleToken({ code: await appleCode('apple-1001', pair.challenge) }))
    await expectGrantRefused(await appleToken({ code: await appleCode('apple-1001'), redirect_uri: 'http://app.devnet.test/elsewhere' }))
    const once = await appleCode('apple-1001', pair.challenge)
    expect((await appleToken({ code: once, code_verifier: pair.verifier })).status).toBe(200)
    await expectGrantRefused(await appleToken({ code: once, code_verifier: pair.verifier }))
    const stale = await appleCode('apple-1001')
    clock.ms += 61_000
    await expectGrantRefused(await appleToken({ code: stale }))
  })
})
