/**
 * The wallet frame's logic: what it does with each message from the host page. No DOM here: the
 * window, storage, the auth service's HTTP API and the confirmation UI come in through `FrameEnv`,
 * so the rules (who may talk to the frame, what it answers, what waits for the visitor) are tested
 * without a browser.
 *
 * A message is handled only when it comes from the host origin the frame was opened for, from the
 * parent window, and passes the protocol's schemas; anything else is dropped without an answer
 * (an answer would tell a stranger the frame is there). A request id is taken once in the frame's
 * life: a replay is dropped too. Every answer and event goes to the parent with that exact origin
 * as target.
 */
import { formatEther, isHex, parseTransaction, toHex, type Hex } from 'viem'
import { createSiweMessage, parseSiweMessage } from 'viem/siwe'
import {
  CONFIRMED_RPC_METHODS,
  FRAME_ACTIONS,
  FRAME_CHANNEL,
  FRAME_MESSAGES,
  SAFE_RPC_METHODS,
  SESSION_RPC_METHODS,
  frameRequestSchema,
  type FrameAction,
  type FrameError,
  type FrameEvent,
  type FrameRequestPayload,
  type FrameResponse,
  type FrameResponsePayload,
  type FrameUser,
} from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import { DEVNET_CHAIN_A, DEVNET_CHAIN_B, DEVNET_CONTRACTS, DEVNET_FUNGIBLES, DEVNET_NFT, NATIVE_CURRENCY, SOLANA_DEVNET_CAIP_NETWORK_ID, SOLANA_DEVNET_NAME } from '../../config'
import { decodeBase58 } from '../../../../server/src/base58'
import { isSolanaTransactionMessage, readSolanaTransaction, withSolanaSignature, type SolanaTransactionView } from '../../../../server/src/wallet/solana-transactions'
import { requestedKey, sessionPolicy, type PermissionRequest, type SessionPolicy } from '../session-grant'
import { decodeCall } from '../../../../src/domain/signing/decode-call'
import { balanceChanges } from '../../../../src/domain/preview/balance-changes'
import { revertReason, simulatedCalls, transfersFromLogs } from '../../../../src/domain/preview/simulated-logs'
import { nftReceiverWithoutHook, nftTransferOf } from '../../../../src/domain/preview/nft-receiver'
import { riskWarnings } from '../../../../src/domain/preview/risk-warnings'
import { formatUnitsExact } from '../../../../src/domain/format/amount'
import { shortAddress } from '../../../../src/domain/format/address'
import { base64Decode, base64Encode } from '../../../../src/domain/format/base64'
import { decodeTypedData } from '../../../../src/domain/signing/decode-typed-data'
import type { Decoded, DecodedField } from '../../../../src/domain/signing/decoded'
import { DEVNET_KNOWN_TOKENS, DEVNET_SOLANA_KNOWN_TOKENS } from './known-tokens'

/** The frame's own localStorage keys (on the auth origin, never the host's). */
export const FRAME_STORAGE_KEYS = {
  deviceId: 'walletgate-frame.deviceId',
  token: 'walletgate-frame.token',
  chainId: 'walletgate-frame.chainId',
  /** The email of a login between its code being sent and entered (survives a RELOAD). */
  pendingEmail: 'walletgate-frame.pendingEmail',
  /** The binding of the social login this tab started: only it redeems that login's ticket. */
  socialBinding: 'walletgate-frame.socialBinding',
} as const

/** A sign-in message older than this is never signed without asking. */
export const SIGN_IN_MAX_AGE_MS = 10 * 60_000
/** How far in the future a sign-in message's Issued At may be (the host's clock may run ahead). */
export const SIGN_IN_CLOCK_SKEW_MS = 60_000

export const SESSION_EXPIRED: FrameError = { message: 'Session Expired', code: 4100 }
export const NETWORK_NOT_AVAILABLE = 'This network is not available for the embedded wallet'
export const SOLANA_MESSAGE_IS_TRANSACTION = 'This message is a transaction: the wallet signs it only as a transaction'
export const UNREADABLE_SOLANA_TRANSACTION = 'This is not a Solana transaction the wallet can read'

/** The Solana networks the frame names in its approvals. */
const SOLANA_NETWORK_NAMES = new Map<string, string>([[SOLANA_DEVNET_CAIP_NETWORK_ID, SOLANA_DEVNET_NAME]])
/**
 * The devnet's tokens and contracts are named on the devnet's chains only: their addresses come from
 * the devnet's public test keys, which anyone can deploy from on any other chain, so elsewhere a
 * contract at such an address is nobody's dUSD and is shown by its address.
 */
const DEVNET_CHAIN_IDS: ReadonlySet<number> = new Set([DEVNET_CHAIN_A.id, DEVNET_CHAIN_B.id])
const knownTokens = (chainId: number) => (DEVNET_CHAIN_IDS.has(chainId) ? DEVNET_KNOWN_TOKENS : [])
const knownSolanaTokens = (network: string) => (network === SOLANA_DEVNET_CAIP_NETWORK_ID ? DEVNET_SOLANA_KNOWN_TOKENS : [])

export interface FrameStorage {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** What the visitor is asked to confirm. */
export interface ApprovalDetails {
  readonly title: string
  readonly method: string
  /** The app asking (from SYNC_DAPP_DATA), when it said. */
  readonly appName: string | undefined
  /** `warning`: the row deserves a second look (an unlimited allowance, a call nobody can read); the UI marks it in words. */
  readonly rows: readonly { readonly label: string; readonly value: string; readonly warning?: boolean }[]
}

/** The key export's steps as the frame's UI drives them; each rejects a FrameFailure in the visitor's words. */
export interface KeyExportFlow {
  readonly appName: string | undefined
  /** Mails a fresh code to the wallet's email. */
  sendCode(): Promise<void>
  /** Checks the code; the keys, for the UI to show and to forget. */
  showKeys(otp: string): Promise<{ readonly evmPrivateKey: string; readonly solanaSecretKey: string }>
  /** Instead of a code, one of the user's passkeys (the browser asks); present when they have one and the browser can. */
  readonly showKeysWithPasskey?: () => Promise<{ readonly evmPrivateKey: string; readonly solanaSecretKey: string }>
}

export interface FrameUi {
  /** Shows the request; resolves true (Approve) or false (Reject). When `signal` aborts, the UI goes away and the promise is ignored. */
  confirm(details: ApprovalDetails, signal: AbortSignal): Promise<boolean>
  /** Runs the key export with the visitor: resolves whether the keys were shown. When `signal` aborts, the UI goes away. */
  exportKeys(flow: KeyExportFlow, signal: AbortSignal): Promise<boolean>
  setTheme(mode: 'light' | 'dark'): void
}

export interface FrameEnv {
  /** The host page's origin (from the frame's own URL, checked by the server against the project's allow-list). */
  readonly hostOrigin: string
  /** The window allowed to talk to the frame: `window.parent`. */
  readonly parent: unknown
  post(message: FrameResponse | FrameEvent, targetOrigin: string): void
  /** The auth service's HTTP API (same origin as the frame): a path such as `/v1/user`. */
  fetch(path: string, init?: RequestInit): Promise<Response>
  readonly storage: FrameStorage
  /** This tab's storage (sessionStorage) for a sign-in under way; `storage` when absent. */
  readonly flowStorage?: FrameStorage
  readonly ui: FrameUi
  reload(): void
  randomId(): string
  /** Milliseconds since the epoch (the frame's clock: a sign-in message's age and expiry are read against it). */
  now(): number
  /** The browser's WebAuthn ceremonies on the frame's origin (options and answers in their JSON forms); absent: no passkeys. */
  readonly webauthn?: {
    create(options: unknown): Promise<unknown>
    get(options: unknown): Promise<unknown>
  }
}

/** What a refused or failed passkey ceremony says (the browser's own words name no reason a visitor can act on). */
export const PASSKEY_NOT_AVAILABLE: FrameError = { message: 'No passkey was used', code: 4001 }
/** A browser without WebAuthn. */
const NO_WEBAUTHN: FrameError = { message: 'Passkeys are not available in this browser', code: 4200 }

export interface IncomingMessage {
  readonly origin: string
  readonly source: unknown
  readonly data: unknown
}

/** A failure answered to the host as it is. */
export class FrameFailure extends Error {
  constructor(
    readonly error: FrameError,
    /** The service asks the visitor's passkey first (a large send): the ceremony's options. */
    readonly passkeyOptions?: unknown,
  ) {
    super(error.message)
  }
}

interface ServiceUser {
  /** Absent for a Farcaster user (a social user's is the provider's email). */
  email?: string
  /** The EOA (the user's key), whatever the account type in use. */
  accounts: { eip155: Hex; solana?: string }
  /** The EVM account in use; absent from a service without smart accounts (the EOA then). */
  address?: Hex
  evmAccounts?: { address: Hex; type: 'eoa' | 'smartAccount' }[]
  preferredAccountType?: 'eoa' | 'smartAccount'
  /** With `?chainId=`: whether the smart account has code on that chain. */
  smartAccountDeployed?: boolean
  socialProvider?: string
  userName?: string
}

interface ServiceChain {
  chainId: number
  name: string
  /** The chain has a bundler: the user's smart account works there. */
  smartAccount?: boolean
}

interface PendingApproval {
  readonly details: ApprovalDetails
  readonly controller: AbortController
  resolve(approved: boolean): void
  reject(error: unknown): void
  /** Set for a key export: the UI runs its steps instead of Approve / Reject. */
  readonly exportKeys?: KeyExportFlow
}

interface RequestContext {
  /** Runs after the answer is posted (events that follow it, a reload). */
  after(fn: () => void): void
}

type Handlers = { [A in FrameAction]: (payload: FrameRequestPayload<A>, ctx: RequestContext) => Promise<FrameResponsePayload<A>> }

export class FrameHandler {
  private appName: string | undefined
  private chainList: Promise<ServiceChain[]> | undefined
  private readonly queue: PendingApproval[] = []
  private current: PendingApproval | undefined
  /** Ids of the requests this frame has taken: an id is handled once in the frame's life. */
  private readonly requestIds = new Set<string>()
  /** The service accepted this frame's session (by token or by cookie) since it last ended. */
  private sessionSeen = false
  /** Nonces of the sign-in messages this frame has seen: a nonce is signed silently once at most. */
  private readonly signInNonces = new Set<string>()

  constructor(private readonly env: FrameEnv) {}

  /** Tells the host the frame is listening. */
  ready(): void {
    this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'READY', payload: {} })
  }

  /** Handles one `message` event; resolves once its answer (if any) is posted. */
  async handle(event: IncomingMessage): Promise<void> {
    if (event.origin !== this.env.hostOrigin || event.source !== this.env.parent) return
    const request = frameRequestSchema.safeParse(event.data)
    if (!request.success) return
    const { id, action } = request.data
    const spec = FRAME_ACTIONS[action]
    const payload = spec.request.safeParse(request.data.payload)
    if (!payload.success) return
    // A replayed id is dropped unanswered: never run twice, and an answer would carry the id of
    // the request it copies, which the host would take for that request's answer.
    if (this.requestIds.has(id)) return
    this.requestIds.add(id)
    const after: (() => void)[] = []
    let response: FrameResponse
    try {
      const handler = this.handlers[action] as (p: unknown, c: RequestContext) => Promise<unknown>
      const result = await handler(payload.data, { after: (fn) => after.push(fn) })
      // The frame never answers a shape the host would drop.
      const checked = spec.response.safeParse(result)
      response = checked.success
        ? { channel: FRAME_CHANNEL, kind: 'response', id, ok: true, payload: checked.data }
        : { channel: FRAME_CHANNEL, kind: 'response', id, ok: false, error: { message: FRAME_MESSAGES.somethingWrong } }
    } catch (error) {
      after.length = 0
      const frameError = error instanceof FrameFailure ? error.error : { message: FRAME_MESSAGES.somethingWrong }
      response = { channel: FRAME_CHANNEL, kind: 'response', id, ok: false, error: frameError }
    }
    this.env.post(response, this.env.hostOrigin)
    for (const fn of after) fn()
  }

  private emit(event: FrameEvent): void {
    this.env.post(event, this.env.hostOrigin)
  }

  private readonly handlers: Handlers = {
    SWITCH_NETWORK: async ({ chainId }) => {
      const chains = await this.chains()
      if (!chains.some((c) => c.chainId === chainId)) throw new FrameFailure({ message: NETWORK_NOT_AVAILABLE, code: 4902 })
      this.env.storage.setItem(FRAME_STORAGE_KEYS.chainId, String(chainId))
      return { chainId }
    },
    CONNECT_EMAIL: async ({ email, resend }) => {
      const deviceId = this.deviceId()
      if (resend === true) {
        await this.api('/v1/email/resend', { method: 'POST', body: { email, deviceId } })
        this.env.storage.setItem(FRAME_STORAGE_KEYS.pendingEmail, email)
        return { action: 'VERIFY_OTP' }
      }
      const answer = await this.api<{ action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }>('/v1/email/login', { method: 'POST', body: { email, deviceId } })
      this.env.storage.setItem(FRAME_STORAGE_KEYS.pendingEmail, email)
      return { action: answer.action }
    },
    CONNECT_DEVICE: async () => {
      const email = this.pendingEmail()
      const query = new URLSearchParams({ email, deviceId: this.deviceId() })
      const answer = await this.api<{ approved: boolean }>(`/v1/email/device-status?${query.toString()}`)
      return { approved: answer.approved === true }
    },
    CONNECT_OTP: async ({ otp }, ctx) => {
      const email = this.pendingEmail()
      const answer = await this.api<{ token: string; user: ServiceUser }>('/v1/email/verify', { method: 'POST', body: { email, otp, deviceId: this.deviceId() } })
      this.env.storage.setItem(FRAME_STORAGE_KEYS.token, answer.token)
      this.env.storage.removeItem(FRAME_STORAGE_KEYS.pendingEmail)
      const user = await this.frameUser(answer.user)
      ctx.after(() => this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user } }))
      return { user }
    },
    GET_SOCIAL_REDIRECT_URI: async ({ provider, mode, returnUrl }) => {
      // The login is bound to this tab: a random value kept here, which the service asks for
      // with the ticket. A callback link taken from another browser finds none (login CSRF).
      const binding = this.env.randomId()
      this.flowStorage().setItem(FRAME_STORAGE_KEYS.socialBinding, binding)
      // The host's origin is the frame's own (checked against the project's allow-list when the frame loaded).
      const query = new URLSearchParams({ origin: this.env.hostOrigin, mode, ...(returnUrl === undefined ? {} : { returnUrl }), binding })
      return this.api<{ url: string }>(`/v1/social/${provider}/start?${query.toString()}`)
    },
    PASSKEY_ADD: async () => {
      await this.requireSession()
      if (this.env.webauthn === undefined) throw new FrameFailure(NO_WEBAUTHN)
      // A wallet that has a passkey adds another only with one it has (the service says so first).
      const proof = await this.api<unknown>('/v1/passkey/register/options', { method: 'POST', body: {}, auth: true }).then(
        (options) => ({ options }),
        (error: unknown) => {
          if (error instanceof FrameFailure && error.passkeyOptions !== undefined) return { existing: error.passkeyOptions }
          throw error
        },
      )
      const approved = await this.askVisitor({
        title: 'Add a passkey',
        method: 'passkey_add',
        appName: this.appName,
        rows: [
          { label: 'Passkey', value: "Next time, sign in to this wallet with this device's screen lock or a security key, with no code." },
          ...('existing' in proof ? [{ label: 'First', value: 'Confirm with a passkey this wallet already has.' }] : []),
        ],
      })
      if (!approved) throw new FrameFailure({ message: FRAME_MESSAGES.rejected, code: 4001 })
      let options = 'options' in proof ? proof.options : undefined
      if ('existing' in proof) {
        const passkey = await this.ceremony((webauthn) => webauthn.get(proof.existing))
        options = await this.api<unknown>('/v1/passkey/register/options', { method: 'POST', body: { passkey }, auth: true })
      }
      // Right after the visitor's click in this frame: the browser's create() needs that gesture.
      const response = await this.ceremony((webauthn) => webauthn.create(options))
      await this.api('/v1/passkey/register', { method: 'POST', body: { response }, auth: true })
      return { added: true }
    },
    PASSKEY_LOGIN: async (_payload, ctx) => {
      if (this.env.webauthn === undefined) throw new FrameFailure(NO_WEBAUTHN)
      const options = await this.api<unknown>('/v1/passkey/login/options', { method: 'POST', body: {} })
      const response = await this.ceremony((webauthn) => webauthn.get(options))
      return this.signIn(await this.api<{ token: string; user: ServiceUser }>('/v1/passkey/login', { method: 'POST', body: { response, deviceId: this.deviceId() } }), ctx)
    },
    CONNECT_SOCIAL: async ({ ticket }, ctx) => {
      // Spent with the ticket: one binding, one login.
      const binding = this.flowStorage().getItem(FRAME_STORAGE_KEYS.socialBinding)
      this.flowStorage().removeItem(FRAME_STORAGE_KEYS.socialBinding)
      const body = { ticket, ...(binding === null ? {} : { binding }) }
      return this.signIn(await this.api<{ token: string; user: ServiceUser }>('/v1/social/redeem', { method: 'POST', body }), ctx)
    },
    GET_FARCASTER_URI: async () => {
      const channel = await this.api<{ url: string; channelToken: string }>('/v1/farcaster/channel', { method: 'POST', body: {} })
      return { url: channel.url, channelToken: channel.channelToken }
    },
    CONNECT_FARCASTER: async ({ channelToken }, ctx) => {
      const answer = await this.api<{ state?: string; token?: string; user?: ServiceUser }>('/v1/farcaster/redeem', { method: 'POST', body: { channelToken } })
      if (answer.token === undefined || answer.user === undefined) return { pending: true }
      return this.signIn({ token: answer.token, user: answer.user }, ctx)
    },
    GET_USER: async ({ chainId }) => {
      if (chainId !== undefined && (await this.chains()).some((c) => c.chainId === chainId)) {
        this.env.storage.setItem(FRAME_STORAGE_KEYS.chainId, String(chainId))
      }
      const user = await this.serviceUser()
      return { user: await this.frameUser(user, chainId) }
    },
    SIGN_OUT: async ({ everywhere }, ctx) => {
      const token = this.token()
      if (everywhere === true) {
        // Every device and app of the user: the visitor says so here, where no host page can click for them.
        await this.requireSession()
        const approved = await this.askVisitor({
          method: 'sign_out_everywhere',
          appName: this.appName,
          title: 'Sign out everywhere',
          rows: [{ label: 'Ends', value: 'Every session of this wallet, on every device and in every app. You sign in again with a new code.' }],
        })
        if (!approved) throw new FrameFailure({ message: FRAME_MESSAGES.rejected, code: 4001 })
        await this.api('/v1/sign-out-everywhere', { method: 'POST', auth: true })
      }
      this.forget()
      // Signing out here never waits on the service's answer: the token is gone from this device
      // either way; the service also ends the session cookie (when the browser kept the session there).
      await this.env.fetch('/v1/sign-out', { method: 'POST', headers: token === undefined ? {} : { authorization: `Bearer ${token}` } }).catch(() => undefined)
      ctx.after(() => this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user: null } }))
      return {}
    },
    EXPORT_KEYS: async () => {
      await this.requireSession()
      const flow: KeyExportFlow = {
        appName: this.appName,
        sendCode: async () => {
          await this.api('/v1/export/start', { method: 'POST', auth: true })
        },
        showKeys: (otp) => this.api<{ evmPrivateKey: string; solanaSecretKey: string }>('/v1/export/confirm', { method: 'POST', body: { otp }, auth: true }),
        ...(await this.passkeyConfirmation()),
      }
      // In the visitor queue like a confirmation: one thing is shown at a time, and leaving aborts it.
      const exported = await new Promise<boolean>((resolve, reject) => {
        this.queue.push({ details: { title: 'Export private keys', method: 'export_keys', appName: this.appName, rows: [] }, controller: new AbortController(), resolve, reject, exportKeys: flow })
        this.showNext()
      })
      return { exported }
    },
    IS_CONNECTED: async () => {
      try {
        await this.serviceUser()
        return { isConnected: true }
      } catch (error) {
        if (error instanceof FrameFailure && error.error.code === SESSION_EXPIRED.code) return { isConnected: false }
        throw error
      }
    },
    GET_CHAIN_ID: async () => ({ chainId: await this.chainId() }),
    RPC_REQUEST: async ({ chainId, method, params, signIn }) => {
      if (SAFE_RPC_METHODS.has(method)) return { result: await this.rpc(chainId, method, params) }
      if (SESSION_RPC_METHODS.has(method)) {
        await this.requireSession()
        return { result: await this.rpc(chainId, method, params) }
      }
      if (!CONFIRMED_RPC_METHODS.has(method)) throw new FrameFailure({ message: FRAME_MESSAGES.rpcNotAllowed, code: 4200 })
      await this.requireSession()
      if (signIn === true && method === 'personal_sign' && (await this.isOwnSignIn(chainId, params))) {
        return { result: await this.rpc(chainId, method, params) }
      }
      const approved = await this.askVisitor(await this.describe(chainId, method, params))
      if (!approved) throw new FrameFailure({ message: FRAME_MESSAGES.rejected, code: 4001 })
      return { result: await this.rpc(chainId, method, params) }
    },
    SOLANA_SIGN_MESSAGE: async ({ message }) => {
      await this.requireSession()
      const bytes = base64Decode(message)
      // A transaction's message would sign a transaction the visitor never saw as one.
      if (isSolanaTransactionMessage(bytes)) throw new FrameFailure({ message: SOLANA_MESSAGE_IS_TRANSACTION, code: 4200 })
      const account = await this.solanaAddress()
      const approved = await this.askVisitor({
        method: 'solana_signMessage',
        appName: this.appName,
        title: 'Sign message',
        rows: [
          { label: 'Message', value: solanaMessageText(bytes) },
          { label: 'Account', value: account },
        ],
      })
      if (!approved) throw new FrameFailure({ message: FRAME_MESSAGES.rejected, code: 4001 })
      return this.api<{ signature: string }>('/v1/solana/sign', { method: 'POST', body: { kind: 'message', bytes: message }, auth: true })
    },
    SOLANA_SIGN_TRANSACTION: async ({ transaction, chain }) => {
      await this.requireSession()
      const wire = base64Decode(transaction)
      let view: SolanaTransactionView
      try {
        view = readSolanaTransaction(wire, knownSolanaTokens(chain))
      } catch {
        throw new FrameFailure({ message: UNREADABLE_SOLANA_TRANSACTION })
      }
      const account = await this.solanaAddress()
      if (!view.signers.includes(account)) throw new FrameFailure({ message: 'This transaction is not for this wallet to sign', code: 4200 })
      const approved = await this.askVisitor({
        method: 'solana_signTransaction',
        appName: this.appName,
        title: 'Approve transaction',
        rows: [
          { label: 'Summary', value: view.summary, ...(view.warning ? { warning: true } : {}) },
          ...view.rows,
          { label: 'Network', value: SOLANA_NETWORK_NAMES.get(chain) ?? chain },
          { label: 'Fee paid by', value: view.signers[0] === account ? 'your account' : (view.signers[0] ?? 'unknown') },
        ],
      })
      if (!approved) throw new FrameFailure({ message: FRAME_MESSAGES.rejected, code: 4001 })
      const { signature } = await this.api<{ signature: string }>('/v1/solana/sign', { method: 'POST', body: { kind: 'transaction', bytes: transaction }, auth: true })
      try {
        return { transaction: base64Encode(withSolanaSignature(wire, account, decodeBase58(signature))) }
      } catch {
        throw new FrameFailure({ message: FRAME_MESSAGES.somethingWrong })
      }
    },
    RPC_ABORT: async () => ({ aborted: this.abortPending() }),
    UPDATE_EMAIL: async ({ email }) => {
      await this.api('/v1/email/update', { method: 'POST', body: { email }, auth: true })
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    UPDATE_EMAIL_PRIMARY_OTP: async ({ otp }) => {
      await this.api('/v1/email/update/primary', { method: 'POST', body: { otp }, auth: true })
      return { action: 'VERIFY_SECONDARY_OTP' }
    },
    UPDATE_EMAIL_SECONDARY_OTP: async ({ otp }, ctx) => {
      const answer = await this.api<{ email: string }>('/v1/email/update/secondary', { method: 'POST', body: { otp }, auth: true })
      const user = await this.frameUser(await this.serviceUser())
      ctx.after(() => this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user } }))
      return { email: answer.email }
    },
    SYNC_THEME: async ({ themeMode }) => {
      this.env.ui.setTheme(themeMode)
      return {}
    },
    SYNC_DAPP_DATA: async ({ metadata }) => {
      this.appName = metadata?.name
      return {}
    },
    // Smart accounts: on the chains with a bundler (the service says which).
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({ chainIds: (await this.chains()).filter((c) => c.smartAccount === true).map((c) => c.chainId) }),
    INIT_SMART_ACCOUNT: async () => {
      const user = await this.api<ServiceUser>(`/v1/user?chainId=${await this.chainId()}`, { auth: true })
      const smart = user.evmAccounts?.find((a) => a.type === 'smartAccount')
      if (smart === undefined) throw new FrameFailure({ message: FRAME_MESSAGES.actionNotAllowed })
      return { address: smart.address, isDeployed: user.smartAccountDeployed === true }
    },
    SET_PREFERRED_ACCOUNT: async ({ type }, ctx) => {
      // The service keeps the choice (every device of the user follows it) and refuses a smart account where there is none.
      const answer = await this.api<ServiceUser>('/v1/preferred-account', { method: 'POST', body: { type }, auth: true })
      const user = await this.frameUser(answer)
      if (user.preferredAccountType !== type) throw new FrameFailure({ message: FRAME_MESSAGES.actionNotAllowed })
      ctx.after(() => this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user } }))
      return { type, address: user.address }
    },
    RELOAD: async (_payload, ctx) => {
      ctx.after(() => this.env.reload())
      return {}
    },
  }

  /** The export's passkey path, when this browser can and the user has a passkey. */
  private async passkeyConfirmation(): Promise<Pick<KeyExportFlow, 'showKeysWithPasskey'>> {
    if (this.env.webauthn === undefined) return {}
    const { passkeys } = await this.api<{ passkeys: unknown[] }>('/v1/passkeys', { auth: true }).catch(() => ({ passkeys: [] }))
    if (passkeys.length === 0) return {}
    return {
      showKeysWithPasskey: async () => {
        const options = await this.api<unknown>('/v1/export/passkey', { method: 'POST', body: {}, auth: true })
        const passkey = await this.ceremony((webauthn) => webauthn.get(options))
        return this.api<{ evmPrivateKey: string; solanaSecretKey: string }>('/v1/export/confirm', { method: 'POST', body: { passkey }, auth: true })
      },
    }
  }

  /** A WebAuthn ceremony in this frame; a browser without one, or a refused or failed one, in the frame's words. */
  private async ceremony(run: (webauthn: NonNullable<FrameEnv['webauthn']>) => Promise<unknown>): Promise<unknown> {
    const webauthn = this.env.webauthn
    if (webauthn === undefined) throw new FrameFailure(NO_WEBAUTHN)
    try {
      return await run(webauthn)
    } catch {
      throw new FrameFailure(PASSKEY_NOT_AVAILABLE)
    }
  }

  /** Keeps a new session's token (the keys stay with the service) and tells the host who signed in. */
  private async signIn(answer: { token: string; user: ServiceUser }, ctx: RequestContext): Promise<{ user: FrameUser }> {
    this.env.storage.setItem(FRAME_STORAGE_KEYS.token, answer.token)
    const user = await this.frameUser(answer.user)
    ctx.after(() => this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user } }))
    return { user }
  }

  // --- RPC ---------------------------------------------------------------------------------

  /**
   * A call of the service's RPC. A large send of a visitor with a passkey (the service decides:
   * most of what the account holds of an asset, or a spending grant) is asked again with the
   * passkey's assertion for exactly this request; no passkey used, nothing sent.
   */
  private async rpc(chainId: number, method: string, params: unknown[]): Promise<unknown> {
    const body = { chainId, method, params }
    try {
      return (await this.api<{ result: unknown }>('/v1/rpc', { method: 'POST', body, auth: true })).result
    } catch (error) {
      if (!(error instanceof FrameFailure) || error.passkeyOptions === undefined) throw error
      const passkey = await this.ceremony((webauthn) => webauthn.get(error.passkeyOptions))
      return (await this.api<{ result: unknown }>('/v1/rpc', { method: 'POST', body: { ...body, passkey }, auth: true })).result
    }
  }

  /** Queues a request for the visitor; one is shown at a time. */
  private askVisitor(details: ApprovalDetails): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ details, controller: new AbortController(), resolve, reject })
      this.showNext()
    })
  }

  private showNext(): void {
    if (this.current !== undefined) return
    const next = this.queue.shift()
    if (next === undefined) return
    this.current = next
    this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'APPROVAL', payload: { pending: true, title: next.details.title } })
    const shown = next.exportKeys === undefined ? this.env.ui.confirm(next.details, next.controller.signal) : this.env.ui.exportKeys(next.exportKeys, next.controller.signal)
    shown.then(
      (approved) => this.settle(next, () => next.resolve(approved)),
      (error: unknown) => this.settle(next, () => next.reject(error)),
    )
  }

  private settle(entry: PendingApproval, finish: () => void): void {
    // An aborted request was answered already.
    if (this.current !== entry) return
    this.current = undefined
    finish()
    if (this.queue.length === 0) this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'APPROVAL', payload: { pending: false } })
    this.showNext()
  }

  /** Fails every request still waiting for the visitor; reads and requests already approved go on. */
  private abortPending(): number {
    const pending = [...(this.current === undefined ? [] : [this.current]), ...this.queue]
    this.queue.length = 0
    this.current = undefined
    for (const entry of pending) {
      entry.controller.abort()
      entry.reject(new FrameFailure({ message: FRAME_MESSAGES.aborted, code: 4001 }))
    }
    if (pending.length > 0) this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'APPROVAL', payload: { pending: false } })
    return pending.length
  }

  /**
   * Whether a sign-in request is the host's own sign-in message for this user, signed without a
   * second prompt. Only a message read completely: the text must be exactly the EIP-4361 message
   * its fields make (nothing before, between or after them), for the host origin (domain and URI),
   * the account in use, the active chain, issued in the last 10 minutes, with an expiry still
   * ahead, valid now, and a nonce this frame has not seen. Anything else is shown to the visitor.
   */
  private async isOwnSignIn(chainId: number, params: unknown[]): Promise<boolean> {
    const text = messageText(params[0])
    if (text === undefined) return false
    const message = strictSiweMessage(text)
    if (message === undefined) return false
    // Seen once, a nonce is never signed silently again, whatever the rest of this check says.
    const seen = this.signInNonces.has(message.nonce)
    this.signInNonces.add(message.nonce)
    if (seen) return false
    const host = new URL(this.env.hostOrigin)
    if (message.domain !== host.host || originOfUri(message.uri) !== host.origin) return false
    if (message.chainId !== chainId || message.chainId !== (await this.chainId())) return false
    const now = this.env.now()
    const issuedAt = message.issuedAt.getTime()
    if (issuedAt > now + SIGN_IN_CLOCK_SKEW_MS || now - issuedAt > SIGN_IN_MAX_AGE_MS) return false
    if (message.expirationTime === undefined || message.expirationTime.getTime() <= now) return false
    if (message.notBefore !== undefined && message.notBefore.getTime() > now + SIGN_IN_CLOCK_SKEW_MS) return false
    const user = await this.serviceUser()
    return message.address.toLowerCase() === (user.address ?? user.accounts.eip155).toLowerCase()
  }

  private async describe(chainId: number, method: string, params: unknown[]): Promise<ApprovalDetails> {
    const chain = (await this.chains()).find((c) => c.chainId === chainId)?.name ?? `chain ${chainId}`
    const base = { method, appName: this.appName }
    switch (method) {
      case 'personal_sign':
        return { ...base, title: 'Sign message', rows: [{ label: 'Message', value: messageText(params[0]) ?? String(params[0]) }] }
      case 'eth_signTypedData_v4': {
        const decoded = decodeTypedData(params[1], { tokens: knownTokens(chainId), chainId })
        return {
          ...base,
          title: 'Sign typed data',
          rows: [summaryRow(decoded, ''), ...decoded.fields.map((f) => fieldRow(f, '')), { label: 'Network', value: chain }],
        }
      }
      case 'wallet_sendCalls': {
        const calls = callsOf(params[0])
        return {
          ...base,
          title: 'Approve transactions',
          rows: [
            ...calls.flatMap((call, i) => txRows(call, chainId, chain, calls.length > 1 ? ` ${i + 1}` : '')),
            ...(await this.previewRows(chainId, calls)),
            ...(await this.riskRows(chainId, calls)),
          ],
        }
      }
      case 'wallet_grantPermissions':
        return { ...base, title: 'Grant permissions', rows: grantRows(params[0], chainId, chain) }
      case 'eth_sendRawTransaction':
        return { ...base, title: 'Approve transaction', rows: rawTxRows(params[0], chainId, chain) }
      default: {
        const tx = asTx(params[0])
        return { ...base, title: 'Approve transaction', rows: [...txRows(tx, chainId, chain, ''), ...(await this.previewRows(chainId, [tx])), ...(await this.riskRows(chainId, [tx]))] }
      }
    }
  }

  /**
   * What the chain says the calls would do to the visitor's balances: simulated by the wallet
   * service's node from the visitor's own address, read here with the domain's rules. The host
   * page sends only the calls; it has no say in what this shows. One row per token that moves,
   * a failing simulation as a warning, "Preview unavailable" when the chain cannot tell.
   */
  private async previewRows(chainId: number, calls: readonly TxLike[]): Promise<Row[]> {
    try {
      const user = await this.serviceUser()
      const from = user.address ?? user.accounts.eip155
      if (from === undefined || calls.length === 0 || calls.some((c) => c.to === undefined)) return [{ label: 'Preview', value: PREVIEW_UNAVAILABLE }]
      const simulated = simulatedCalls(
        await this.rpc(chainId, 'eth_simulateV1', [
          { blockStateCalls: [{ calls: calls.map((c) => ({ from, to: c.to, ...(c.data === undefined ? {} : { data: c.data }), ...(c.value === undefined ? {} : { value: toHex(BigInt(c.value)) }) })) }], traceTransfers: true, validation: false },
          'latest',
        ]),
      )
      if (simulated === undefined) return [{ label: 'Preview', value: PREVIEW_UNAVAILABLE }]
      const failed = simulated.findIndex((call) => call.status !== '0x1')
      if (failed >= 0) return [{ label: 'Preview', value: `This transaction would fail: ${revertReason(simulated[failed]?.returnData)}`, warning: true }]
      const changes = balanceChanges(transfersFromLogs(simulated.flatMap((call) => call.logs ?? [])), from)
      if (changes.length === 0) return [{ label: 'Balance change', value: 'No token balance changes' }]
      return changes.map((change) => ({ label: 'Balance change', value: changeText(change, chainId) }))
    } catch {
      return [{ label: 'Preview', value: PREVIEW_UNAVAILABLE }]
    }
  }

  /**
   * Plain warnings about where the calls send things, read here whatever the host says: a token
   * sent to the token's own contract, and an NFT sent to a contract that does not answer the
   * receiver hook (asked of the chain through the wallet service, as the token would ask it). One
   * row each, never blocking; a chain that cannot be read adds nothing.
   */
  private async riskRows(chainId: number, calls: readonly TxLike[]): Promise<Row[]> {
    const rows: Row[] = []
    for (const call of calls.slice(0, MAX_RISK_CHECKED_CALLS)) {
      const receiver = receiverOf(call, chainId)
      if (receiver === undefined || call.to === undefined) continue
      const known = knownTokens(chainId).find((t) => t.address.toLowerCase() === call.to?.toLowerCase())
      const symbol = known === undefined ? shortAddress(call.to) : known.kind === 'fungible' ? known.symbol : known.name
      if (riskWarnings({ receiver, token: { contract: call.to, symbol } }).some((w) => w.kind === 'receiverIsToken')) {
        rows.push({ label: 'Warning', value: `The receiver is the ${symbol} token's own contract.`, warning: true })
      }
    }
    try {
      const user = await this.serviceUser()
      const sender = user.address ?? user.accounts.eip155
      if (sender === undefined) return rows
      const read = {
        code: (address: string) => this.rpc(chainId, 'eth_getCode', [address, 'latest']),
        call: (request: { from?: string; to: string; data: string }) => this.rpc(chainId, 'eth_call', [request, 'latest']),
      }
      for (const call of calls.slice(0, MAX_RISK_CHECKED_CALLS)) {
        if ((await nftReceiverWithoutHook(call, sender, read)) === true) {
          rows.push({ label: 'Warning', value: 'The receiver is a contract that may not be able to move NFTs: they could be stuck there.', warning: true })
          break
        }
      }
    } catch {
      // No account to ask for: the other rows say what can be said.
    }
    return rows
  }

  // --- the auth service --------------------------------------------------------------------

  private async api<T = unknown>(path: string, options: { method?: string; body?: unknown; auth?: boolean } = {}): Promise<T> {
    const headers: Record<string, string> = {}
    if (options.body !== undefined) headers['content-type'] = 'application/json'
    const token = this.token()
    // Without a token here (a browser that refused this frame its storage), the session cookie the
    // service set goes with the request by itself (same origin): the service answers 401 without one.
    if (options.auth === true && token !== undefined) headers.authorization = `Bearer ${token}`
    let res: Response
    try {
      res = await this.env.fetch(path, {
        method: options.method ?? 'GET',
        headers,
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      })
    } catch {
      throw new FrameFailure({ message: FRAME_MESSAGES.somethingWrong })
    }
    const body = (await res.json().catch(() => undefined)) as Record<string, unknown> | undefined
    if (res.ok) {
      if (options.auth === true) this.sessionSeen = true
      return body as T
    }
    if (res.status === 401 && options.auth === true) {
      this.expire()
      throw new FrameFailure(SESSION_EXPIRED)
    }
    // The service's 4xx messages are written for the visitor ("That code is not valid"); a 5xx is not.
    const message = res.status < 500 && typeof body?.message === 'string' ? body.message : FRAME_MESSAGES.somethingWrong
    const error: FrameError = { message }
    if (typeof body?.code === 'number') error.code = body.code
    if (typeof body?.attemptsLeft === 'number') error.attemptsLeft = body.attemptsLeft
    if (typeof body?.retryAfterSeconds === 'number') error.retryAfterSeconds = body.retryAfterSeconds
    if (body?.code === 'passkey_required' && typeof body.passkeyOptions === 'object' && body.passkeyOptions !== null) {
      error.code = 4001
      throw new FrameFailure(error, body.passkeyOptions)
    }
    throw new FrameFailure(error)
  }

  /** The user's Solana account, as the service says. */
  private async solanaAddress(): Promise<string> {
    const address = (await this.serviceUser()).accounts.solana
    if (address === undefined) throw new FrameFailure({ message: 'This wallet has no Solana account', code: 4200 })
    return address
  }

  /**
   * Fails SESSION_EXPIRED unless this frame holds a session: its token, or, where the browser
   * refused the frame storage, the service's session cookie (asked about once here).
   */
  private async requireSession(): Promise<void> {
    if (this.token() !== undefined) return
    await this.serviceUser()
  }

  private serviceUser(): Promise<ServiceUser> {
    return this.api<ServiceUser>('/v1/user', { auth: true })
  }

  private async frameUser(user: ServiceUser, chainId?: number): Promise<FrameUser> {
    return {
      ...(user.email === undefined ? {} : { email: user.email }),
      address: user.address ?? user.accounts.eip155,
      chainId: chainId ?? (await this.chainId()),
      accounts: user.evmAccounts ?? [{ address: user.accounts.eip155, type: 'eoa' }],
      preferredAccountType: user.preferredAccountType ?? 'eoa',
      ...(user.accounts.solana === undefined ? {} : { solanaAddress: user.accounts.solana }),
      ...(user.socialProvider === undefined ? {} : { socialProvider: user.socialProvider }),
      ...(user.userName === undefined ? {} : { userName: user.userName }),
    }
  }

  /** The chains the auth service signs for. */
  private chains(): Promise<ServiceChain[]> {
    this.chainList ??= this.api<{ chains: ServiceChain[] }>('/v1/chains').then(
      (answer) => answer.chains,
      (error: unknown) => {
        this.chainList = undefined
        throw error
      },
    )
    return this.chainList
  }

  /** The last-used chain when the service still serves it, else the service's first. */
  private async chainId(): Promise<number> {
    const chains = await this.chains()
    const stored = Number(this.env.storage.getItem(FRAME_STORAGE_KEYS.chainId))
    if (chains.some((c) => c.chainId === stored)) return stored
    const first = chains[0]
    if (first === undefined) throw new FrameFailure({ message: FRAME_MESSAGES.somethingWrong })
    return first.chainId
  }

  private deviceId(): string {
    let id = this.env.storage.getItem(FRAME_STORAGE_KEYS.deviceId)
    if (id === null) {
      id = this.env.randomId()
      this.env.storage.setItem(FRAME_STORAGE_KEYS.deviceId, id)
    }
    return id
  }

  private flowStorage(): FrameStorage {
    return this.env.flowStorage ?? this.env.storage
  }

  private token(): string | undefined {
    return this.env.storage.getItem(FRAME_STORAGE_KEYS.token) ?? undefined
  }

  private pendingEmail(): string {
    const email = this.env.storage.getItem(FRAME_STORAGE_KEYS.pendingEmail)
    if (email === null) throw new FrameFailure({ message: 'Enter your email first' })
    return email
  }

  private forget(): void {
    this.env.storage.removeItem(FRAME_STORAGE_KEYS.token)
    this.sessionSeen = false
  }

  /** The service no longer accepts the session: forget it, and tell the host when there was one. */
  private expire(): void {
    const had = this.token() !== undefined || this.sessionSeen
    this.forget()
    if (had) this.emit({ channel: FRAME_CHANNEL, kind: 'event', event: 'SESSION_UPDATE', payload: { user: null } })
  }
}

/** Bytes of a Solana message as the visitor reads them: UTF-8 text, or hex when they are not text. */
export function solanaMessageText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
  }
}

/** A personal_sign message as text: 0x-hex of UTF-8 is decoded; other hex stays hex. */
export function messageText(param: unknown): string | undefined {
  if (typeof param !== 'string') return undefined
  if (!isHex(param)) return param
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(hexBytes(param))
  } catch {
    return param
  }
}

interface StrictSiweMessage {
  readonly domain: string
  readonly address: Hex
  readonly uri: string
  readonly chainId: number
  readonly nonce: string
  readonly issuedAt: Date
  readonly expirationTime: Date | undefined
  readonly notBefore: Date | undefined
}

/**
 * The fields of `text` when it is exactly one EIP-4361 message: parsed, then written again from
 * its fields, which must give the same text byte for byte (viem's parser reads a prefix and a
 * suffix and ignores anything between or after them). Undefined for anything else.
 */
export function strictSiweMessage(text: string): StrictSiweMessage | undefined {
  try {
    const parsed = parseSiweMessage(text)
    const { domain, address, uri, chainId, nonce, version, issuedAt } = parsed
    if (domain === undefined || address === undefined || uri === undefined || chainId === undefined || nonce === undefined || version !== '1') return undefined
    if (issuedAt === undefined || Number.isNaN(issuedAt.getTime())) return undefined
    const dates = [parsed.expirationTime, parsed.notBefore]
    if (dates.some((d) => d !== undefined && Number.isNaN(d.getTime()))) return undefined
    const again = createSiweMessage({
      domain,
      address,
      uri,
      chainId,
      nonce,
      version,
      issuedAt,
      ...(parsed.scheme === undefined ? {} : { scheme: parsed.scheme }),
      ...(parsed.statement === undefined ? {} : { statement: parsed.statement }),
      ...(parsed.expirationTime === undefined ? {} : { expirationTime: parsed.expirationTime }),
      ...(parsed.notBefore === undefined ? {} : { notBefore: parsed.notBefore }),
      ...(parsed.requestId === undefined ? {} : { requestId: parsed.requestId }),
      ...(parsed.resources === undefined ? {} : { resources: parsed.resources }),
    })
    if (again !== text) return undefined
    return { domain, address, uri, chainId, nonce, issuedAt, expirationTime: parsed.expirationTime, notBefore: parsed.notBefore }
  } catch {
    return undefined
  }
}

function originOfUri(uri: string): string | undefined {
  try {
    return new URL(uri).origin
  } catch {
    return undefined
  }
}

function hexBytes(hex: Hex): Uint8Array {
  // Decoded strictly below (viem's hexToString would replace bad sequences silently).
  const clean = hex.slice(2)
  if (clean.length % 2 !== 0) throw new Error('odd hex')
  const bytes = new Uint8Array(clean.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(clean.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

interface TxLike {
  to?: string
  /** As the request carries it (a hex string, or a number the service would read too). */
  value?: string | number
  /** As the request carries it; anything that is not a string is kept as its JSON, shown as unreadable. */
  data?: string
}

function asTx(value: unknown): TxLike {
  if (typeof value !== 'object' || value === null) return {}
  const v = value as Record<string, unknown>
  return {
    ...(typeof v.to === 'string' ? { to: v.to } : {}),
    ...(typeof v.value === 'string' || typeof v.value === 'number' ? { value: v.value } : {}),
    ...(typeof v.data === 'string' ? { data: v.data } : v.data === undefined || v.data === null ? {} : { data: JSON.stringify(v.data) ?? 'unreadable' }),
  }
}

function callsOf(value: unknown): TxLike[] {
  const calls = typeof value === 'object' && value !== null ? (value as { calls?: unknown }).calls : undefined
  return Array.isArray(calls) ? calls.map(asTx) : []
}

type Row = ApprovalDetails['rows'][number]

const PREVIEW_UNAVAILABLE = 'Preview unavailable'
/** As many calls as the service simulates: a longer batch is not read call by call for risks. */
const MAX_RISK_CHECKED_CALLS = 16

/** Who a token call sends to: an ERC-20 transfer's receiver, or an NFT transfer's. */
function receiverOf(call: TxLike, chainId: number): string | undefined {
  const action = decodeCall({ to: call.to, data: call.data }, knownTokens(chainId)).action
  if (action.kind === 'transfer' || action.kind === 'transferFrom') return action.to
  return nftTransferOf(call)?.to
}

/** "−7.25 dUSD", "+0.5 ETH", or raw units of a token the frame does not know. */
function changeText(change: { asset: string; delta: bigint; nft: boolean }, chainId: number): string {
  const sign = change.delta > 0n ? '+' : '−'
  const units = change.delta < 0n ? -change.delta : change.delta
  if (change.asset === 'native') return `${sign}${formatUnitsExact(units, NATIVE_CURRENCY.decimals)} ${NATIVE_CURRENCY.symbol}`
  const known = knownTokens(chainId).find((t) => t.address.toLowerCase() === change.asset)
  if (known?.kind === 'fungible') return `${sign}${formatUnitsExact(units, known.decimals)} ${known.symbol}`
  if (known?.kind === 'collection') return `${sign}${units.toString()} ${known.name}`
  return `${sign}${units.toString()} raw units of an unknown token (${shortAddress(change.asset)})`
}

/** A decoded request's one-sentence summary, marked when a part of it deserves a second look. */
function summaryRow(decoded: Decoded<unknown>, suffix: string): Row {
  return { label: `Summary${suffix}`, value: decoded.summary, ...(decoded.warning ? { warning: true } : {}) }
}

function fieldRow(f: DecodedField, suffix: string): Row {
  return { label: `${f.label}${suffix}`, value: f.value, ...(f.warning === true ? { warning: true } : {}) }
}

/** A transaction or one call of a batch: where it goes, the native value it carries, and its call data decoded. */
function txRows(tx: TxLike, chainId: number, chain: string, suffix: string): Row[] {
  let amount: Row
  try {
    amount = { label: `Amount${suffix}`, value: `${formatEther(BigInt(tx.value ?? '0x0'))} ETH on ${chain}` }
  } catch {
    amount = { label: `Amount${suffix}`, value: `not a valid amount: ${String(tx.value)}`, warning: true }
  }
  const rows: Row[] = [{ label: `To${suffix}`, value: tx.to ?? 'a new contract' }, amount]
  const decoded = decodeCall({ to: tx.to, data: tx.data }, knownTokens(chainId))
  if (decoded.action.kind === 'none') return [...rows, { label: `Call data${suffix}`, value: 'None' }]
  return [...rows, summaryRow(decoded, suffix), ...decoded.fields.map((f) => fieldRow(f, suffix))]
}

/**
 * A transaction signed elsewhere, as the chain will run it: where it goes, what it moves, its call
 * data decoded. One that cannot be read, or is signed for another chain, says so as a warning.
 */
function rawTxRows(raw: unknown, chainId: number, chain: string): Row[] {
  try {
    if (typeof raw !== 'string' || !isHex(raw)) throw new Error('not hex')
    const tx = parseTransaction(raw)
    const rows = txRows({ ...(tx.to == null ? {} : { to: tx.to }), value: toHex(tx.value ?? 0n), ...(tx.data === undefined ? {} : { data: tx.data }) }, chainId, chain, '')
    if (tx.chainId !== undefined && tx.chainId !== chainId) return [...rows, { label: 'Network', value: `Signed for chain ${tx.chainId}, not ${chain}`, warning: true }]
    return rows
  } catch {
    return [{ label: 'Transaction', value: 'A signed transaction that cannot be read', warning: true }]
  }
}

/**
 * What a session-key grant asks for, in the visitor's words: the key, every permission exactly as
 * the account will enforce it (read by the same policy the service grants from), the budget, the
 * expiry and the network. A request the account could not enforce as asked says so.
 */
function grantRows(value: unknown, chainId: number, chain: string): { label: string; value: string }[] {
  const request = (typeof value === 'object' && value !== null ? value : {}) as PermissionRequest
  const expiry = typeof request.expiry === 'number' ? new Date(request.expiry * 1000).toUTCString() : 'unknown'
  const end = [
    { label: 'Expires', value: expiry },
    { label: 'Network', value: chain },
  ]
  let key: string
  let policy: SessionPolicy
  try {
    key = requestedKey(request.signer)
    policy = sessionPolicy(request)
  } catch (error) {
    const signer = request.signer?.data?.id
    return [
      { label: 'Session key', value: typeof signer === 'string' ? signer : 'unknown' },
      { label: 'Cannot be granted', value: error instanceof Error ? error.message : 'This request is not valid' },
      ...end,
    ]
  }
  const eth = (wei: bigint) => `${formatEther(wei)} ${NATIVE_CURRENCY.symbol}`
  const allows: string[] = []
  if (policy.nativeAllowance > 0n) {
    const renews = policy.recurringAllowance > 0n ? ' (a recurring allowance counts once: it does not renew)' : ''
    allows.push(`Send up to ${eth(policy.nativeAllowance)} in total, to any address but your account${renews}`)
  }
  for (const call of policy.calls) {
    const on = contractText(call.target, chainId)
    const sends = call.valueLimit > 0n ? ` with up to ${eth(call.valueLimit)} in total` : ', sending no ETH'
    if (call.anyFunction) {
      const token = DEVNET_CHAIN_IDS.has(chainId) ? TOKEN_CONTRACTS.get(call.target.toLowerCase()) : undefined
      allows.push(`Call any function of ${on}${sends}${token === undefined ? '' : `: it may move or approve your ${token}`}`)
    } else {
      allows.push(`Call ${call.signature ?? `function ${call.selector}`} on ${on}${sends}`)
    }
  }
  const valued = (policy.nativeAllowance > 0n ? 1 : 0) + policy.calls.filter((c) => c.valueLimit > 0n).length
  return [
    { label: 'Session key', value: key },
    ...(allows.length === 0 ? [{ label: 'Allows', value: 'Nothing: the key may not send or call anything' }] : allows.map((text) => ({ label: 'Allows', value: text }))),
    ...(valued > 1 ? [{ label: 'Spend limit', value: `${eth(policy.valueLimit)} in total` }] : []),
    ...(allows.length === 0 ? [] : [{ label: 'Nothing else', value: 'no other contract, function or amount' }]),
    ...end,
  ]
}

/** The devnet's own contracts by name; the symbol of those holding the visitor's tokens. */
const CONTRACT_NAMES = new Map<string, string>([
  ...DEVNET_FUNGIBLES.filter((f) => f.key !== 'native').map((f) => [f.address.toLowerCase(), f.symbol] as const),
  [DEVNET_NFT.address.toLowerCase(), DEVNET_NFT.name],
  [DEVNET_CONTRACTS.weth.toLowerCase(), 'WETH'],
  [DEVNET_CONTRACTS.swapRouter.toLowerCase(), 'the swap router'],
  [DEVNET_CONTRACTS.swapFactory.toLowerCase(), 'the swap factory'],
])
const TOKEN_CONTRACTS = new Map<string, string>([
  ...DEVNET_FUNGIBLES.filter((f) => f.key !== 'native').map((f) => [f.address.toLowerCase(), f.symbol] as const),
  [DEVNET_NFT.address.toLowerCase(), DEVNET_NFT.symbol],
  [DEVNET_CONTRACTS.weth.toLowerCase(), 'WETH'],
])

/** A contract as the visitor reads it: its name when the devnet knows it, and always its full address. */
function contractText(address: string, chainId: number): string {
  const name = DEVNET_CHAIN_IDS.has(chainId) ? CONTRACT_NAMES.get(address.toLowerCase()) : undefined
  return name === undefined ? address : `${name} (${address})`
}
