/**
 * The embedded wallet's frame protocol (spec section 7, "Embedded wallet frame messages"): what the
 * modal (the host page) and the wallet frame (a page of the auth origin in a hidden iframe) say to
 * each other over `postMessage`. Both sides import this one file: every message is checked against
 * these schemas on arrival, and anything else is dropped.
 *
 * - host -> frame: a request `{ channel, kind: 'request', id, action, payload }`;
 * - frame -> host: the answer to a request `{ channel, kind: 'response', id, ok, payload | error }`,
 *   or an event `{ channel, kind: 'event', event, payload }` (READY once loaded, SESSION_UPDATE when
 *   the signed-in user changes, APPROVAL while the frame asks the visitor to confirm a request).
 *
 * Both sides post with an explicit target origin (never '*') and drop events whose `origin` is not
 * the other side's, whose `source` is not the other window, or that fail these schemas; the host
 * also drops answers to ids it is not waiting for.
 */
import { z } from 'zod/mini'
import { withoutZodJit } from '../../domain/validation/zod-error-map'
import { EMAIL_PATTERN } from '../../domain/messages'
import { SOCIAL_PROVIDERS } from '../../domain/entities'
import { SAFE_RPC_METHODS as DOMAIN_SAFE_RPC_METHODS } from '../../domain/rpc/safe-rpc-methods'
import { WALLET_PAYMASTER_STUB_METHOD } from '../../domain/sponsorship/sponsorship'

/** The largest Solana transaction (its packet size). */
export const SOLANA_MAX_TRANSACTION_BYTES = 1232
/** The longest message the embedded wallet signs with its Solana key. */
export const SOLANA_MAX_MESSAGE_BYTES = 1232

/** Marks our messages among everything else a page receives. Versioned: a change of shape is a new channel. */
export const FRAME_CHANNEL = 'walletgate-frame/1' as const

/** The frame's path on the auth origin; its query carries `projectId` and the host's `origin`. */
export const FRAME_PATH = '/frame'

// Built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after.
export const { accountTypeSchema, themeModeSchema, frameUserSchema, FRAME_ACTIONS, frameRequestSchema, frameErrorSchema, frameResponseSchema, approvalSchema, frameEventSchema } = withoutZodJit(() => {
  const email = z.string().check(z.regex(EMAIL_PATTERN), z.maxLength(254))
  const otp = z.string().check(z.regex(/^\d{6}$/))
  const chainId = z.number().check(z.int(), z.positive())
  const address = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
  const base64 = (maxBytes: number) => z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/), z.maxLength(4 * Math.ceil(maxBytes / 3)))
  const base58 = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{1,100}$/))
  const accountTypeSchema = z.enum(['eoa', 'smartAccount'])
  const themeModeSchema = z.enum(['light', 'dark'])

  /** The signed-in embedded-wallet user (spec section 3). */
  const frameUserSchema = z.object({
    email: z.optional(z.string()),
    address,
    chainId,
    accounts: z.array(z.object({ address, type: accountTypeSchema })),
    userName: z.optional(z.string()),
    /** Set for a user who signed in with a social provider or Farcaster. */
    socialProvider: z.optional(z.string().check(z.maxLength(32))),
    preferredAccountType: accountTypeSchema,
    /** Solana address (base58) when the user has a Solana wallet. */
    solanaAddress: z.optional(z.string()),
  })

  const empty = z.object({})
  const socialProvider = z.enum(SOCIAL_PROVIDERS)
  const ticket = z.string().check(z.minLength(1), z.maxLength(512))

  /** Each action: its request payload and its answer payload. */
  const FRAME_ACTIONS = {
    SWITCH_NETWORK: { request: z.object({ chainId }), response: z.object({ chainId }) },
    /** Starts an email login; `resend` asks for a new code for the same login (the 30 s cooldown applies). */
    CONNECT_EMAIL: {
      request: z.object({ email, resend: z.optional(z.boolean()) }),
      response: z.object({ action: z.enum(['VERIFY_OTP', 'VERIFY_DEVICE']) }),
    },
    /** Whether the emailed device-approval link was opened; once it was, a code is on its way (VERIFY_OTP). */
    CONNECT_DEVICE: { request: empty, response: z.object({ approved: z.boolean() }) },
    CONNECT_OTP: { request: z.object({ otp }), response: z.object({ user: frameUserSchema }) },
    /** The provider's authorization URL for a social login; `returnUrl` (a page of the host) on the redirect path. */
    GET_SOCIAL_REDIRECT_URI: {
      request: z.object({ provider: socialProvider, mode: z.enum(['popup', 'redirect']), returnUrl: z.optional(z.string().check(z.maxLength(2048))) }),
      response: z.object({ url: z.string() }),
    },
    /** Redeems the one-time ticket the provider's callback handed the host: the session is the frame's from now on. */
    CONNECT_SOCIAL: { request: z.object({ ticket }), response: z.object({ user: frameUserSchema }) },
    /** Opens a Farcaster sign-in channel: its URL is what the QR code shows. */
    GET_FARCASTER_URI: { request: empty, response: z.object({ url: z.string(), channelToken: ticket }) },
    /** Asks once whether the channel was approved: the user once it was, `pending` until then. */
    CONNECT_FARCASTER: {
      request: z.object({ channelToken: ticket }),
      response: z.object({ user: z.optional(frameUserSchema), pending: z.optional(z.boolean()) }),
    },
    GET_USER: { request: z.object({ chainId: z.optional(chainId) }), response: z.object({ user: frameUserSchema }) },
    /** Signs this device out; `everywhere` (after the visitor confirms it in the frame) ends every session of the user, on every device and app. */
    SIGN_OUT: { request: z.object({ everywhere: z.optional(z.boolean()) }), response: empty },
    IS_CONNECTED: { request: empty, response: z.object({ isConnected: z.boolean() }) },
    /**
     * The visitor exports their private keys, all inside the frame: a fresh code by email, then the
     * keys shown there. The answer says only whether they were shown; the keys never leave the frame.
     */
    EXPORT_KEYS: { request: empty, response: z.object({ exported: z.boolean() }) },
    /** The signed-in visitor adds a passkey: confirmed in the frame, whose origin the credential is for. */
    PASSKEY_ADD: { request: empty, response: z.object({ added: z.boolean() }) },
    /** A login with a passkey of this wallet origin, no code: the same answer as a code's. */
    PASSKEY_LOGIN: { request: empty, response: z.object({ user: frameUserSchema }) },
    GET_CHAIN_ID: { request: empty, response: z.object({ chainId }) },
    /**
     * An EIP-1193 request from the embedded wallet's provider. `signIn` marks the sign-in message the
     * modal asks for while connecting: the frame signs it without a second prompt when it is a
     * sign-in message for the host's own domain and the user's address.
     */
    RPC_REQUEST: {
      request: z.object({ chainId, method: z.string().check(z.minLength(1), z.maxLength(100)), params: z.array(z.unknown()), signIn: z.optional(z.boolean()) }),
      response: z.object({ result: z.unknown() }),
    },
    /**
     * A message signed with the user's Solana key once the visitor approved it in the frame (bytes
     * as base64; never bytes that are a transaction's message); the signature in base58.
     */
    SOLANA_SIGN_MESSAGE: { request: z.object({ message: base64(SOLANA_MAX_MESSAGE_BYTES) }), response: z.object({ signature: base58 }) },
    /**
     * A Solana transaction (wire bytes as base64) the user signs, shown to the visitor as the frame
     * reads it; answered signed in the user's slot, for the modal to send over the network's RPC.
     */
    SOLANA_SIGN_TRANSACTION: {
      request: z.object({ transaction: base64(SOLANA_MAX_TRANSACTION_BYTES), chain: z.string().check(z.regex(/^solana:[1-9A-HJ-NP-Za-km-z]{1,44}$/)) }),
      response: z.object({ transaction: base64(SOLANA_MAX_TRANSACTION_BYTES) }),
    },
    /** Aborts the pending unsafe requests (signing, sending): they fail "Request was aborted"; reads go on. */
    RPC_ABORT: { request: empty, response: z.object({ aborted: z.number() }) },
    UPDATE_EMAIL: { request: z.object({ email }), response: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }) },
    UPDATE_EMAIL_PRIMARY_OTP: { request: z.object({ otp }), response: z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }) },
    UPDATE_EMAIL_SECONDARY_OTP: { request: z.object({ otp }), response: z.object({ email: z.string() }) },
    SYNC_THEME: { request: z.object({ themeMode: themeModeSchema }), response: empty },
    SYNC_DAPP_DATA: {
      request: z.object({ projectId: z.string(), sdkVersion: z.string(), metadata: z.optional(z.object({ name: z.string(), url: z.string() })) }),
      response: empty,
    },
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: { request: empty, response: z.object({ chainIds: z.array(chainId) }) },
    INIT_SMART_ACCOUNT: { request: empty, response: z.object({ address, isDeployed: z.boolean() }) },
    SET_PREFERRED_ACCOUNT: { request: z.object({ type: accountTypeSchema }), response: z.object({ type: accountTypeSchema, address }) },
    RELOAD: { request: empty, response: empty },
  } as const


  const id = z.string().check(z.minLength(1), z.maxLength(64))

  /** Any request, before its payload is checked against its action. */
  const frameRequestSchema = z.object({
    channel: z.literal(FRAME_CHANNEL),
    kind: z.literal('request'),
    id,
    action: z.enum(Object.keys(FRAME_ACTIONS) as [keyof typeof FRAME_ACTIONS, ...(keyof typeof FRAME_ACTIONS)[]]),
    payload: z.unknown(),
  })

  /** Why a request failed: the message is shown to the visitor as it is (the spec's words where it has them). */
  const frameErrorSchema = z.object({
    message: z.string().check(z.maxLength(500)),
    /** EIP-1193 / JSON-RPC code where there is one (4001 rejected, 4100 unauthorised, 4200 not allowed). */
    code: z.optional(z.number()),
    /** Attempts left after a wrong code. */
    attemptsLeft: z.optional(z.number()),
    /** Seconds to wait before another code may be sent. */
    retryAfterSeconds: z.optional(z.number()),
  })

  const frameResponseSchema = z.union([
    z.object({ channel: z.literal(FRAME_CHANNEL), kind: z.literal('response'), id, ok: z.literal(true), payload: z.unknown() }),
    z.object({ channel: z.literal(FRAME_CHANNEL), kind: z.literal('response'), id, ok: z.literal(false), error: frameErrorSchema }),
  ])

  /** What the frame is asking the visitor to confirm (shown inside the modal's ApproveTransaction view). */
  const approvalSchema = z.object({ pending: z.boolean(), title: z.optional(z.string()) })

  const frameEventSchema = z.union([
    z.object({ channel: z.literal(FRAME_CHANNEL), kind: z.literal('event'), event: z.literal('READY'), payload: empty }),
    z.object({ channel: z.literal(FRAME_CHANNEL), kind: z.literal('event'), event: z.literal('SESSION_UPDATE'), payload: z.object({ user: z.nullable(frameUserSchema) }) }),
    z.object({ channel: z.literal(FRAME_CHANNEL), kind: z.literal('event'), event: z.literal('APPROVAL'), payload: approvalSchema }),
  ])
  return { accountTypeSchema, themeModeSchema, frameUserSchema, FRAME_ACTIONS, frameRequestSchema, frameErrorSchema, frameResponseSchema, approvalSchema, frameEventSchema }
})

export type FrameUser = z.infer<typeof frameUserSchema>
export type FrameAction = keyof typeof FRAME_ACTIONS
export type FrameRequestPayload<A extends FrameAction> = z.infer<(typeof FRAME_ACTIONS)[A]['request']>
export type FrameResponsePayload<A extends FrameAction> = z.infer<(typeof FRAME_ACTIONS)[A]['response']>
export type FrameRequest = z.infer<typeof frameRequestSchema>
export type FrameError = z.infer<typeof frameErrorSchema>
export type FrameResponse = z.infer<typeof frameResponseSchema>
export type FrameEvent = z.infer<typeof frameEventSchema>

/**
 * RPC methods that only read: never aborted when pending requests are rejected (spec section 8);
 * the domain's list, plus asking for the accounts.
 */
export const SAFE_RPC_METHODS: ReadonlySet<string> = new Set([...DOMAIN_SAFE_RPC_METHODS, 'eth_requestAccounts'])

/** Methods the embedded wallet signs or sends with the visitor's confirmation; anything else not safe is refused. */
/**
 * Methods the frame answers with the wallet's session without asking the visitor: they sign and
 * send nothing (whether the app's paymaster would pay: the wallet asks only its own paymaster
 * origins, for the account it holds).
 */
export const SESSION_RPC_METHODS: ReadonlySet<string> = new Set([WALLET_PAYMASTER_STUB_METHOD])

export const CONFIRMED_RPC_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  // Signed elsewhere, but it sends (spec section 8): the visitor sees it and may reject it.
  'eth_sendRawTransaction',
  'wallet_sendCalls',
  // A session key the app may spend with: the visitor confirms it like a send.
  'wallet_grantPermissions',
])

/** The spec's words (section 8, embedded wallet messages). */
export const FRAME_MESSAGES = {
  rpcNotAllowed: 'Requested RPC call is not allowed',
  actionNotAllowed: 'Action not allowed',
  aborted: 'Request was aborted',
  somethingWrong: 'Something went wrong',
  rejected: 'User rejected the request',
} as const

/** `origin` of a URL, or undefined when it is not an http(s) URL. */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url)
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : undefined
  } catch {
    return undefined
  }
}

// The project's allow-list rule is the domain's: the modal checks the page against it too.
export { originAllowed } from '../../domain/validation/origin-allow-list'
