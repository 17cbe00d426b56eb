/**
 * A host backend's sign-in endpoints (docs/service-api.md, "Sign in with the wallet"): the service
 * issues nonces, checks a signed sign-in message the way a host's server would (the family's
 * signature check, then domain, uri, nonce, chain and expiry), and keeps the session behind a
 * bearer token. A bearer token rather than a cookie: the devnet's services share 127.0.0.1 and
 * cookies ignore ports, so a cookie would leak between them.
 */
import { randomBytes } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { createSignInMessageText, parseSignInMessageText, verifyMessageSignature } from '@solana/wallet-standard-util'
import { isAddress, type Hex } from 'viem'
import { createSiweMessage, parseSiweMessage, verifySiweMessage } from 'viem/siwe'
// The SDK-free decoder: a test devnet without the Solana packages still serves sign-in.
import { decodeBase58 } from '../base58'
import { isDevnetChainId } from '../chains'
import type { ServiceDeps } from '../deps'
import { field, HttpError, requireString, type Router } from '../http'
import { isSolanaDevnet } from '../solana'

/** How long an issued nonce may wait for its signed message. */
export const AUTH_NONCE_TTL_MS = 10 * 60_000

/** The fields of a signed sign-in message, as the modal keeps them (SiwxMessageData). */
export interface AuthMessageData {
  accountAddress: string
  chainId: string
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

export interface AuthSession {
  data: AuthMessageData
  message: string
  signature: string
}

/** Nonces waiting for their message, and sessions by token. One instance per running service. */
export interface AuthState {
  readonly nonces: Map<string, number>
  readonly sessions: Map<string, AuthSession>
}

export function createAuthState(): AuthState {
  return { nonces: new Map(), sessions: new Map() }
}

const unauthorized = (message: string) => new HttpError(401, message)

export function registerAuthRoutes(router: Router, deps: ServiceDeps, state: AuthState = createAuthState()): void {
  const now = () => deps.now().getTime()

  router.post('/auth/v1/nonce', () => {
    const at = now()
    for (const [nonce, issued] of state.nonces) if (at - issued > AUTH_NONCE_TTL_MS) state.nonces.delete(nonce)
    const nonce = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')
    state.nonces.set(nonce, at)
    return { status: 201, json: { nonce } }
  })

  router.post('/auth/v1/authenticate', async ({ req, json }) => {
    const body = await json()
    const message = requireString(body, 'message')
    const signature = requireString(body, 'signature')
    const caipNetworkId = requireString(body, 'caipNetworkId')
    const expected = expectedSite(req)
    const namespace = caipNetworkId.split(':')[0]
    const parsed = namespace === 'eip155' ? eip155Data(message, caipNetworkId) : namespace === 'solana' ? solanaData(message, caipNetworkId) : null
    if (parsed === null) throw new HttpError(400, `Sign-in is not available on ${caipNetworkId}`)
    // The caller's own copy of the fields (optional) is kept as given once it describes exactly
    // this message: an eip155 address may be written in lower case there and checksummed here.
    const stated = field(body, 'data')
    const data = stated === undefined ? parsed : describedData(stated, parsed, message, namespace)
    // A nonce answers one attempt, whatever its outcome.
    const issued = state.nonces.get(data.nonce)
    state.nonces.delete(data.nonce)
    const at = now()
    if (issued === undefined || at - issued > AUTH_NONCE_TTL_MS) throw unauthorized('Unknown or used nonce')
    if (data.chainId !== caipNetworkId) throw unauthorized('The message names another chain')
    if (data.domain !== expected.host) throw unauthorized('The message names another domain')
    if (!sameOrigin(data.uri, expected.origin)) throw unauthorized('The message names another URI')
    if (data.expirationTime === undefined || !(Date.parse(data.expirationTime) > at)) throw unauthorized('The message has expired')
    if (data.notBefore !== undefined && !(Date.parse(data.notBefore) <= at)) throw unauthorized('The message is not valid yet')
    const valid = namespace === 'eip155' ? await verifyEip155(deps, data, message, signature, at) : verifySolana(data, message, signature)
    if (!valid) throw unauthorized('The signature does not verify')
    const session: AuthSession = { data, message, signature }
    const token = randomBytes(32).toString('base64url')
    state.sessions.set(token, session)
    return { status: 201, json: { token, session } }
  })

  router.get('/auth/v1/me', ({ req }) => {
    const token = bearer(req)
    const session = token === undefined ? undefined : state.sessions.get(token)
    if (token === undefined || session === undefined) throw unauthorized('Not signed in')
    const expires = Date.parse(session.data.expirationTime ?? '')
    if (!(expires > now())) {
      state.sessions.delete(token)
      throw unauthorized('The session has expired')
    }
    return { json: { address: session.data.accountAddress, caipNetworkId: session.data.chainId, session } }
  })

  router.post('/auth/v1/sign-out', ({ req }) => {
    const token = bearer(req)
    if (token === undefined) throw unauthorized('Not signed in')
    // Signing out twice is not an error: the token is void either way.
    state.sessions.delete(token)
    return { json: { signedOut: true } }
  })
}

function bearer(req: Pick<IncomingMessage, 'headers'>): string | undefined {
  const match = /^Bearer ([A-Za-z0-9_-]{16,})$/.exec(req.headers.authorization ?? '')
  return match?.[1]
}

/** The site asking, from its Origin header: a host's server knows its own site the same way. */
function expectedSite(req: Pick<IncomingMessage, 'headers'>): { host: string; origin: string } {
  const origin = req.headers.origin
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

/** The fields of an EIP-4361 message for a devnet chain; null when it is not one. */
function eip155Data(message: string, caipNetworkId: string): AuthMessageData | null {
  if (!/^eip155:\d+$/.test(caipNetworkId) || !isDevnetChainId(Number(caipNetworkId.slice(7)))) return null
  const parsed = parseSiweMessage(message)
  if (!parsed.address || !isAddress(parsed.address) || parsed.chainId === undefined || !parsed.domain || !parsed.uri || !parsed.nonce || !parsed.version) {
    throw new HttpError(400, 'Malformed sign-in message')
  }
  return withoutUndefined({
    accountAddress: parsed.address,
    chainId: `eip155:${String(parsed.chainId)}`,
    domain: parsed.domain,
    uri: parsed.uri,
    version: parsed.version,
    nonce: parsed.nonce,
    statement: parsed.statement,
    issuedAt: parsed.issuedAt?.toISOString(),
    expirationTime: parsed.expirationTime?.toISOString(),
    notBefore: parsed.notBefore?.toISOString(),
    requestId: parsed.requestId,
    resources: parsed.resources,
  })
}

/** The fields of a Sign-In-With-Solana message for the Solana devnet; null when it is not one. */
function solanaData(message: string, caipNetworkId: string): AuthMessageData | null {
  if (!isSolanaDevnet(caipNetworkId)) return null
  const parsed = parseSignInMessageText(message)
  if (parsed === null || !parsed.address || !parsed.chainId || !parsed.uri || !parsed.nonce || !parsed.version || createSignInMessageText(parsed) !== message) {
    throw new HttpError(400, 'Malformed sign-in message')
  }
  return withoutUndefined({
    accountAddress: parsed.address,
    chainId: parsed.chainId,
    domain: parsed.domain,
    uri: parsed.uri,
    version: parsed.version,
    nonce: parsed.nonce,
    statement: parsed.statement,
    issuedAt: parsed.issuedAt,
    expirationTime: parsed.expirationTime,
    notBefore: parsed.notBefore,
    requestId: parsed.requestId,
    resources: parsed.resources?.slice(),
  })
}

/** `stated` when it is a message data object whose message is exactly `message`; a 400 otherwise. */
function describedData(stated: unknown, parsed: AuthMessageData, message: string, namespace: string | undefined): AuthMessageData {
  const malformed = () => new HttpError(400, 'The data does not describe the signed message')
  if (typeof stated !== 'object' || stated === null || Array.isArray(stated)) throw malformed()
  const data = stated as AuthMessageData
  const strings = ['accountAddress', 'chainId', 'domain', 'uri', 'version', 'nonce'] as const
  if (!strings.every((k) => typeof data[k] === 'string')) throw malformed()
  let text: string
  try {
    text =
      namespace === 'eip155'
        ? createSiweMessage({
            address: data.accountAddress as Hex,
            chainId: Number(data.chainId.slice('eip155:'.length)),
            domain: data.domain,
            uri: data.uri,
            version: '1',
            nonce: data.nonce,
            ...(data.statement === undefined ? {} : { statement: data.statement }),
            ...(data.issuedAt === undefined ? {} : { issuedAt: new Date(data.issuedAt) }),
            ...(data.expirationTime === undefined ? {} : { expirationTime: new Date(data.expirationTime) }),
            ...(data.notBefore === undefined ? {} : { notBefore: new Date(data.notBefore) }),
            ...(data.requestId === undefined ? {} : { requestId: data.requestId }),
            ...(data.resources === undefined ? {} : { resources: data.resources }),
          })
        : createSignInMessageText({ ...data, address: data.accountAddress })
  } catch {
    throw malformed()
  }
  if (text !== message || data.chainId !== parsed.chainId) throw malformed()
  return withoutUndefined({
    accountAddress: data.accountAddress,
    chainId: data.chainId,
    domain: data.domain,
    uri: data.uri,
    version: data.version,
    nonce: data.nonce,
    statement: data.statement,
    issuedAt: data.issuedAt,
    expirationTime: data.expirationTime,
    notBefore: data.notBefore,
    requestId: data.requestId,
    resources: data.resources,
  })
}

/** EIP-4361 through viem, over the chain's own client: a smart account verifies through its contract. */
async function verifyEip155(deps: ServiceDeps, data: AuthMessageData, message: string, signature: string, at: number): Promise<boolean> {
  if (!/^0x[0-9a-fA-F]+$/.test(signature)) return false
  const chainId = Number(data.chainId.slice('eip155:'.length))
  if (!isDevnetChainId(chainId)) return false
  return verifySiweMessage(deps.chains.client(chainId), {
    message,
    signature: signature as Hex,
    domain: data.domain,
    nonce: data.nonce,
    time: new Date(at),
  })
}

/** ed25519 over the message's bytes, with the account's key (its base58 address); the signature in base58. */
function verifySolana(data: AuthMessageData, message: string, signature: string): boolean {
  let publicKey: Uint8Array
  let signatureBytes: Uint8Array
  try {
    publicKey = decodeBase58(data.accountAddress)
    signatureBytes = decodeBase58(signature)
  } catch {
    return false
  }
  if (publicKey.length !== 32 || signatureBytes.length !== 64) return false
  const bytes = new TextEncoder().encode(message)
  try {
    return verifyMessageSignature({ message: bytes, signedMessage: bytes, signature: signatureBytes, publicKey })
  } catch {
    return false
  }
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
