/**
 * The embedded wallet's origin as a Fastify application: the wallet frame, its confirmation popup
 * and its app script, and the wallet API the frame calls. It serves nothing else (the wallet's own
 * host name in production, `localhost:<port>` on the devnet), so nothing else shares its storage,
 * cookies or WebAuthn scope.
 *
 *   POST /v1/email/login   { email, deviceId }        -> { action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }
 *   POST /v1/email/resend  { email, deviceId }        -> { sent: true } | 429 "Please try again after N seconds"
 *   GET  /v1/email/device-approval?token=            (the emailed link) -> a page with a button (a GET approves nothing)
 *   POST /v1/email/device-approval  token, csrf       (the button; same origin, its cookie) -> approved; the code follows by email
 *   GET  /v1/email/device-status?email=&deviceId=    -> { approved }
 *   POST /v1/email/verify  { email, otp, deviceId }   -> { token, user } | 400 "That code is not valid" (attemptsLeft)
 *   GET  /v1/user[?chainId=]        (session)         -> { email, accounts: { eip155, solana }, address, evmAccounts, preferredAccountType[, smartAccountDeployed] }
 *   POST /v1/preferred-account { type } (session)     -> the user, now on that account type ('smartAccount' | 'eoa')
 *   POST /v1/email/update { email } (session)         -> { action: 'VERIFY_PRIMARY_OTP' } (a code to the current email)
 *   POST /v1/email/update/primary { otp } (session)   -> { action: 'VERIFY_SECONDARY_OTP' } (a code to the new email)
 *   POST /v1/email/update/secondary { otp } (session) -> { email } (the user's email is the new one)
 *   POST /v1/sign-out               (session)         -> { signedOut: true }
 *   POST /v1/sign-out-everywhere    (session)         -> { signedOut: n } every session of the user ends
 *   POST /v1/export/start           (session; the frame only) -> { sent: true } a fresh code to the proved email
 *   POST /v1/export/passkey         (session; the frame only) -> WebAuthn request options for the user's own passkeys
 *   POST /v1/export/confirm { otp } | { passkey } (session; the frame only) -> { evmPrivateKey, solanaSecretKey } (audited)
 *   POST /v1/rpc { chainId, method, params[, passkey] } (session) -> { result } | 403 "Requested RPC call is not allowed"
 *                                                    | 403 passkey_required { passkeyOptions } for a large send of a user with a passkey
 *   POST /v1/solana/sign { kind, bytes } (session)    -> { signature } (base58) of a message (never a transaction's) or a transaction the user signs (audited)
 *   POST /v1/passkey/register/options [{ passkey }] (session) -> WebAuthn creation options (with passkeys on); a user
 *                                                    with a passkey first proves one (403 passkey_required)
 *   POST /v1/passkey/register { response } (session)  -> { passkey: { id, createdAt } } the credential kept for the user
 *   GET  /v1/passkeys               (session)         -> { passkeys: [{ id, createdAt, lastUsedAt? }] }
 *   POST /v1/passkey/login/options                    -> WebAuthn request options (any discoverable credential)
 *   POST /v1/passkey/login { response, deviceId }     -> { token, user } with no code | 400 "This passkey could not be verified"
 *   GET  /v1/chains                                   -> { chains: [{ chainId, name, smartAccount? }] } the chains it signs for
 *   GET  /frame?projectId=&origin=                    -> the wallet frame page (only for the project's allowed origins)
 *   GET  /frame/app.js                                -> the frame app
 *   GET  /frame/confirm                               -> the confirmation popup the frame opens where it cannot know it is visible
 *
 * A session is a Bearer token, or the frame's partitioned session cookie on a request the browser
 * marks same-origin. Who may call: a browser request from any origin but the wallet's own is
 * refused before any route runs, unless it names its project (`?projectId=`) and is exactly one of
 * that project's allowed host origins, which alone gets CORS (./http/origin-gate); and what opens
 * or uses a session answers a browser only from the wallet's own pages (FRAME_ONLY_PATHS). Codes
 * are mailed and checked under one policy, counted per email and per client address.
 *
 * A deployment adds what is its own through WalletServerParts: smart accounts (a bundler's), what
 * happens to a wallet once it exists (the devnet funds it), and plugins (the devnet's mail hooks,
 * its social providers).
 */
import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import rateLimit from '@fastify/rate-limit'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { createPublicClient, createWalletClient, http, toHex, type Hex, type TransactionRequest } from 'viem'
import { encodeBase58 } from '../base58.js'
import type { Clock } from '../clock.js'
import { RequestTallies, sharedRateLimitStore, type SharedCounters } from '../rate-limit-store.js'
import { AUTH_MESSAGES, AuthError, type AuthAccounts, type AuthUser, type EvmAccountType, type Outgoing } from './login/accounts.js'
import type { OneTimeStore } from './login/one-time-values.js'
import type { Passkeys } from './login/passkeys.js'
import { clientAddress } from './http/client-address.js'
import { DEVICE_APPROVAL_COOKIE, DeviceApprovalForm, cookieValue } from './http/device-approval-form.js'
import { requestApp } from './http/frame-app.js'
import { CONFIRM_POPUP_PATH, FRAME_APP_PATH, WALLET_FRAME_PATH, confirmPopupCsp, confirmPopupHtml, frameCsp, frameHtml, frameRefusedHtml } from './http/frame-page.js'
import { decideOrigin, type OriginDecision } from './http/origin-gate.js'
import { DEVICE_APPROVAL_PATH, escapeHtml } from './mail.js'
import { UnreadableSolanaTransactionError, type KnownSolanaToken } from './solana-transactions.js'
import { SolanaMessageIsTransactionError, type WalletKeys } from './wallet-keys.js'
import { confirmable, needsPasskey } from './large-sends.js'

export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'
/** A large send of a user with a passkey, asked without the passkey's confirmation. */
export const PASSKEY_SEND_REQUIRED = 'Confirm this send with your passkey'
/** Another passkey asked for without one the user already has. */
export const PASSKEY_ADD_REQUIRED = 'Confirm with a passkey you already have to add another'
/** A browser request from an origin the wallet does not serve. */
export const ORIGIN_NOT_ALLOWED = 'This origin is not allowed to call the wallet service'

/**
 * The routes that open a session or act with one. The visitor types the login code into the host
 * page (the modal's boxes), so a host page could send it here itself, take the session and sign
 * without the frame ever showing a request: a browser's request to these routes (the browser says
 * where it comes from in Sec-Fetch-Site, which no page can forge) is answered only from the
 * wallet's own page. A client outside a browser sends no such header; it has no session of a
 * visitor's unless someone gave it the code (docs/security.md).
 */
export const FRAME_ONLY_PATHS = /^\/v1\/(email\/verify|email\/update(\/primary|\/secondary)?|user|preferred-account|rpc|solana\/sign|sign-out|sign-out-everywhere|export\/(start|confirm|passkey)|social\/redeem|farcaster\/redeem|passkeys|passkey\/(register|login)(\/options)?)$/

/** The longest base64 of bytes to sign with a Solana key (a transaction is at most 1,232 bytes; a message is kept as short). */
const MAX_SOLANA_SIGN_BASE64 = 4 * Math.ceil(1232 / 3)

/** The name of an app's session cookie: one per app (project and host origin), as sessions are. */
export function sessionCookieName(app: string | undefined): string {
  return `wg_session_${createHash('sha256').update(app ?? '').digest('hex').slice(0, 16)}`
}

/**
 * The frame's session as a cookie of the wallet's origin: partitioned by the host's site (CHIPS),
 * so a framed wallet keeps its session in browsers that refuse storage to a third-party frame
 * (which then still keep partitioned cookies); HttpOnly, so no script reads it; only for the API;
 * one per app, so two apps on one site keep theirs apart. `''` with 0 ends it.
 */
export function sessionCookie(app: string | undefined, token: string, lifetimeMs: number): string {
  return `${sessionCookieName(app)}=${token}; Path=/v1/; HttpOnly; Secure; SameSite=None; Partitioned; Max-Age=${Math.max(0, Math.floor(lifetimeMs / 1000))}`
}

/** Read-only calls passed to the chain as they are. */
const READ_METHODS = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
])

/** Said for a simulation the wallet does not run for a user: not its own calls, too many, or with overrides. */
export const SIMULATION_REFUSED = 'Only a simulation of your own calls, up to 16, without overrides'
const MAX_SIMULATED_CALLS = 16

/**
 * An `eth_simulateV1` request the wallet passes to the chain for a user: one block of at most 16
 * calls from the user's own addresses, with transfer tracing and no validation, against the latest
 * block, rebuilt from its fields (no state or block overrides, nothing else). Anything else: undefined.
 */
export function boundedSimulation(params: readonly unknown[], own: readonly string[]): unknown[] | undefined {
  if (params.length !== 2 || params[1] !== 'latest') return undefined
  const options = params[0] as { blockStateCalls?: unknown } | null
  if (typeof options !== 'object' || options === null || Object.keys(options).some((k) => !['blockStateCalls', 'traceTransfers', 'validation'].includes(k))) return undefined
  const blocks = options.blockStateCalls
  if (!Array.isArray(blocks) || blocks.length !== 1) return undefined
  const block = blocks[0] as { calls?: unknown } | null
  if (typeof block !== 'object' || block === null || Object.keys(block).some((k) => k !== 'calls')) return undefined
  const calls = block.calls
  if (!Array.isArray(calls) || calls.length === 0 || calls.length > MAX_SIMULATED_CALLS) return undefined
  const mine = new Set(own.map((a) => a.toLowerCase()))
  const clean: Record<string, string>[] = []
  for (const call of calls as unknown[]) {
    if (typeof call !== 'object' || call === null) return undefined
    const c = call as Record<string, unknown>
    if (Object.keys(c).some((k) => !['from', 'to', 'data', 'value'].includes(k))) return undefined
    if (typeof c.from !== 'string' || !mine.has(c.from.toLowerCase())) return undefined
    if (typeof c.to !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(c.to)) return undefined
    if (c.data !== undefined && (typeof c.data !== 'string' || !/^0x(?:[0-9a-fA-F]{2}){0,65536}$/.test(c.data))) return undefined
    if (c.value !== undefined && (typeof c.value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(c.value))) return undefined
    clean.push({ from: c.from, to: c.to, ...(c.data === undefined ? {} : { data: c.data as string }), ...(c.value === undefined ? {} : { value: c.value as string }) })
  }
  return [{ blockStateCalls: [{ calls: clean }], traceTransfers: true, validation: false }, 'latest']
}

/**
 * An EOA's call batch (sent one transaction at a time) is named by its chain and its transactions'
 * hashes: nothing is kept, so any replica reads its status from the chain, and only for the user
 * whose account sent every one of them.
 */
const EOA_BATCH = /^eoa-(\d{1,12})((?:-0x[0-9a-f]{64}){1,64})$/
const eoaBatchId = (chainId: number, hashes: readonly Hex[]): string => `eoa-${chainId}-${hashes.join('-')}`
export function eoaBatch(id: string): { chainId: number; hashes: Hex[] } | undefined {
  const match = EOA_BATCH.exec(id)
  return match === null ? undefined : { chainId: Number(match[1]), hashes: match[2]!.slice(1).split('-') as Hex[] }
}

/** An EVM chain the wallet signs and sends for. */
export interface WalletChain {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
}

/** A JSON answer of the API (an RPC result, or a refusal with its status). */
export interface WalletAnswer {
  readonly status?: number
  readonly json: unknown
}

/**
 * Each user's smart account (ERC-4337) where a deployment runs them: the default account type
 * (spec section 4) on the chains it names; `accounts.eip155` stays the EOA.
 */
export interface SmartAccounts {
  /** The chains with smart accounts. */
  readonly chainIds: readonly number[]
  /** The user's smart-account address (the same on every chain), or undefined when they have none. */
  addressOf(user: AuthUser): Promise<Hex | undefined>
  /**
   * /v1/rpc as the smart account; undefined for what the EOA answers the same (reads). `session`:
   * the visitor's session token, which the wallet's own paymaster service (ERC-7677) checks. The
   * app names the paymaster's URL in wallet_sendCalls: an implementation MUST send the token only
   * to the wallet's own paymaster origins (the devnet's: its service's), never to an origin the app
   * chose, which would hand the app the visitor's wallet session.
   */
  rpc(user: AuthUser, chainId: number, method: string, params: unknown[], session?: { readonly token: string }): Promise<WalletAnswer | undefined>
}

/** The user as the API shows them. */
export interface WalletUserJson {
  readonly email: string | undefined
  readonly accounts: { readonly eip155: Hex; readonly solana: string }
  readonly address: Hex
  readonly evmAccounts: readonly { readonly address: Hex; readonly type: EvmAccountType }[]
  readonly preferredAccountType: EvmAccountType
  readonly socialProvider?: string
  readonly userName?: string
}

/** What a plugin of the wallet origin may use (the devnet's mail hooks and social login). */
export interface WalletContext {
  readonly accounts: AuthAccounts
  readonly oneTime: OneTimeStore
  readonly clock: Clock
  /** The wallet origin as visitors reach it. */
  walletUrl(): string
  /** Runs once a user's wallet exists (after a login): the devnet funds it. */
  walletReady(user: AuthUser, created: boolean): Promise<unknown>
  userJson(user: AuthUser): Promise<WalletUserJson>
  sessionCookie(app: string | undefined, token: string, lifetimeMs: number): string
}

/**
 * A plugin's routes on the wallet origin. `rawHandler` answers from node's request and response
 * before any route (a service of its own, such as the devnet's social login); true when it took
 * the request.
 */
export interface WalletPlugin {
  routes?(app: FastifyInstance, context: WalletContext): void
  rawHandler?(req: IncomingMessage, res: ServerResponse, url: URL): boolean
}

export interface WalletServerParts {
  readonly accounts: AuthAccounts
  readonly keys: WalletKeys
  readonly oneTime: OneTimeStore
  readonly clock: Clock
  /** The wallet origin as visitors reach it (`https://wallet.example`), read when needed. */
  walletUrl(): string
  readonly chains: readonly WalletChain[]
  /** Sends a code or a device link (./mail.ts). */
  mail(outgoing: Outgoing): Promise<void>
  /** The project's allowed host origin equal to `origin`, or undefined (the project's allow-list). */
  hostOrigin(projectId: string, origin: string): Promise<string | undefined>
  /** The frame app's script. */
  frameApp(): Promise<string>
  readonly smartAccounts?: SmartAccounts
  /** Passkey login (./login/passkeys): its routes exist only with it. */
  readonly passkeys?: Passkeys
  /** SPL tokens named by symbol in what the audit records of a Solana transaction. */
  readonly solanaTokens?: readonly KnownSolanaToken[]
  /** Runs once a user's wallet exists, before the login answers (the devnet funds it). */
  walletReady?(user: AuthUser, created: boolean): Promise<unknown>
  readonly plugins?: readonly WalletPlugin[]
  /** Fastify's logger: true for JSON lines on stdout, or a stream of its own (tests); none when absent. */
  readonly logger?: boolean | { readonly stream: NodeJS.WritableStream }
  /** The largest request body, in bytes. */
  readonly bodyLimit?: number
  /**
   * Requests per minute per client address, counted in the database (every replica counts the same
   * requests); none when absent. Over it: 429 "Please try again after N seconds".
   */
  readonly rateLimit?: { readonly counters: SharedCounters; readonly perMinute: number }
  /** Proxies whose X-Forwarded-For names the client (a load balancer in front); none trusted when absent. */
  readonly trustedProxies?: readonly string[]
}

type Raw = { readonly status?: number; readonly contentType: string; readonly body: string; readonly headers?: Record<string, string> }

/** A refusal with its status and the body the caller reads. */
class WalletHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = { message },
  ) {
    super(message)
  }
}

export async function buildWalletServer(parts: WalletServerParts): Promise<FastifyInstance> {
  const { accounts, keys, clock } = parts
  const now = () => clock.now()
  const chains = new Map(parts.chains.map((c) => [c.chainId, c]))
  const smart = parts.smartAccounts
  const approvalForm = new DeviceApprovalForm(parts.oneTime)
  const walletReady = (user: AuthUser, created: boolean): Promise<unknown> => parts.walletReady?.(user, created) ?? Promise.resolve()
  const walletOrigin = () => new URL(parts.walletUrl()).origin

  /** The account type in use: the user's choice where they have a smart account, else the EOA. */
  const preferredType = (user: AuthUser, smartAddress: Hex | undefined): EvmAccountType =>
    smartAddress !== undefined ? (user.preferredAccountType ?? 'smartAccount') : 'eoa'

  const userJson = async (user: AuthUser, smartAddress?: Hex): Promise<WalletUserJson> => {
    smartAddress ??= await smart?.addressOf(user)
    const preferred = preferredType(user, smartAddress)
    return {
      email: user.email,
      // The EOA (the key's own address), as before smart accounts; `address` is the one in use.
      accounts: { eip155: user.evmAddress, solana: user.solanaAddress },
      address: preferred === 'smartAccount' && smartAddress !== undefined ? smartAddress : user.evmAddress,
      evmAccounts: [...(smartAddress === undefined ? [] : [{ address: smartAddress, type: 'smartAccount' as const }]), { address: user.evmAddress, type: 'eoa' as const }],
      preferredAccountType: preferred,
      ...(user.socialProvider === undefined ? {} : { socialProvider: user.socialProvider }),
      ...(user.userName === undefined ? {} : { userName: user.userName }),
    }
  }

  const bearer = (req: FastifyRequest): string | undefined => {
    const header = req.headers.authorization
    return header?.startsWith('Bearer ') === true ? header.slice('Bearer '.length).trim() : undefined
  }
  /**
   * The request's session: its Bearer token, or the frame's session cookie, which counts only on a
   * request the browser marks same-origin (the frame's own): a host page's request carries the
   * cookie too (it is partitioned by the host's site), and is refused it.
   */
  const sessionToken = (req: FastifyRequest): string | undefined =>
    bearer(req) ?? (req.headers['sec-fetch-site'] === 'same-origin' ? cookieValue(req.headers.cookie, sessionCookieName(requestApp(req.headers))) : undefined)
  const authenticate = (req: FastifyRequest) => accounts.authenticate(sessionToken(req), requestApp(req.headers))

  const jsonBody = (req: FastifyRequest): Record<string, unknown> => jsonObjectBody(req.body)
  const text = (value: unknown, name: string): string => {
    if (typeof value !== 'string' || value === '') throw new WalletHttpError(400, `Missing field ${name}`)
    return value
  }
  const query = (req: FastifyRequest): URLSearchParams => new URL(req.url, 'http://wallet').searchParams
  // The peer, or the client a trusted proxy names (Fastify's trustProxy); never a header anyone may write.
  const client = (req: FastifyRequest): string => clientAddress(req.ip)

  /** The device-approval pages: not cached, framable by nobody, no referrer beyond this origin. */
  const approvalPage = (reply: FastifyReply, title: string, body: string, headers: Record<string, string> = {}, status = 200): FastifyReply =>
    reply
      .code(status)
      .headers({
        'cache-control': 'no-store',
        'content-security-policy': "frame-ancestors 'none'; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
        'x-frame-options': 'DENY',
        'referrer-policy': 'same-origin',
        ...headers,
      })
      .type('text/html; charset=utf-8')
      .send(page(title, body))

  const raw = (reply: FastifyReply, answer: Raw): FastifyReply =>
    reply
      .code(answer.status ?? 200)
      .headers(answer.headers ?? {})
      .type(answer.contentType)
      .send(answer.body)
  const answer = (reply: FastifyReply, result: WalletAnswer): FastifyReply => reply.code(result.status ?? 200).send(result.json)

  /**
   * A Solana signature with the user's key: of a message (never of bytes that are a transaction's
   * message), or of a transaction the user signs, answered as the signature (base58).
   */
  const solanaSign = async (user: AuthUser, body: Record<string, unknown>, origin: string): Promise<{ signature: string }> => {
    const bytes = typeof body.bytes === 'string' && body.bytes.length <= MAX_SOLANA_SIGN_BASE64 ? Buffer.from(body.bytes, 'base64') : undefined
    if (bytes === undefined || bytes.length === 0) throw new WalletHttpError(400, 'bytes must be base64')
    try {
      if (body.kind === 'message') return { signature: encodeBase58(await keys.signSolanaMessage(user.id, new Uint8Array(bytes), { origin })) }
      if (body.kind === 'transaction') return { signature: encodeBase58(await keys.signSolanaTransaction(user.id, new Uint8Array(bytes), { origin }, parts.solanaTokens ?? [])) }
    } catch (error) {
      if (error instanceof SolanaMessageIsTransactionError || error instanceof UnreadableSolanaTransactionError) throw new WalletHttpError(400, error.message)
      throw error
    }
    throw new WalletHttpError(400, "kind must be 'message' or 'transaction'")
  }

  /**
   * A large send (./large-sends) of a user with a passkey goes only with that passkey's assertion
   * for exactly this request: first asked, it answers 403 `passkey_required` with the ceremony's
   * options; the frame asks the visitor's passkey and sends the same request with `passkey`.
   */
  const confirmLargeSend = async (user: AuthUser, sender: Hex, chainId: number, method: string, params: unknown[], body: Record<string, unknown>, from: string, chain: WalletChain): Promise<void> => {
    const passkeys = parts.passkeys
    if (passkeys === undefined || !confirmable(method) || !(await passkeys.has(user.id))) return
    if (!(await needsPasskey(createPublicClient({ transport: http(chain.rpcUrl) }), sender, method, params))) return
    const purpose = `rpc ${createHash('sha256').update(JSON.stringify([chainId, method, params])).digest('base64url')}`
    if (body.passkey === undefined) {
      throw new WalletHttpError(403, PASSKEY_SEND_REQUIRED, { message: PASSKEY_SEND_REQUIRED, code: 'passkey_required', passkeyOptions: await passkeys.confirmOptions(user, purpose) })
    }
    await passkeys.confirm(user, body.passkey, from, purpose)
  }

  const rpc = async (user: AuthUser, body: Record<string, unknown>, app: string | undefined, from: string, sessionToken?: string): Promise<WalletAnswer> => {
    const chainId = Number(body.chainId)
    const chain = chains.get(chainId)
    if (chain === undefined) throw new WalletHttpError(400, `Chain ${String(body.chainId)} is not a chain this wallet serves`)
    const method = typeof body.method === 'string' ? body.method : ''
    const params = Array.isArray(body.params) ? (body.params as unknown[]) : []
    // The key opens for each signature it makes, recorded for the app that asked.
    const account = keys.evmAccount(user.id, user.evmAddress, { origin: app ?? 'the wallet service' })
    const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
    const smartAddress = await smart?.addressOf(user)
    const smartInUse = smart !== undefined && smartAddress !== undefined && preferredType(user, smartAddress) === 'smartAccount'
    await confirmLargeSend(user, smartInUse ? smartAddress : user.evmAddress, chainId, method, params, body, from, chain)
    if (smartInUse) {
      const smartAnswer = await smart.rpc(user, chainId, method, params, sessionToken === undefined ? undefined : { token: sessionToken })
      if (smartAnswer !== undefined) return smartAnswer
    }
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return { json: { result: [user.evmAddress] } }
      case 'eth_chainId':
        return { json: { result: toHex(chainId) } }
      case 'personal_sign': {
        const message = params[0]
        if (typeof message !== 'string') throw new WalletHttpError(400, 'personal_sign needs a message')
        return { json: { result: await account.signMessage({ message: message.startsWith('0x') ? { raw: message as Hex } : message }) } }
      }
      case 'eth_signTypedData_v4': {
        const typed = typeof params[1] === 'string' ? (JSON.parse(params[1]) as Parameters<typeof account.signTypedData>[0]) : undefined
        if (typed === undefined) throw new WalletHttpError(400, 'eth_signTypedData_v4 needs typed data')
        return { json: { result: await account.signTypedData(typed) } }
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex } | undefined
        if (tx === undefined) throw new WalletHttpError(400, 'eth_sendTransaction needs a transaction')
        const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
        const request: TransactionRequest = {
          ...(tx.to === undefined ? {} : { to: tx.to }),
          ...(tx.value === undefined ? {} : { value: BigInt(tx.value) }),
          ...(tx.data === undefined ? {} : { data: tx.data }),
          ...(tx.gas === undefined ? {} : { gas: BigInt(tx.gas) }),
        }
        return { json: { result: await wallet.sendTransaction({ ...request, chain: null } as never) } }
      }
      case 'eth_sendRawTransaction':
        // Signed elsewhere already: passed to the chain as it is.
        return { json: { result: await publicClient.request({ method: 'eth_sendRawTransaction', params: params as [Hex] }) } }
      case 'wallet_getCapabilities': {
        // An EOA sends calls one by one: nothing atomic, no paymaster, on every chain served.
        const capabilities = Object.fromEntries([...chains.keys()].map((id) => [toHex(id), { atomic: { status: 'unsupported' } }]))
        return { json: { result: capabilities } }
      }
      case 'wallet_sendCalls': {
        const request = params[0] as { calls?: { to?: Hex; value?: Hex; data?: Hex }[]; atomicRequired?: boolean } | undefined
        if (request === undefined || !Array.isArray(request.calls) || request.calls.length === 0) throw new WalletHttpError(400, 'wallet_sendCalls needs calls')
        if (request.atomicRequired === true) return { status: 400, json: { message: 'This wallet cannot send these calls atomically', code: 5760 } }
        const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
        const hashes: Hex[] = []
        for (const call of request.calls) {
          hashes.push(
            await wallet.sendTransaction({
              ...(call.to === undefined ? {} : { to: call.to }),
              ...(call.value === undefined ? {} : { value: BigInt(call.value) }),
              ...(call.data === undefined ? {} : { data: call.data }),
              chain: null,
            } as never),
          )
        }
        return { json: { result: { id: eoaBatchId(chainId, hashes) } } }
      }
      case 'wallet_getCallsStatus': {
        const id = typeof params[0] === 'string' ? params[0] : ''
        const batch = eoaBatch(id)
        if (batch === undefined || !chains.has(batch.chainId)) return { status: 400, json: { message: 'Unknown bundle id', code: 5730 } }
        const batchClient = createPublicClient({ transport: http(chains.get(batch.chainId)!.rpcUrl) })
        // Only the user's own batch: every transaction of it was sent from their account.
        const senders = await Promise.all(batch.hashes.map((hash) => batchClient.getTransaction({ hash }).then((tx) => tx.from.toLowerCase(), () => undefined)))
        if (senders.some((from) => from !== user.evmAddress.toLowerCase())) return { status: 400, json: { message: 'Unknown bundle id', code: 5730 } }
        const receipts = await Promise.all(batch.hashes.map((hash) => batchClient.getTransactionReceipt({ hash }).catch(() => undefined)))
        const done = receipts.filter((r) => r !== undefined)
        const reverted = done.filter((r) => r.status === 'reverted').length
        // EIP-5792 codes: 100 pending, 200 confirmed, 500 all reverted, 600 some reverted.
        const status = done.length < receipts.length ? 100 : reverted === 0 ? 200 : reverted === done.length ? 500 : 600
        return {
          json: {
            result: {
              version: '2.0.0',
              id,
              chainId: toHex(batch.chainId),
              status,
              atomic: false,
              receipts: done.map((r) => ({
                logs: r.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
                status: r.status === 'success' ? '0x1' : '0x0',
                blockHash: r.blockHash,
                blockNumber: toHex(r.blockNumber),
                gasUsed: toHex(r.gasUsed),
                transactionHash: r.transactionHash,
              })),
            },
          },
        }
      }
      case 'eth_simulateV1': {
        // The wallet's own preview of a request: the user's calls, bounded, rebuilt field by field.
        const request = boundedSimulation(params, [user.evmAddress, ...(smartAddress === undefined ? [] : [smartAddress])])
        if (request === undefined) throw new WalletHttpError(400, SIMULATION_REFUSED)
        return { json: { result: await publicClient.request({ method: 'eth_simulateV1', params: request } as never) } }
      }
      default:
        if (READ_METHODS.has(method)) return { json: { result: await publicClient.request({ method: method as never, params: params as never }) } }
        return { status: 403, json: { message: RPC_NOT_ALLOWED, code: 4200 } }
    }
  }

  // A request is logged by its path only: a query here can carry a one-time value (the emailed
  // device-approval link's token), and a log is read by more people than a mailbox.
  const logger =
    parts.logger === undefined || parts.logger === false
      ? false
      : {
          ...(parts.logger === true ? {} : { stream: parts.logger.stream }),
          serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }) },
        }
  const proxies = parts.trustedProxies ?? []
  const app = Fastify({ logger, bodyLimit: parts.bodyLimit ?? 65_536, trustProxy: proxies.length > 0 ? [...proxies] : false })
  if (parts.rateLimit !== undefined) {
    const tallies = new RequestTallies(parts.rateLimit.counters, parts.clock)
    app.addHook('onClose', () => tallies.flush())
    await app.register(rateLimit, {
      global: true,
      max: parts.rateLimit.perMinute,
      timeWindow: 60_000,
      store: sharedRateLimitStore(tallies),
      // A database that cannot count lets the request through (the request itself will say if it fails).
      skipOnError: true,
      // '@' is in no project id (the API's keys are `<project>|<client>`): a project named
      // "wallet" cannot spend the wallet origin's count, nor the wallet origin a project's.
      keyGenerator: (req) => `@wallet|${client(req)}`,
      // In the login rules' words, with the wait the frame shows.
      errorResponseBuilder: (_req, context) => {
        const seconds = Math.max(1, Math.ceil(context.ttl / 1000))
        return { statusCode: 429, message: AUTH_MESSAGES.cooldown(seconds), retryAfterSeconds: seconds }
      },
    })
  }
  // Bodies are read as text and parsed by each route: a malformed one is "Malformed JSON body", and a
  // form's (the device-approval button) is read as a form.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body))

  /**
   * Whether a browser may make this request (./http/origin-gate): the API answers its own
   * origin's calls (the frame's; a same-origin POST from a no-referrer page says `Origin: null`,
   * so the browser's Sec-Fetch-Site vouches for it), and a project's exact host origin with CORS.
   */
  const originDecision = (req: FastifyRequest, path: string): Promise<OriginDecision> => {
    const guarded = path.startsWith('/v1/') || path.startsWith('/devnet/')
    if (!guarded || req.headers['sec-fetch-site'] === 'same-origin') return Promise.resolve({ allowed: true })
    return decideOrigin(req.headers.origin, query(req).get('projectId'), { authOrigin: walletOrigin(), hostOrigin: parts.hostOrigin })
  }

  app.addHook('onRequest', async (req, reply) => {
    const url = new URL(req.url, parts.walletUrl())
    const decision = await originDecision(req, url.pathname)
    if (req.headers.origin !== undefined) void reply.header('vary', 'Origin')
    // Refused before any route runs: a simple request from a hostile page changes nothing.
    if (!decision.allowed) return reply.code(403).send({ message: ORIGIN_NOT_ALLOWED })
    if (decision.cors !== undefined) {
      void reply.headers({
        'access-control-allow-origin': decision.cors,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': 'content-type, authorization',
      })
    }
    if (req.method === 'OPTIONS') return reply.code(204).send()
    // What opens or uses a session answers a browser's request only from the wallet's own page.
    const site = req.headers['sec-fetch-site']
    if (FRAME_ONLY_PATHS.test(url.pathname) && site !== undefined && site !== 'same-origin') return reply.code(403).send({ message: ORIGIN_NOT_ALLOWED })
    for (const plugin of parts.plugins ?? []) {
      if (plugin.rawHandler?.(req.raw, reply.raw, url) === true) {
        reply.hijack()
        return reply
      }
    }
    return undefined
  })

  app.setErrorHandler((error: unknown, _req, reply) => {
    if (error instanceof AuthError) return reply.code(error.status).send({ message: error.message, ...error.details })
    if (error instanceof WalletHttpError) return reply.code(error.status).send(error.body)
    const status = (error as { statusCode?: unknown }).statusCode
    if (typeof status === 'number' && status >= 400 && status < 500) {
      // A rate limit's answer says how long to wait, as the login rules' cooldowns do.
      const wait = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds
      return reply.code(status).send({ message: (error as Error).message, ...(typeof wait === 'number' ? { retryAfterSeconds: wait } : {}) })
    }
    return reply.code(500).send({ message: error instanceof Error ? error.message : String(error) })
  })
  app.setNotFoundHandler((req, reply) => reply.code(404).send({ message: `No route for ${req.method} ${new URL(req.url, 'http://wallet').pathname}` }))

  app.post('/v1/email/login', async (req) => {
    const b = jsonBody(req)
    const { action, outgoing } = await accounts.startLogin(text(b.email, 'email'), text(b.deviceId, 'deviceId'))
    await parts.mail(outgoing)
    return { action }
  })
  app.post('/v1/email/resend', async (req) => {
    const b = jsonBody(req)
    await parts.mail(await accounts.issueCode(text(b.email, 'email'), text(b.deviceId, 'deviceId')))
    return { sent: true }
  })
  app.get(DEVICE_APPROVAL_PATH, async (req, reply) => {
    // What a mail scanner fetches too: it shows the button and approves nothing.
    const token = query(req).get('token') ?? ''
    if (!(await accounts.deviceLinkValid(token))) return approvalPage(reply, 'Link not valid', '<p>This approval link is not valid or has expired.</p>')
    const { nonce, formToken } = await approvalForm.issue(token)
    const form =
      `<p>Someone is signing in to your wallet from a new device. If it is you, approve it; your login code then comes by email.</p>` +
      `<form method="post" action="${DEVICE_APPROVAL_PATH}">` +
      `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
      `<input type="hidden" name="csrf" value="${escapeHtml(formToken)}">` +
      `<button type="submit">Approve this device</button></form>` +
      `<p>If it is not you, close this page: nothing is approved.</p>`
    return approvalPage(reply, 'Approve this device', form, { 'set-cookie': approvalForm.cookie(nonce, DEVICE_APPROVAL_PATH, parts.walletUrl().startsWith('https:')) })
  })
  app.post(DEVICE_APPROVAL_PATH, async (req, reply) => {
    // Only the page's own form: from this origin, with the cookie the page set and the token bound to it.
    const origin = req.headers.origin
    const site = req.headers['sec-fetch-site']
    const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '')
    const token = form.get('token') ?? ''
    const sameOrigin = (origin === undefined || origin === walletOrigin()) && (site === undefined || site === 'same-origin')
    if (!sameOrigin || !(await approvalForm.verify(token, cookieValue(req.headers.cookie, DEVICE_APPROVAL_COOKIE), form.get('csrf') ?? undefined))) {
      return approvalPage(reply, 'Not approved', '<p>Nothing was approved. Open the link from the email again and press the button there.</p>', {}, 403)
    }
    const clear = { 'set-cookie': `${DEVICE_APPROVAL_COOKIE}=; Path=${DEVICE_APPROVAL_PATH}; HttpOnly; SameSite=Strict; Max-Age=0` }
    try {
      await parts.mail(await accounts.approveDevice(token))
      return approvalPage(reply, 'Device approved', '<p>This device is approved. Go back to the app: your login code is on its way by email.</p>', clear)
    } catch (error) {
      if (error instanceof AuthError) return approvalPage(reply, error.status === 429 ? 'Device approved' : 'Link not valid', `<p>${escapeHtml(error.message)}.</p>`, clear)
      throw error
    }
  })
  app.get('/v1/email/device-status', async (req) => {
    const q = query(req)
    return { approved: await accounts.deviceApproved(text(q.get('email'), 'email'), text(q.get('deviceId'), 'deviceId')) }
  })
  app.post('/v1/email/verify', async (req, reply) => {
    const b = jsonBody(req)
    const { user, session: opened, created } = await accounts.verifyCode(text(b.email, 'email'), text(b.otp, 'otp'), text(b.deviceId, 'deviceId'), client(req))
    // The session is the app's that asked (one wallet per person, one session per app).
    const appName = requestApp(req.headers)
    const session = await accounts.forApp(opened, appName)
    // A new wallet can send at once: whatever the deployment does with it has happened before the answer.
    await walletReady(user, created)
    void reply.header('set-cookie', sessionCookie(appName, session.token, session.expiresAt - now()))
    return { token: session.token, expiresAt: new Date(session.expiresAt).toISOString(), user: await userJson(user) }
  })
  app.get('/v1/user', async (req) => {
    const { user } = await authenticate(req)
    const smartAddress = await smart?.addressOf(user)
    const json = await userJson(user, smartAddress)
    const chainId = Number(query(req).get('chainId') ?? Number.NaN)
    const chain = smart?.chainIds.includes(chainId) === true ? chains.get(chainId) : undefined
    if (smartAddress === undefined || chain === undefined) return json
    // Deployed once its first user operation ran: there is code at its address.
    const code = await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({ address: smartAddress })
    return { ...json, smartAccountDeployed: code !== undefined && code !== '0x' }
  })
  app.post('/v1/preferred-account', async (req) => {
    const { user } = await authenticate(req)
    const type = jsonBody(req).type
    if (type !== 'eoa' && type !== 'smartAccount') throw new WalletHttpError(400, 'type must be eoa or smartAccount')
    if (type === 'smartAccount' && (await smart?.addressOf(user)) === undefined) throw new WalletHttpError(400, 'Action not allowed')
    await accounts.setPreferredAccountType(user.id, type)
    return userJson({ ...user, preferredAccountType: type })
  })
  app.post('/v1/email/update', async (req) => {
    const { user, session } = await authenticate(req)
    await parts.mail(await accounts.startEmailUpdate(user, text(jsonBody(req).email, 'email'), session.deviceId))
    return { action: 'VERIFY_PRIMARY_OTP' }
  })
  app.post('/v1/email/update/primary', async (req) => {
    const { user, session } = await authenticate(req)
    await parts.mail(await accounts.confirmEmailUpdatePrimary(user, text(jsonBody(req).otp, 'otp'), session.deviceId, client(req)))
    return { action: 'VERIFY_SECONDARY_OTP' }
  })
  app.post('/v1/email/update/secondary', async (req) => {
    const { user } = await authenticate(req)
    return { email: await accounts.confirmEmailUpdateSecondary(user, text(jsonBody(req).otp, 'otp'), client(req)) }
  })
  app.post('/v1/sign-out', async (req, reply) => {
    const token = sessionToken(req)
    if (token !== undefined) await accounts.signOut(token)
    void reply.header('set-cookie', sessionCookie(requestApp(req.headers), '', 0))
    return { signedOut: true }
  })
  app.post('/v1/sign-out-everywhere', async (req, reply) => {
    // Every session of the user ends: other devices, other apps, this one.
    const { user } = await authenticate(req)
    const signedOut = await accounts.signOutEverywhere(user.id)
    void reply.header('set-cookie', sessionCookie(requestApp(req.headers), '', 0))
    return { signedOut }
  })
  const exportRoute = async (req: FastifyRequest, reply: FastifyReply, step: 'start' | 'passkey' | 'confirm') => {
    // Only the wallet's own frame asks (a page of this origin): the keys never go to another origin.
    if (req.headers['sec-fetch-site'] !== 'same-origin') throw new WalletHttpError(403, ORIGIN_NOT_ALLOWED)
    const appName = requestApp(req.headers)
    const { user, session } = await authenticate(req)
    if (step === 'start') {
      await parts.mail(await accounts.startExport(user, session.deviceId))
      return { sent: true }
    }
    // Proving it again with one of the user's own passkeys instead of a code.
    if (step === 'passkey') {
      if (parts.passkeys === undefined) throw new WalletHttpError(404, 'Passkeys are not available')
      return parts.passkeys.confirmOptions(user, 'export')
    }
    const b = jsonBody(req)
    const origin = appName ?? 'the wallet service'
    let exported: unknown
    if (b.passkey !== undefined && parts.passkeys !== undefined) {
      await parts.passkeys.confirm(user, b.passkey, client(req), 'export')
      exported = await keys.exportKeys(user.id, { origin })
    } else {
      exported = await accounts.confirmExport(user, text(b.otp, 'otp'), origin, client(req))
    }
    return raw(reply, { contentType: 'application/json; charset=utf-8', body: JSON.stringify(exported), headers: { 'cache-control': 'no-store' } })
  }
  app.post('/v1/export/start', (req, reply) => exportRoute(req, reply, 'start'))
  app.post('/v1/export/passkey', (req, reply) => exportRoute(req, reply, 'passkey'))
  app.post('/v1/export/confirm', (req, reply) => exportRoute(req, reply, 'confirm'))
  app.post('/v1/rpc', async (req, reply) => {
    const appName = requestApp(req.headers)
    const { user, session } = await authenticate(req)
    return answer(reply, await rpc(user, jsonBody(req), appName, client(req), session.token))
  })
  app.post('/v1/solana/sign', async (req) => {
    // The frame asks once the visitor approved what it showed them; the wallet reads the bytes again itself.
    const appName = requestApp(req.headers)
    const { user } = await authenticate(req)
    return solanaSign(user, jsonBody(req), appName ?? 'the wallet service')
  })
  const passkeys = parts.passkeys
  if (passkeys !== undefined) {
    // Adding one needs a session; the ceremony runs in the wallet's own page (the RP is its origin).
    // Adding another needs one the user already has: a session alone (a stolen token) could
    // otherwise add the thief's own passkey and confirm with it what a passkey guards.
    app.post('/v1/passkey/register/options', async (req) => {
      const { user } = await authenticate(req)
      if (await passkeys.has(user.id)) {
        const b = jsonBody(req)
        if (b.passkey === undefined) {
          throw new WalletHttpError(403, PASSKEY_ADD_REQUIRED, { message: PASSKEY_ADD_REQUIRED, code: 'passkey_required', passkeyOptions: await passkeys.confirmOptions(user, 'passkey-add') })
        }
        await passkeys.confirm(user, b.passkey, client(req), 'passkey-add')
      }
      return passkeys.registrationOptions(user)
    })
    app.post('/v1/passkey/register', async (req) => {
      const { user } = await authenticate(req)
      return { passkey: await passkeys.register(user, jsonBody(req).response) }
    })
    app.get('/v1/passkeys', async (req) => ({ passkeys: await passkeys.list((await authenticate(req)).user.id) }))
    // Login with no code: the assertion names its credential, whose user gets a session for the app that asked.
    app.post('/v1/passkey/login/options', async () => passkeys.loginOptions())
    app.post('/v1/passkey/login', async (req, reply) => {
      const b = jsonBody(req)
      const deviceId = text(b.deviceId, 'deviceId')
      const userId = await passkeys.login(b.response, client(req))
      const { user, session: opened } = await accounts.signInVerifiedUser(userId, deviceId)
      const appName = requestApp(req.headers)
      const session = await accounts.forApp(opened, appName)
      await walletReady(user, false)
      void reply.header('set-cookie', sessionCookie(appName, session.token, session.expiresAt - now()))
      return { token: session.token, expiresAt: new Date(session.expiresAt).toISOString(), user: await userJson(user) }
    })
  }
  app.get('/v1/chains', async () => ({
    chains: parts.chains.map((c) => ({ chainId: c.chainId, name: c.name, ...(smart?.chainIds.includes(c.chainId) === true ? { smartAccount: true } : {}) })),
  }))
  app.get(WALLET_FRAME_PATH, async (req, reply) => {
    const q = query(req)
    const projectId = q.get('projectId') ?? ''
    const origin = q.get('origin') ?? ''
    const hostOrigin = projectId === '' || origin === '' ? undefined : await parts.hostOrigin(projectId, origin)
    if (hostOrigin === undefined || hostOrigin !== origin) {
      // Framable by nobody: a refused page must not be shown inside a stranger's site either.
      return raw(reply, { status: 403, contentType: 'text/html; charset=utf-8', body: frameRefusedHtml(), headers: { 'content-security-policy': "frame-ancestors 'none'" } })
    }
    return raw(reply, {
      contentType: 'text/html; charset=utf-8',
      body: frameHtml(),
      headers: { 'content-security-policy': frameCsp(hostOrigin), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' },
    })
  })
  app.get(CONFIRM_POPUP_PATH, async (_req, reply) =>
    raw(reply, {
      contentType: 'text/html; charset=utf-8',
      body: confirmPopupHtml(),
      headers: { 'content-security-policy': confirmPopupCsp(), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' },
    }),
  )
  app.get(FRAME_APP_PATH, async (_req, reply) =>
    raw(reply, { contentType: 'text/javascript; charset=utf-8', body: await parts.frameApp(), headers: { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } }),
  )

  const context: WalletContext = {
    accounts,
    oneTime: parts.oneTime,
    clock,
    walletUrl: parts.walletUrl,
    walletReady,
    userJson,
    sessionCookie,
  }
  for (const plugin of parts.plugins ?? []) plugin.routes?.(app, context)
  return app
}

/**
 * A request body as the wallet origin reads it (text: every content type is kept as a string) parsed
 * as a JSON object; an empty body is `{}`, anything else 400 "Malformed JSON body".
 */
export function jsonObjectBody(body: unknown): Record<string, unknown> {
  const text = typeof body === 'string' ? body : ''
  try {
    const parsed = text.trim() === '' ? {} : (JSON.parse(text) as unknown)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object')
    return parsed as Record<string, unknown>
  } catch {
    throw new WalletHttpError(400, 'Malformed JSON body')
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}

/** The wallet's simple pages (the device approval's; a plugin's, such as the devnet's mailbox). */
export { page as walletPage, WalletHttpError }
