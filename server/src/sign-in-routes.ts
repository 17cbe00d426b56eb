/**
 * A host's sign-in API (docs/service-api.md, "Sign in with the wallet"): nonces, a signed sign-in
 * message checked the way a host's server would (the message's network, the nonce, chain, domain,
 * URI, expiry, then the family's signature), and the session behind a bearer token.
 *
 * The modal calls these without the sdk query (`siwx.serverUrl` is the host's API): they are site
 * routes, answered to any caller, with CORS only for a page origin one of the projects allows.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Clock } from './clock.js'
import { HttpError } from './http-error.js'
import { describedData, readSignInMessage, verifySignIn, type SignInChains } from './sign-in-messages.js'
import type { SignInSession, SignInSessions } from './sign-in-sessions.js'
import { isStorableJson, isStorableText } from './storable-text.js'

const unauthorized = (message: string) => new HttpError(401, message)

export function registerSignInRoutes(app: FastifyInstance, deps: { sessions: SignInSessions; chains: SignInChains; clock: Clock }): void {
  const { sessions, chains, clock } = deps

  app.post('/auth/v1/nonce', { config: { site: true } }, async (_request, reply) => reply.status(201).send({ nonce: await sessions.issueNonce() }))

  app.post('/auth/v1/authenticate', { config: { site: true, idempotent: true } }, async (request, reply) => {
    const body = request.body
    const message = requireString(body, 'message')
    const signature = requireString(body, 'signature')
    const caipNetworkId = requireString(body, 'caipNetworkId')
    const expected = expectedSite(request)
    const parsed = readSignInMessage(message, caipNetworkId, chains)
    if (parsed === null) throw new HttpError(400, `Sign-in is not available on ${caipNetworkId}`)
    // The caller's own copy of the fields (optional) is kept as given once it describes exactly this message.
    const stated = (body as Record<string, unknown>).data
    const data = stated === undefined ? parsed : describedData(stated, parsed, message)
    // The session keeps the message and its data: text PostgreSQL can hold (a signer could sign a NUL).
    if (!isStorableJson(data)) throw new HttpError(400, 'Malformed sign-in message')
    // A nonce answers one attempt, whatever its outcome.
    if (!(await sessions.takeNonce(data.nonce))) throw unauthorized('Unknown or used nonce')
    const at = clock.now()
    if (data.chainId !== caipNetworkId) throw unauthorized('The message names another chain')
    if (data.domain !== expected.host) throw unauthorized('The message names another domain')
    if (!sameOrigin(data.uri, expected.origin)) throw unauthorized('The message names another URI')
    const expires = Date.parse(data.expirationTime ?? '')
    if (!(expires > at)) throw unauthorized('The message has expired')
    if (data.notBefore !== undefined && !(Date.parse(data.notBefore) <= at)) throw unauthorized('The message is not valid yet')
    if (!(await verifySignIn(data, message, signature, at, chains))) throw unauthorized('The signature does not verify')
    const session: SignInSession = { data, message, signature }
    const token = await sessions.open(session, expected.origin, expires)
    return reply.status(201).send({ token, session })
  })

  app.get('/auth/v1/me', { config: { site: true } }, async (request) => {
    const token = bearer(request)
    if (token === undefined) throw unauthorized('Not signed in')
    const found = await sessions.read(token)
    if (found.status === 'unknown') throw unauthorized('Not signed in')
    if (found.status === 'expired') throw unauthorized('The session has expired')
    const { session } = found
    return { address: session.data.accountAddress, caipNetworkId: session.data.chainId, session }
  })

  app.post('/auth/v1/sign-out', { config: { site: true } }, async (request) => {
    const token = bearer(request)
    if (token === undefined) throw unauthorized('Not signed in')
    // Signing out twice is not an error: the token is void either way.
    await sessions.close(token)
    return { signedOut: true }
  })
}

function requireString(body: unknown, name: string): string {
  if (typeof body !== 'object' || body === null) throw new HttpError(400, 'Expected a JSON object body')
  const value = (body as Record<string, unknown>)[name]
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `Missing body field ${name}`)
  if (!isStorableText(value)) throw new HttpError(400, `Invalid body field ${name}`)
  return value
}

function bearer(request: FastifyRequest): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{16,512})$/.exec(request.headers.authorization ?? '')
  return match?.[1]
}

/** The site asking, from its Origin header: a host's server knows its own site the same way. */
function expectedSite(request: FastifyRequest): { host: string; origin: string } {
  const origin = request.headers.origin
  if (origin === undefined || origin === 'null') throw new HttpError(400, 'Missing Origin header')
  try {
    const url = new URL(origin)
    return { host: url.host, origin: url.origin }
  } catch {
    throw new HttpError(400, 'Malformed Origin header')
  }
}

function sameOrigin(uri: string, origin: string): boolean {
  try {
    return new URL(uri).origin === origin
  } catch {
    return false
  }
}
