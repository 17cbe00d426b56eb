/**
 * The devnet auth service: email login for the embedded wallet, on its own origin. Login codes and
 * device approval links go out as real emails over SMTP (to the devnet's mail sink); each user's
 * keys stay here and the service signs for them (a server-side signer), so no key is ever in a
 * host page; each new EVM wallet is funded on the devnet chains from a faucet key of its own.
 *
 *   POST /v1/email/login   { email, deviceId }        -> { action: 'VERIFY_OTP' | 'VERIFY_DEVICE' }
 *   POST /v1/email/resend  { email, deviceId }        -> { sent: true } | 429 "Please try again after N seconds"
 *   GET  /v1/email/device-approval?token=            (the emailed link) -> a page with a button (a GET approves nothing)
 *   POST /v1/email/device-approval  token, csrf       (the button; same origin, its cookie) -> approved; the code follows by email
 *   GET  /v1/email/device-status?email=&deviceId=    -> { approved }
 *   POST /v1/email/verify  { email, otp, deviceId }   -> { token, user } | 400 "That code is not valid" (attemptsLeft)
 *   GET  /v1/user[?chainId=]        (Bearer token)    -> { email, accounts: { eip155, solana }, address, evmAccounts, preferredAccountType[, smartAccountDeployed] }
 *   POST /v1/preferred-account { type } (Bearer)      -> the user, now on that account type ('smartAccount' | 'eoa')
 *   POST /v1/email/update { email } (Bearer)          -> { action: 'VERIFY_PRIMARY_OTP' } (a code to the current email)
 *   POST /v1/email/update/primary { otp } (Bearer)    -> { action: 'VERIFY_SECONDARY_OTP' } (a code to the new email)
 *   POST /v1/email/update/secondary { otp } (Bearer)  -> { email } (the user's email is the new one)
 *   POST /v1/sign-out               (Bearer token)    -> { signedOut: true }
 *   POST /v1/sign-out-everywhere    (Bearer token)    -> { signedOut: n } every session of the user ends
 *   POST /v1/export/start           (Bearer; the frame only) -> { sent: true } a fresh code to the proved email
 *   POST /v1/export/confirm { otp } (Bearer; the frame only) -> { evmPrivateKey, solanaSecretKey } (audited)
 *   POST /v1/rpc { chainId, method, params } (Bearer) -> { result } | 403 "Requested RPC call is not allowed"
 *   POST /v1/solana/sign { kind, bytes } (Bearer)     -> { signature } (base58) of a message (never a transaction's) or a transaction the user signs (audited)
 *   GET  /v1/chains                                   -> { chains: [{ chainId, name, smartAccount? }] } the chains it signs for (smartAccount: it has a bundler)
 *   GET  /frame?projectId=&origin=                    -> the wallet frame page (only for the project's allowed origins)
 *   GET  /frame/app.js                                -> the frame app (bundled on first request)
 *   GET  /frame/confirm                               -> the confirmation popup the frame opens where it cannot know it is visible
 *   GET  /devnet/mail?to=                             -> the mail sink's messages, newest first (JSON)
 *   GET  /devnet/mailbox?to=                          -> the same as a page a person reads
 *   POST /devnet/age-code { email, ms }               -> ages the pending code (a test sees it expire)
 *
 * Smart accounts: on chains with a bundler each user also has a smart account (the devnet's
 * DevnetAccount, owned by the user's EOA key; ./smart-account), the default account type (spec
 * section 4). `accounts.eip155` stays the EOA; `evmAccounts` lists both, `address` is the one of the
 * preferred type, and /v1/rpc speaks for that one: as the smart account, sends go to the bundler
 * as user operations (the first one deploys it) and signatures are ERC-1271 (ERC-6492 while it is
 * not deployed yet).
 *
 * Who may call: the API (/v1, /devnet) refuses a browser request from any origin but its own,
 * or, naming its project (`?projectId=`), exactly one of that project's allowed host origins,
 * which alone gets CORS (./guards/origin-gate). Codes are mailed and checked under one policy,
 * counted per email and per client address (the server's wallet/login/code-policy).
 *
 * With `social` set it also runs the devnet's social providers and social and Farcaster login
 * (social/login.ts: `/social/<provider>/...`, `/v1/social/...`, `/v1/farcaster/...`).
 */
import { createHash } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createTransport } from 'nodemailer'
import { createPublicClient, createWalletClient, http, parseEther, toHex, type Hex, type TransactionRequest } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEVNET_CHAIN_A, DEVNET_CHAIN_B, DEVNET_HOST, DEVNET_MNEMONIC, DEVNET_SOLANA_TOKENS, DEVNET_WALLET_HOST } from '../config'
import { FRAME_PATH } from '../../../src/infrastructure/embedded-wallet/frame-protocol'
import { HttpError, readBody } from '../service/http'
import {
  AuthAccounts,
  AuthError,
  LocalKeyEncryption,
  migrate,
  newKekEntry,
  OneTimeValues,
  openPgliteDatabase,
  parseKeks,
  WalletKeys,
  type AccountsOptions,
  type AuthUser,
  type Database,
  type EvmAccountType,
  type KeyEncryption,
  type Outgoing,
  encodeBase58,
  SolanaMessageIsTransactionError,
  UnreadableSolanaTransactionError,
} from '../../../server/src/index.js'
import { requestApp } from './frame/app-scope'
import { FRAME_APP_PATH, allowedHostOrigin, confirmPopupCsp, confirmPopupHtml, frameAppBundler, frameCsp, frameHtml, frameRefusedHtml } from './frame-page'
import { CONFIRM_POPUP_PATH } from './frame/confirm-popup'
import { clientAddress } from './guards/client-address'
import { DEVICE_APPROVAL_COOKIE, DeviceApprovalForm, cookieValue } from './guards/device-approval-form'
import { decideOrigin, type OriginDecision } from './guards/origin-gate'
import type { Mailbox } from './smtp-sink'
import type { DevnetSmartAccount } from './smart-account'
import type { SocialLogin, SocialLoginOptions } from './social/login'

/** The mnemonic index of the faucet that funds new embedded wallets (accounts #0-#9 belong to the demo and tests). */
export const AUTH_FAUCET_INDEX = 10
/** What each new embedded EVM wallet receives on every devnet chain. */
export const NEW_WALLET_FUNDING = parseEther('10')
/** What the faucet is given at start on each chain (anvil_setBalance). */
const FAUCET_BALANCE = parseEther('1000000')

export const RPC_NOT_ALLOWED = 'Requested RPC call is not allowed'
/** A browser request from an origin the service does not serve. */
export const ORIGIN_NOT_ALLOWED = 'This origin is not allowed to call the wallet service'

const DEVICE_APPROVAL_PATH = '/v1/email/device-approval'

/** The devnet pages' icon: a grey tile with a "d". */
const DEVNET_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#555"/><text x="8" y="12" font-size="11" text-anchor="middle" fill="#fff" font-family="sans-serif">d</text></svg>'

export type { EvmAccountType }

/**
 * An EOA's call batch (sent one transaction at a time) is named by its chain and its transactions'
 * hashes: nothing is kept, so any replica reads its status from the chain, and only for the user
 * whose account sent every one of them.
 */
const EOA_BATCH = /^eoa-(\d{1,12})((?:-0x[0-9a-f]{64}){1,64})$/
const eoaBatchId = (chainId: number, hashes: readonly Hex[]): string => `eoa-${chainId}-${hashes.join('-')}`
function eoaBatch(id: string): { chainId: number; hashes: Hex[] } | undefined {
  const match = EOA_BATCH.exec(id)
  return match === null ? undefined : { chainId: Number(match[1]), hashes: match[2]!.slice(1).split('-') as Hex[] }
}

/**
 * The routes that open a session or act with one. The visitor types the login code into the host
 * page (the modal's boxes), so a host page could send it here itself, take the session and sign
 * without the frame ever showing a request: a browser's request to these routes (the browser says
 * where it comes from in Sec-Fetch-Site, which no page can forge) is answered only from the
 * wallet's own page. A client outside a browser sends no such header; it has no session of a
 * visitor's unless someone gave it the code (docs/security.md).
 */
const FRAME_ONLY_PATHS = /^\/v1\/(email\/verify|email\/update(\/primary|\/secondary)?|user|preferred-account|rpc|solana\/sign|sign-out|sign-out-everywhere|export\/(start|confirm)|social\/redeem|farcaster\/redeem)$/

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

/** The devnet's SPL tokens, named by symbol in what the audit records of a Solana transaction. */
const DEVNET_SOLANA_KNOWN_TOKENS = DEVNET_SOLANA_TOKENS.map(({ mint, symbol, decimals }) => ({ mint, symbol, decimals }))
/** The longest base64 of bytes to sign with a Solana key (a transaction is at most 1,232 bytes; a message is kept as short). */
const MAX_SOLANA_SIGN_BASE64 = 4 * Math.ceil(1232 / 3)
/** What a new wallet's Solana account gets on the Solana devnet. */
const NEW_WALLET_SOL_LAMPORTS = 10_000_000_000

/**
 * Airdrops SOL to a wallet's Solana account that holds none: a new one, or a known one on a
 * Solana devnet started over since.
 */
async function fundSolana(rpcUrl: string, address: string): Promise<void> {
  const call = async <T>(method: string, params: unknown[]): Promise<T> => {
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    const answer = (await res.json()) as { result?: T; error?: { message: string } }
    if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.message}`)
    return answer.result as T
  }
  const { value } = await call<{ value: number }>('getBalance', [address])
  if (value === 0) await call('requestAirdrop', [address, NEW_WALLET_SOL_LAMPORTS])
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

export interface AuthServiceOptions {
  readonly port: number
  /** The SMTP sink the emails go to. */
  readonly smtpPort: number
  /** Where the sink's messages are read from (the same process runs both on the devnet). */
  readonly mailbox: Mailbox
  /**
   * The EVM chains new wallets are funded on and transactions are sent to; a chain with a
   * `bundlerUrl` (ERC-4337) also serves each user's smart account.
   */
  readonly chains: readonly { readonly chainId: number; readonly rpcUrl: string; readonly bundlerUrl?: string }[]
  /** The Solana devnet: each new wallet's Solana account gets SOL there (an airdrop). */
  readonly solana?: { readonly rpcUrl: string }
  /** The login rules' clock, codes and limits (tests move the time, fix the code). */
  readonly accounts?: Omit<AccountsOptions, 'clock' | 'stores'> & { readonly now?: () => number }
  /**
   * Where users, sessions and sealed keys are kept: the server's database (migrated here). An
   * in-memory PGlite of the service's own when absent, closed with it.
   */
  readonly db?: Database
  /** The key-encryption key(s) the wallets' keys are wrapped with; a fresh one for this run when absent. */
  readonly kek?: KeyEncryption
  /** The blockchain service, whose `/projects/v1/origins` lists the host origins the frame serves. */
  readonly serviceUrl?: string
  /** Where the service reports what it did once (the frame app's build time). */
  readonly log?: (line: string) => void
  /** Social providers and social/Farcaster login on; they load only then (oidc-provider, jose, the Farcaster client). */
  readonly social?: SocialLoginOptions
}

export interface AuthService {
  readonly url: string
  readonly port: number
  readonly faucetAddress: Hex
  stop(): Promise<void>
}

interface JsonAnswer {
  status?: number
  json: unknown
  headers?: Record<string, string>
}

/** Any other answer: a page or a script, with its own status and headers. */
interface RawAnswer {
  status?: number
  contentType: string
  body: string
  headers?: Record<string, string>
}

type Answer = JsonAnswer | { html: string } | RawAnswer

const CHAIN_NAMES = new Map<number, string>([
  [DEVNET_CHAIN_A.id, DEVNET_CHAIN_A.name],
  [DEVNET_CHAIN_B.id, DEVNET_CHAIN_B.name],
])

export async function startAuthService(options: AuthServiceOptions): Promise<AuthService> {
  const ownDb = options.db === undefined ? await openPgliteDatabase() : undefined
  const db = options.db ?? ownDb!
  await migrate(db)
  const now = options.accounts?.now ?? Date.now
  const clock = { now }
  const keys = new WalletKeys(db, options.kek ?? new LocalKeyEncryption(parseKeks(newKekEntry('devnet'))), clock)
  const accounts = new AuthAccounts(db, keys, {
    clock,
    ...(options.accounts?.newCode === undefined ? {} : { newCode: options.accounts.newCode }),
    ...(options.accounts?.limits === undefined ? {} : { limits: options.accounts.limits }),
  })
  const mail = createTransport({ host: DEVNET_HOST, port: options.smtpPort, secure: false, ignoreTLS: true })
  const faucet = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: AUTH_FAUCET_INDEX })
  const chains = new Map(options.chains.map((c) => [c.chainId, c]))
  let baseUrl = ''
  const frameApp = frameAppBundler(options.log)
  // Flows, tickets, channels and approval forms wait between steps in the database: any replica takes the next one.
  const oneTime = new OneTimeValues(db, now)
  const approvalForm = new DeviceApprovalForm(oneTime)

  // The faucet's money: set, not mined, so it never depends on what other parts spent.
  await Promise.all(
    options.chains.map((chain) =>
      createPublicClient({ transport: http(chain.rpcUrl) }).request({
        method: 'anvil_setBalance' as never,
        params: [faucet.address, toHex(FAUCET_BALANCE)] as never,
      }),
    ),
  )

  // Smart accounts, on the chains with a bundler (./smart-account loads with the first user).
  const smartChains = options.chains.filter((c) => c.bundlerUrl !== undefined)
  const smartAccounts = smartChains.length > 0
  /** Each user's smart-account address (the same on every chain: one factory, one salt per owner). */
  const smartAddresses = new Map<string, Hex>()
  const smartModule = () => import('./smart-account')
  const smartAddressOf = async (user: AuthUser): Promise<Hex | undefined> => {
    const chain = smartChains[0]
    if (chain === undefined) return undefined
    let address = smartAddresses.get(user.id)
    if (address === undefined) {
      address = await (await smartModule()).smartAccountAddress(user.evmAddress, chain)
      smartAddresses.set(user.id, address)
    }
    return address
  }
  const smartOnChain = new Map<string, Promise<DevnetSmartAccount>>()
  const smartAccountOf = (user: AuthUser, chainId: number): Promise<DevnetSmartAccount> => {
    const chain = smartChains.find((c) => c.chainId === chainId)
    if (chain === undefined) throw new HttpError(400, `Chain ${chainId} has no smart accounts`, { message: `Chain ${chainId} has no smart accounts`, code: 4200 })
    const key = `${user.id}:${chainId}`
    let account = smartOnChain.get(key)
    if (account === undefined) {
      // Its owner is the user's key, opened for each signature (the audit names the smart account's chain).
      account = smartModule().then((m) => m.devnetSmartAccount(keys.evmAccount(user.id, user.evmAddress, { origin: `smart account on chain ${chainId}` }), chain))
      account.catch(() => smartOnChain.delete(key))
      smartOnChain.set(key, account)
    }
    return account
  }
  const preferredType = (user: AuthUser): EvmAccountType =>
    smartAccounts && smartAddresses.has(user.id) ? (user.preferredAccountType ?? 'smartAccount') : 'eoa'

  // One faucet transaction at a time per chain: concurrent logins never race for a nonce.
  const faucetQueues = new Map<number, Promise<unknown>>()
  const fundAddress = (chain: { chainId: number; rpcUrl: string }, to: Hex): Promise<unknown> => {
    const previous = faucetQueues.get(chain.chainId) ?? Promise.resolve()
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        // A chain started over (the devnet restarts a node that died, and the fault tests kill one)
        // forgets the faucet's money: it is set again before the faucet pays.
        const reader = createPublicClient({ transport: http(chain.rpcUrl) })
        if ((await reader.getBalance({ address: faucet.address })) < NEW_WALLET_FUNDING * 4n) {
          await reader.request({ method: 'anvil_setBalance' as never, params: [faucet.address, toHex(FAUCET_BALANCE)] as never })
        }
        const client = createWalletClient({ account: faucet, transport: http(chain.rpcUrl) })
        const hash = await client.sendTransaction({ to, value: NEW_WALLET_FUNDING, chain: null })
        await createPublicClient({ transport: http(chain.rpcUrl) }).waitForTransactionReceipt({ hash, pollingInterval: 50 })
      })
    faucetQueues.set(chain.chainId, next)
    return next
  }
  /**
   * Funds a user's EOA and, where there are smart accounts, its counterfactual smart account (its
   * first user operation pays its own gas): a new user's on every chain; a known user's on a chain
   * where their EOA never sent and holds nothing, which is a chain started over since (the users
   * outlive a devnet restart in its database; the chains start empty).
   */
  const fund = async (user: AuthUser, created = true): Promise<unknown> => {
    const smart = await smartAddressOf(user)
    return Promise.all([
      ...(options.solana === undefined ? [] : [fundSolana(options.solana.rpcUrl, user.solanaAddress)]),
      ...options.chains.map(async (chain) => {
        if (!created) {
          const reader = createPublicClient({ transport: http(chain.rpcUrl) })
          const [sent, held] = await Promise.all([reader.getTransactionCount({ address: user.evmAddress }), reader.getBalance({ address: user.evmAddress })])
          if (sent > 0 || held > 0n) return
        }
        await Promise.all([fundAddress(chain, user.evmAddress), ...(smart === undefined ? [] : [fundAddress(chain, smart)])])
      }),
    ])
  }

  const sendMail = async (outgoing: Outgoing): Promise<void> => {
    if (outgoing.kind === 'otp') {
      await mail.sendMail({
        from: 'Walletgate devnet <login@walletgate.devnet>',
        to: recipient(outgoing.email),
        subject: `Your login code is ${outgoing.code}`,
        text: `Your login code is ${outgoing.code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
      })
      return
    }
    if (outgoing.kind === 'update-otp') {
      await mail.sendMail({
        from: 'Walletgate devnet <login@walletgate.devnet>',
        to: recipient(outgoing.email),
        subject: `Your email change code is ${outgoing.code}`,
        text: `Your code to change your wallet's email to ${outgoing.newEmail} is ${outgoing.code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
      })
      return
    }
    if (outgoing.kind === 'export-otp') {
      await mail.sendMail({
        from: 'Walletgate devnet <login@walletgate.devnet>',
        to: recipient(outgoing.email),
        subject: `Your key export code is ${outgoing.code}`,
        text: `Someone asked to see the private keys of your wallet. If it is you, enter ${outgoing.code} in the wallet window; it expires in 10 minutes. If it is not you, share this code with no one, and sign out everywhere from your wallet's account.`,
      })
      return
    }
    const link = `${baseUrl}${DEVICE_APPROVAL_PATH}?token=${outgoing.linkToken}`
    await mail.sendMail({
      from: 'Walletgate devnet <login@walletgate.devnet>',
      to: recipient(outgoing.email),
      subject: 'Approve this device',
      text: `Someone is signing in to your wallet from a new device. If it is you, open this link and press "Approve this device"; your login code then comes by email: ${link}`,
      html: `<p>Someone is signing in to your wallet from a new device. If it is you, <a href="${link}">open this link</a> and press "Approve this device"; your login code then comes by email.</p>`,
    })
  }

  /** Calls sent by wallet_sendCalls, by bundle id, for wallet_getCallsStatus. */

  const userJson = (user: AuthUser) => {
    const smart = smartAccounts ? smartAddresses.get(user.id) : undefined
    const preferred = preferredType(user)
    return {
      email: user.email,
      // The EOA (the key's own address), as before smart accounts; `address` is the one in use.
      accounts: { eip155: user.evmAddress, solana: user.solanaAddress },
      address: preferred === 'smartAccount' && smart !== undefined ? smart : user.evmAddress,
      evmAccounts: [...(smart === undefined ? [] : [{ address: smart, type: 'smartAccount' as const }]), { address: user.evmAddress, type: 'eoa' as const }],
      preferredAccountType: preferred,
      ...(user.socialProvider === undefined ? {} : { socialProvider: user.socialProvider }),
      ...(user.userName === undefined ? {} : { userName: user.userName }),
    }
  }
  let social: SocialLogin | undefined

  const bearer = (req: IncomingMessage): string | undefined => {
    const header = req.headers.authorization
    return header?.startsWith('Bearer ') === true ? header.slice('Bearer '.length).trim() : undefined
  }
  /**
   * The request's session: its Bearer token, or the frame's session cookie, which counts only on a
   * request the browser marks same-origin (the frame's own): a host page's request carries the
   * cookie too (it is partitioned by the host's site), and is refused it.
   */
  const sessionToken = (req: IncomingMessage): string | undefined =>
    bearer(req) ?? (req.headers['sec-fetch-site'] === 'same-origin' ? cookieValue(req.headers.cookie, sessionCookieName(requestApp(req.headers))) : undefined)

  /**
   * /v1/rpc as the user's smart account; undefined for what the EOA path answers the same (reads).
   * eth_sendTransaction answers the hash of the bundle transaction that carried the user operation,
   * once it is mined: a caller polls eth_getTransactionReceipt for it as for any transaction.
   */
  const smartRpc = async (user: AuthUser, chainId: number, method: string, params: unknown[]): Promise<JsonAnswer | undefined> => {
    const rpcError = (error: unknown): JsonAnswer => {
      if (error instanceof HttpError) throw error
      const code = typeof (error as { code?: unknown }).code === 'number' ? (error as { code: number }).code : -32603
      const message = error instanceof Error && error.name === 'WalletRpcError' ? error.message : 'The smart account could not send this request'
      return { status: 400, json: { message, code } }
    }
    try {
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return { json: { result: [await smartAddressOf(user)] } }
        case 'personal_sign': {
          const message = params[0]
          if (typeof message !== 'string') throw new HttpError(400, 'personal_sign needs a message')
          const smart = await smartAccountOf(user, chainId)
          // ERC-1271 once deployed; before that viem wraps it for ERC-6492 (the factory call that would deploy it).
          return { json: { result: await smart.account.signMessage({ message: message.startsWith('0x') ? { raw: message as Hex } : message }) } }
        }
        case 'eth_signTypedData_v4': {
          const smart = await smartAccountOf(user, chainId)
          const typed = typeof params[1] === 'string' ? (JSON.parse(params[1]) as Parameters<typeof smart.account.signTypedData>[0]) : undefined
          if (typed === undefined) throw new HttpError(400, 'eth_signTypedData_v4 needs typed data')
          return { json: { result: await smart.account.signTypedData(typed) } }
        }
        case 'eth_sendTransaction': {
          const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex } | undefined
          if (tx?.to === undefined) throw new HttpError(400, 'eth_sendTransaction needs a transaction with a receiver')
          const smart = await smartAccountOf(user, chainId)
          const id = await smart.sendCalls([{ to: tx.to, value: tx.value === undefined ? 0n : BigInt(tx.value), ...(tx.data === undefined ? {} : { data: tx.data }) }])
          const { transactionHash, success } = await smart.waitForCalls(id)
          if (!success) return { status: 400, json: { message: 'The transaction reverted', code: -32603 } }
          return { json: { result: transactionHash } }
        }
        case 'wallet_getCapabilities': {
          const capabilities = await Promise.all(smartChains.map(async (c) => (await smartAccountOf(user, c.chainId)).capabilities()))
          return { json: { result: Object.assign({}, ...capabilities) as Record<string, unknown> } }
        }
        case 'wallet_sendCalls':
          return { json: { result: await (await smartAccountOf(user, chainId)).request({ method, params }) } }
        // ERC-7715: the owner adds a session key by a user operation; only a smart account has session keys.
        case 'wallet_grantPermissions':
          return { json: { result: await (await smartAccountOf(user, chainId)).request({ method, params }) } }
        case 'wallet_getCallsStatus':
          // A batch sent earlier as the EOA is read the EOA's way.
          if (typeof params[0] === 'string' && eoaBatch(params[0]) !== undefined) return undefined
          return { json: { result: await (await smartAccountOf(user, chainId)).request({ method, params }) } }
        default:
          return undefined
      }
    } catch (error) {
      return rpcError(error)
    }
  }

  /**
   * A Solana signature with the user's key: of a message (never of bytes that are a transaction's
   * message), or of a transaction the user signs, answered as the signature (base58).
   */
  const solanaSign = async (user: AuthUser, body: Record<string, unknown>, origin: string): Promise<unknown> => {
    const bytes = typeof body.bytes === 'string' && body.bytes.length <= MAX_SOLANA_SIGN_BASE64 ? Buffer.from(body.bytes, 'base64') : undefined
    if (bytes === undefined || bytes.length === 0) throw new HttpError(400, 'bytes must be base64')
    try {
      if (body.kind === 'message') return { signature: encodeBase58(await keys.signSolanaMessage(user.id, new Uint8Array(bytes), { origin })) }
      if (body.kind === 'transaction') return { signature: encodeBase58(await keys.signSolanaTransaction(user.id, new Uint8Array(bytes), { origin }, DEVNET_SOLANA_KNOWN_TOKENS)) }
    } catch (error) {
      if (error instanceof SolanaMessageIsTransactionError || error instanceof UnreadableSolanaTransactionError) throw new HttpError(400, error.message)
      throw error
    }
    throw new HttpError(400, "kind must be 'message' or 'transaction'")
  }

  const rpc = async (user: AuthUser, body: Record<string, unknown>, app: string | undefined): Promise<JsonAnswer> => {
    const chainId = Number(body.chainId)
    const chain = chains.get(chainId)
    if (chain === undefined) throw new HttpError(400, `Chain ${String(body.chainId)} is not a devnet chain`)
    const method = typeof body.method === 'string' ? body.method : ''
    const params = Array.isArray(body.params) ? (body.params as unknown[]) : []
    // The key opens for each signature it makes, recorded for the app that asked.
    const account = keys.evmAccount(user.id, user.evmAddress, { origin: app ?? 'the wallet service' })
    const publicClient = createPublicClient({ transport: http(chain.rpcUrl) })
    if (preferredType(user) === 'smartAccount') {
      const answer = await smartRpc(user, chainId, method, params)
      if (answer !== undefined) return answer
    }
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return { json: { result: [user.evmAddress] } }
      case 'eth_chainId':
        return { json: { result: toHex(chainId) } }
      case 'personal_sign': {
        const message = params[0]
        if (typeof message !== 'string') throw new HttpError(400, 'personal_sign needs a message')
        return { json: { result: await account.signMessage({ message: message.startsWith('0x') ? { raw: message as Hex } : message }) } }
      }
      case 'eth_signTypedData_v4': {
        const typed = typeof params[1] === 'string' ? (JSON.parse(params[1]) as Parameters<typeof account.signTypedData>[0]) : undefined
        if (typed === undefined) throw new HttpError(400, 'eth_signTypedData_v4 needs typed data')
        return { json: { result: await account.signTypedData(typed) } }
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex } | undefined
        if (tx === undefined) throw new HttpError(400, 'eth_sendTransaction needs a transaction')
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
        if (request === undefined || !Array.isArray(request.calls) || request.calls.length === 0) throw new HttpError(400, 'wallet_sendCalls needs calls')
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
      default:
        if (READ_METHODS.has(method)) return { json: { result: await publicClient.request({ method: method as never, params: params as never }) } }
        return { status: 403, json: { message: RPC_NOT_ALLOWED, code: 4200 } }
    }
  }

  const route = async (req: IncomingMessage, url: URL): Promise<Answer> => {
    const method = (req.method ?? 'GET').toUpperCase()
    const path = url.pathname
    const body = async (): Promise<Record<string, unknown>> => {
      const text = await readBody(req)
      try {
        const parsed = text.trim() === '' ? {} : (JSON.parse(text) as unknown)
        if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object')
        return parsed as Record<string, unknown>
      } catch {
        throw new HttpError(400, 'Malformed JSON body')
      }
    }
    const text = (value: unknown, name: string): string => {
      if (typeof value !== 'string' || value === '') throw new HttpError(400, `Missing field ${name}`)
      return value
    }
    const client = clientAddress(req.socket.remoteAddress)
    if (method === 'POST' && path === '/v1/email/login') {
      const b = await body()
      const { action, outgoing } = await accounts.startLogin(text(b.email, 'email'), text(b.deviceId, 'deviceId'))
      await sendMail(outgoing)
      return { json: { action } }
    }
    if (method === 'POST' && path === '/v1/email/resend') {
      const b = await body()
      await sendMail(await accounts.issueCode(text(b.email, 'email'), text(b.deviceId, 'deviceId')))
      return { json: { sent: true } }
    }
    if (method === 'GET' && path === DEVICE_APPROVAL_PATH) {
      // What a mail scanner fetches too: it shows the button and approves nothing.
      const token = url.searchParams.get('token') ?? ''
      if (!(await accounts.deviceLinkValid(token))) return approvalPage('Link not valid', '<p>This approval link is not valid or has expired.</p>')
      const { nonce, formToken } = await approvalForm.issue(token)
      const form =
        `<p>Someone is signing in to your wallet from a new device. If it is you, approve it; your login code then comes by email.</p>` +
        `<form method="post" action="${DEVICE_APPROVAL_PATH}">` +
        `<input type="hidden" name="token" value="${escapeHtml(token)}">` +
        `<input type="hidden" name="csrf" value="${escapeHtml(formToken)}">` +
        `<button type="submit">Approve this device</button></form>` +
        `<p>If it is not you, close this page: nothing is approved.</p>`
      return approvalPage('Approve this device', form, { 'set-cookie': approvalForm.cookie(nonce, DEVICE_APPROVAL_PATH, baseUrl.startsWith('https:')) })
    }
    if (method === 'POST' && path === DEVICE_APPROVAL_PATH) {
      // Only the page's own form: from this origin, with the cookie the page set and the token bound to it.
      const origin = req.headers.origin
      const site = req.headers['sec-fetch-site']
      const form = new URLSearchParams(await readBody(req))
      const token = form.get('token') ?? ''
      const sameOrigin = (origin === undefined || origin === new URL(baseUrl).origin) && (site === undefined || site === 'same-origin')
      if (!sameOrigin || !(await approvalForm.verify(token, cookieValue(req.headers.cookie, DEVICE_APPROVAL_COOKIE), form.get('csrf') ?? undefined))) {
        return approvalPage('Not approved', '<p>Nothing was approved. Open the link from the email again and press the button there.</p>', {}, 403)
      }
      const clear = { 'set-cookie': `${DEVICE_APPROVAL_COOKIE}=; Path=${DEVICE_APPROVAL_PATH}; HttpOnly; SameSite=Strict; Max-Age=0` }
      try {
        await sendMail(await accounts.approveDevice(token))
        return approvalPage('Device approved', '<p>This device is approved. Go back to the app: your login code is on its way by email.</p>', clear)
      } catch (error) {
        if (error instanceof AuthError) return approvalPage(error.status === 429 ? 'Device approved' : 'Link not valid', `<p>${escapeHtml(error.message)}.</p>`, clear)
        throw error
      }
    }
    if (method === 'GET' && path === '/v1/email/device-status') {
      return { json: { approved: await accounts.deviceApproved(text(url.searchParams.get('email'), 'email'), text(url.searchParams.get('deviceId'), 'deviceId')) } }
    }
    if (method === 'POST' && path === '/v1/email/verify') {
      const b = await body()
      const { user, session: opened, created } = await accounts.verifyCode(text(b.email, 'email'), text(b.otp, 'otp'), text(b.deviceId, 'deviceId'), client)
      // The session is the app's that asked (one wallet per person, one session per app).
      const session = await accounts.forApp(opened, requestApp(req.headers))
      // A new wallet can send at once: its funding has landed before the answer.
      await fund(user, created)
      return { json: { token: session.token, expiresAt: new Date(session.expiresAt).toISOString(), user: userJson(user) }, headers: { 'set-cookie': sessionCookie(requestApp(req.headers), session.token, session.expiresAt - now()) } }
    }
    if (method === 'GET' && path === '/v1/user') {
      const { user } = await accounts.authenticate(sessionToken(req), requestApp(req.headers))
      const smart = await smartAddressOf(user)
      const chainId = Number(url.searchParams.get('chainId') ?? Number.NaN)
      const chain = smartChains.find((c) => c.chainId === chainId)
      if (smart === undefined || chain === undefined) return { json: userJson(user) }
      // Deployed once its first user operation ran: there is code at its address.
      const code = await createPublicClient({ transport: http(chain.rpcUrl) }).getCode({ address: smart })
      return { json: { ...userJson(user), smartAccountDeployed: code !== undefined && code !== '0x' } }
    }
    if (method === 'POST' && path === '/v1/preferred-account') {
      const { user } = await accounts.authenticate(sessionToken(req), requestApp(req.headers))
      const type = (await body()).type
      if (type !== 'eoa' && type !== 'smartAccount') throw new HttpError(400, 'type must be eoa or smartAccount')
      if (type === 'smartAccount' && (await smartAddressOf(user)) === undefined) throw new HttpError(400, 'Action not allowed')
      await accounts.setPreferredAccountType(user.id, type)
      return { json: userJson({ ...user, preferredAccountType: type }) }
    }
    if (method === 'POST' && path === '/v1/email/update') {
      const { user, session } = await accounts.authenticate(sessionToken(req), requestApp(req.headers))
      await sendMail(await accounts.startEmailUpdate(user, text((await body()).email, 'email'), session.deviceId))
      return { json: { action: 'VERIFY_PRIMARY_OTP' } }
    }
    if (method === 'POST' && path === '/v1/email/update/primary') {
      const { user, session } = await accounts.authenticate(sessionToken(req), requestApp(req.headers))
      await sendMail(await accounts.confirmEmailUpdatePrimary(user, text((await body()).otp, 'otp'), session.deviceId, client))
      return { json: { action: 'VERIFY_SECONDARY_OTP' } }
    }
    if (method === 'POST' && path === '/v1/email/update/secondary') {
      const { user } = await accounts.authenticate(sessionToken(req), requestApp(req.headers))
      return { json: { email: await accounts.confirmEmailUpdateSecondary(user, text((await body()).otp, 'otp'), client) } }
    }
    if (method === 'POST' && path === '/v1/sign-out') {
      const token = sessionToken(req)
      if (token !== undefined) await accounts.signOut(token)
      return { json: { signedOut: true }, headers: { 'set-cookie': sessionCookie(requestApp(req.headers), '', 0) } }
    }
    if (method === 'POST' && (path === '/v1/export/start' || path === '/v1/export/confirm')) {
      // Only the wallet's own frame asks (a page of this origin): the keys never go to another origin.
      if (req.headers['sec-fetch-site'] !== 'same-origin') throw new HttpError(403, ORIGIN_NOT_ALLOWED)
      const app = requestApp(req.headers)
      const { user, session } = await accounts.authenticate(sessionToken(req), app)
      if (path === '/v1/export/start') {
        await sendMail(await accounts.startExport(user, session.deviceId))
        return { json: { sent: true } }
      }
      const keys = await accounts.confirmExport(user, text((await body()).otp, 'otp'), app ?? 'the wallet service', client)
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(keys), headers: { 'cache-control': 'no-store' } }
    }
    if (method === 'POST' && path === '/v1/sign-out-everywhere') {
      // Every session of the user ends: other devices, other apps, this one.
      const { user } = await accounts.authenticate(sessionToken(req), requestApp(req.headers))
      return { json: { signedOut: await accounts.signOutEverywhere(user.id) }, headers: { 'set-cookie': sessionCookie(requestApp(req.headers), '', 0) } }
    }
    if (method === 'POST' && path === '/v1/rpc') {
      const app = requestApp(req.headers)
      const { user } = await accounts.authenticate(sessionToken(req), app)
      return rpc(user, await body(), app)
    }
    if (method === 'POST' && path === '/v1/solana/sign') {
      // The frame asks once the visitor approved what it showed them; the service reads the bytes again itself.
      const app = requestApp(req.headers)
      const { user } = await accounts.authenticate(sessionToken(req), app)
      return { json: await solanaSign(user, await body(), app ?? 'the wallet service') }
    }
    if (method === 'GET' && path === '/v1/chains') {
      return {
        json: {
          chains: options.chains.map((c) => ({
            chainId: c.chainId,
            name: CHAIN_NAMES.get(c.chainId) ?? `Chain ${c.chainId}`,
            ...(c.bundlerUrl === undefined ? {} : { smartAccount: true }),
          })),
        },
      }
    }
    if (method === 'GET' && path === FRAME_PATH) {
      const hostOrigin = await allowedHostOrigin(options.serviceUrl, url.searchParams.get('projectId') ?? '', url.searchParams.get('origin') ?? '')
      if (hostOrigin === undefined) {
        // Framable by nobody: a refused page must not be shown inside a stranger's site either.
        return { status: 403, contentType: 'text/html; charset=utf-8', body: frameRefusedHtml(), headers: { 'content-security-policy': "frame-ancestors 'none'" } }
      }
      return {
        contentType: 'text/html; charset=utf-8',
        body: frameHtml(),
        headers: { 'content-security-policy': frameCsp(hostOrigin), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' },
      }
    }
    if (method === 'GET' && path === CONFIRM_POPUP_PATH) {
      return {
        contentType: 'text/html; charset=utf-8',
        body: confirmPopupHtml(),
        headers: { 'content-security-policy': confirmPopupCsp(), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-content-type-options': 'nosniff' },
      }
    }
    if (method === 'GET' && path === FRAME_APP_PATH) {
      return { contentType: 'text/javascript; charset=utf-8', body: await frameApp(), headers: { 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } }
    }
    if (method === 'POST' && path === '/devnet/age-code') {
      // Devnet only: a test makes the pending code of an email older (to see it expire).
      const b = await body()
      const ms = Number(b.ms)
      if (!Number.isFinite(ms) || ms < 0) throw new HttpError(400, 'ms must be a number of milliseconds')
      return { json: { aged: await accounts.ageCode(text(b.email, 'email'), ms) } }
    }
    if (method === 'GET' && path === '/devnet/mail') {
      return { json: options.mailbox.list(url.searchParams.get('to') ?? undefined) }
    }
    if (method === 'GET' && path === '/devnet/mailbox') {
      const to = url.searchParams.get('to') ?? undefined
      const items = options.mailbox
        .list(to)
        .map((m) => `<li><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.to.join(', '))} <small>${escapeHtml(m.receivedAt)}</small><pre>${escapeHtml(m.text)}</pre></li>`)
      return { html: page('Devnet mailbox', items.length === 0 ? '<p>No mail yet.</p>' : `<ul>${items.join('')}</ul>`) }
    }
    if (method === 'GET' && path === '/favicon.ico') {
      // The devnet's pages (provider sign-in, mailbox, Farcaster app) are opened as pages: a browser
      // asks for their icon, and a 404 would be an error in every page's console.
      return { contentType: 'image/svg+xml', body: DEVNET_ICON, headers: { 'cache-control': 'max-age=86400' } }
    }
    // Smart sessions, read from chain state (./smart-account); loaded on the first such request.
    if (path.startsWith('/v1/sessions/')) {
      const { sessionsRoute } = await import('./smart-account')
      const answer = await sessionsRoute(method, path, url.searchParams, body, options.chains)
      if (answer !== undefined) return answer
    }
    throw new HttpError(404, `No route for ${method} ${path}`)
  }

  const send = (res: ServerResponse, answer: Answer): void => {
    if ('contentType' in answer) {
      res.writeHead(answer.status ?? 200, { ...answer.headers, 'content-type': answer.contentType })
      res.end(answer.body)
      return
    }
    if ('html' in answer) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(answer.html)
      return
    }
    res.writeHead(answer.status ?? 200, { ...answer.headers, 'content-type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(answer.json))
  }

  /**
   * Whether a browser may make this request (./guards/origin-gate): the API answers its own
   * origin's calls (the frame's; a same-origin POST from a no-referrer page says `Origin: null`,
   * so the browser's Sec-Fetch-Site vouches for it), and a project's exact host origin with CORS.
   */
  const originDecision = (req: IncomingMessage, url: URL): Promise<OriginDecision> => {
    const guarded = url.pathname.startsWith('/v1/') || url.pathname.startsWith('/devnet/')
    const origin = req.headers.origin
    if (!guarded || req.headers['sec-fetch-site'] === 'same-origin') return Promise.resolve({ allowed: true })
    return decideOrigin(origin, url.searchParams.get('projectId'), {
      authOrigin: new URL(baseUrl).origin,
      hostOrigin: (projectId, candidate) => allowedHostOrigin(options.serviceUrl, projectId, candidate),
    })
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl)
    originDecision(req, url)
      .then((decision) => {
        if (req.headers.origin !== undefined) res.setHeader('vary', 'Origin')
        if (!decision.allowed) {
          // Refused before any route runs: a simple request from a hostile page changes nothing.
          send(res, { status: 403, json: { message: ORIGIN_NOT_ALLOWED } })
          return
        }
        if (decision.cors !== undefined) {
          res.setHeader('access-control-allow-origin', decision.cors)
          res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS')
          res.setHeader('access-control-allow-headers', 'content-type, authorization')
        }
        if ((req.method ?? '').toUpperCase() === 'OPTIONS') {
          res.writeHead(204)
          res.end()
          return
        }
        // What opens or uses a session answers a browser's request only from the wallet's own page.
        const site = req.headers['sec-fetch-site']
        if (FRAME_ONLY_PATHS.test(url.pathname) && site !== undefined && site !== 'same-origin') {
          send(res, { status: 403, json: { message: ORIGIN_NOT_ALLOWED } })
          return
        }
        if (social?.handle(req, res, url) === true) return
        return route(req, url).then((answer) => send(res, answer))
      })
      .catch((error: unknown) => {
        if (error instanceof AuthError) send(res, { status: error.status, json: { message: error.message, ...error.details } })
        else if (error instanceof HttpError) send(res, { status: error.status, json: error.body })
        else send(res, { status: 500, json: { message: error instanceof Error ? error.message : String(error) } })
      })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, DEVNET_HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  // Served as `localhost`: cross-site to the hosts on 127.0.0.1, as the wallet's own origin is in production.
  baseUrl = `http://${DEVNET_WALLET_HOST}:${port}`
  if (options.social !== undefined) {
    const { startSocialLogin } = await import('./social/login')
    social = await startSocialLogin(options.social, { baseUrl, now, accounts, oneTime, fund, userJson, sessionCookie })
  }
  return {
    url: baseUrl,
    port,
    faucetAddress: faucet.address,
    async stop() {
      mail.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await ownDb?.close()
    },
  }
}

/** A mail's recipient as a bare address, never parsed for display names or lists. */
function recipient(address: string): { name: string; address: string } {
  return { name: '', address }
}

/** The device-approval pages: not cached, framable by nobody, no referrer beyond this origin. */
function approvalPage(title: string, body: string, headers: Record<string, string> = {}, status = 200): RawAnswer {
  return {
    status,
    contentType: 'text/html; charset=utf-8',
    body: page(title, body),
    headers: {
      'cache-control': 'no-store',
      'content-security-policy': "frame-ancestors 'none'; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
      'x-frame-options': 'DENY',
      'referrer-policy': 'same-origin',
      ...headers,
    },
  }
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem"><h1>${escapeHtml(title)}</h1>${body}</body></html>`
}
