/**
 * The devnet's wallet origin: walletgate-server's wallet (../../../server/src/wallet/wallet-server:
 * the frame, its app and the wallet API, over the server's database) with what only the devnet has.
 * Login codes and device approval links go out as real emails over SMTP (to the devnet's mail
 * sink); each new wallet is funded on the devnet chains from a faucet key of its own (EVM) and by
 * an airdrop (Solana); the frame app is built from source on first request.
 *
 * The devnet adds, on the same origin:
 *   GET  /devnet/mail?to=                             -> the mail sink's messages, newest first (JSON)
 *   GET  /devnet/mailbox?to=                          -> the same as a page a person reads
 *   POST /devnet/age-code { email, ms }               -> ages the pending code (a test sees it expire)
 *   GET  /v1/sessions/<account>[/revoke]              -> smart sessions, read from chain state (./smart-account)
 *
 * Smart accounts: on chains with a bundler each user also has a smart account (the devnet's
 * DevnetAccount, owned by the user's EOA key; ./smart-account), the default account type (spec
 * section 4). `accounts.eip155` stays the EOA; `evmAccounts` lists both, `address` is the one of the
 * preferred type, and /v1/rpc speaks for that one: as the smart account, sends go to the bundler
 * as user operations (the first one deploys it) and signatures are ERC-1271 (ERC-6492 while it is
 * not deployed yet). This is devnet code that no one has audited (docs/security.md).
 *
 * With `social` set it also runs the devnet's social providers and social and Farcaster login
 * (social/login.ts: `/social/<provider>/...`, `/v1/social/...`, `/v1/farcaster/...`).
 */
import { createPublicClient, createWalletClient, http, parseEther, toHex, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEVNET_CHAIN_A, DEVNET_CHAIN_B, DEVNET_HOST, DEVNET_MNEMONIC, DEVNET_SOLANA_TOKENS, DEVNET_WALLET_HOST } from '../config'
import {
  AuthAccounts,
  buildWalletServer,
  escapeHtml,
  jsonObjectBody,
  eoaBatch,
  LocalKeyEncryption,
  migrate,
  newKekEntry,
  OneTimeValues,
  openPgliteDatabase,
  parseKeks,
  Passkeys,
  pgLoginStores,
  smtpTransport,
  walletMail,
  walletPage,
  WalletHttpError,
  WalletKeys,
  type AccountsOptions,
  type AuthUser,
  type Database,
  type KeyEncryption,
  type SmartAccounts,
  type WalletAnswer,
  type WalletPlugin,
} from '../../../server/src/index.js'
import { allowedHostOrigin, frameAppBundler } from './frame-page'
import type { Mailbox } from './smtp-sink'
import type { DevnetSmartAccount } from './smart-account'
import { WALLET_PAYMASTER_STUB_METHOD } from '../../../src/domain/sponsorship/sponsorship'
import type { SocialLoginOptions } from './social/login'

export { ORIGIN_NOT_ALLOWED, RPC_NOT_ALLOWED, sessionCookie, sessionCookieName, type EvmAccountType } from '../../../server/src/index.js'

/** The mnemonic index of the faucet that funds new embedded wallets (accounts #0-#9 belong to the demo and tests). */
export const AUTH_FAUCET_INDEX = 10
/** What each new embedded EVM wallet receives on every devnet chain. */
export const NEW_WALLET_FUNDING = parseEther('10')
/** What the faucet is given at start on each chain (anvil_setBalance). */
const FAUCET_BALANCE = parseEther('1000000')

/** The devnet pages' icon: a grey tile with a "d". */
const DEVNET_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#555"/><text x="8" y="12" font-size="11" text-anchor="middle" fill="#fff" font-family="sans-serif">d</text></svg>'

/** The devnet's SPL tokens, named by symbol in what the audit records of a Solana transaction. */
const DEVNET_SOLANA_KNOWN_TOKENS = DEVNET_SOLANA_TOKENS.map(({ mint, symbol, decimals }) => ({ mint, symbol, decimals }))
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


export interface AuthService {
  readonly url: string
  readonly port: number
  readonly faucetAddress: Hex
  stop(): Promise<void>
}

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
  const transport = smtpTransport({ host: DEVNET_HOST, port: options.smtpPort, tls: 'none', from: 'Walletgate devnet <login@walletgate.devnet>' })
  const faucet = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: AUTH_FAUCET_INDEX })
  let baseUrl = ''
  const frameApp = frameAppBundler(options.log)
  // Flows, tickets, channels and approval forms wait between steps in the database: any replica takes the next one.
  const oneTime = new OneTimeValues(db, now)

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
    if (chain === undefined) throw new WalletHttpError(400, `Chain ${chainId} has no smart accounts`, { message: `Chain ${chainId} has no smart accounts`, code: 4200 })
    const key = `${user.id}:${chainId}`
    let account = smartOnChain.get(key)
    if (account === undefined) {
      // Its owner is the user's key, opened for each signature (the audit names the smart account's chain).
      // The visitor's session goes to the wallet's own paymaster service only (the blockchain service's).
      const paymasterOrigins = options.serviceUrl === undefined ? [] : [new URL(options.serviceUrl).origin]
      account = smartModule().then((m) => m.devnetSmartAccount(keys.evmAccount(user.id, user.evmAddress, { origin: `smart account on chain ${chainId}` }), chain, { paymasterOrigins }))
      account.catch(() => smartOnChain.delete(key))
      smartOnChain.set(key, account)
    }
    return account
  }

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

  /**
   * /v1/rpc as the user's smart account; undefined for what the EOA path answers the same (reads).
   * eth_sendTransaction answers the hash of the bundle transaction that carried the user operation,
   * once it is mined: a caller polls eth_getTransactionReceipt for it as for any transaction.
   */
  const smartRpc = async (user: AuthUser, chainId: number, method: string, params: unknown[], session?: { readonly token: string }): Promise<WalletAnswer | undefined> => {
    const rpcError = (error: unknown): WalletAnswer => {
      if (error instanceof WalletHttpError) throw error
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
          if (typeof message !== 'string') throw new WalletHttpError(400, 'personal_sign needs a message')
          const smart = await smartAccountOf(user, chainId)
          // ERC-1271 once deployed; before that viem wraps it for ERC-6492 (the factory call that would deploy it).
          return { json: { result: await smart.account.signMessage({ message: message.startsWith('0x') ? { raw: message as Hex } : message }) } }
        }
        case 'eth_signTypedData_v4': {
          const smart = await smartAccountOf(user, chainId)
          const typed = typeof params[1] === 'string' ? (JSON.parse(params[1]) as Parameters<typeof smart.account.signTypedData>[0]) : undefined
          if (typed === undefined) throw new WalletHttpError(400, 'eth_signTypedData_v4 needs typed data')
          return { json: { result: await smart.account.signTypedData(typed) } }
        }
        case 'eth_sendTransaction': {
          const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex } | undefined
          if (tx?.to === undefined) throw new WalletHttpError(400, 'eth_sendTransaction needs a transaction with a receiver')
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
        // Sending with a paymaster, or asking whether it would pay: the session goes only to the
        // wallet's own paymaster origins (./smart-account.ts), which sponsor signed-in visitors only.
        case 'wallet_sendCalls':
        case WALLET_PAYMASTER_STUB_METHOD:
          return { json: { result: await (await smartAccountOf(user, chainId)).request({ method, params, ...(session === undefined ? {} : { paymasterToken: session.token }) }) } }
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


  const smartAccounts: SmartAccounts | undefined =
    smartChains.length === 0 ? undefined : { chainIds: smartChains.map((c) => c.chainId), addressOf: smartAddressOf, rpc: smartRpc }

  // Social login (walletgate-server's, on the devnet's stand-in providers) and Farcaster; they load only when on.
  const social = options.social === undefined ? undefined : (await import('./social/login')).devnetSocialLogin(options.social)
  const devnetRoutes: WalletPlugin = {
    routes(app) {
      app.post('/devnet/age-code', async (req) => {
        // Devnet only: a test makes the pending code of an email older (to see it expire).
        const b = jsonObjectBody(req.body)
        const ms = Number(b.ms)
        if (!Number.isFinite(ms) || ms < 0) throw new WalletHttpError(400, 'ms must be a number of milliseconds')
        if (typeof b.email !== 'string' || b.email === '') throw new WalletHttpError(400, 'Missing field email')
        return { aged: await accounts.ageCode(b.email, ms) }
      })
      app.get('/devnet/mail', async (req) => options.mailbox.list(new URL(req.url, baseUrl).searchParams.get('to') ?? undefined))
      app.get('/devnet/mailbox', async (req, reply) => {
        const to = new URL(req.url, baseUrl).searchParams.get('to') ?? undefined
        const items = options.mailbox
          .list(to)
          .map((m) => `<li><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.to.join(', '))} <small>${escapeHtml(m.receivedAt)}</small><pre>${escapeHtml(m.text)}</pre></li>`)
        return reply.type('text/html; charset=utf-8').send(walletPage('Devnet mailbox', items.length === 0 ? '<p>No mail yet.</p>' : `<ul>${items.join('')}</ul>`))
      })
      // The devnet's pages (provider sign-in, mailbox, Farcaster app) are opened as pages: a browser
      // asks for their icon, and a 404 would be an error in every page's console.
      app.get('/favicon.ico', async (_req, reply) => reply.type('image/svg+xml').header('cache-control', 'max-age=86400').send(DEVNET_ICON))
      // Smart sessions, read from chain state (./smart-account); loaded on the first such request.
      app.route({
        method: ['GET', 'POST'],
        url: '/v1/sessions/*',
        handler: async (req, reply) => {
          const { sessionsRoute } = await import('./smart-account')
          const url = new URL(req.url, baseUrl)
          const answer = await sessionsRoute(req.method, url.pathname, url.searchParams, async () => jsonObjectBody(req.body), options.chains)
          if (answer === undefined) return reply.code(404).send({ message: `No route for ${req.method} ${url.pathname}` })
          return reply.code(answer.status ?? 200).send(answer.json)
        },
      })
    },
  }

  const app = await buildWalletServer({
    accounts,
    keys,
    oneTime,
    // Passkeys for the devnet's wallet origin (`localhost`, which WebAuthn accepts over http).
    passkeys: new Passkeys(db, oneTime, clock, () => ({ origin: baseUrl, name: 'Walletgate devnet wallet' }), pgLoginStores(db, now).attempts),
    clock,
    walletUrl: () => baseUrl,
    chains: options.chains.map((c) => ({ chainId: c.chainId, name: CHAIN_NAMES.get(c.chainId) ?? `Chain ${c.chainId}`, rpcUrl: c.rpcUrl })),
    mail: walletMail(transport, () => baseUrl),
    hostOrigin: (projectId, origin) => allowedHostOrigin(options.serviceUrl, projectId, origin),
    frameApp,
    ...(smartAccounts === undefined ? {} : { smartAccounts }),
    solanaTokens: DEVNET_SOLANA_KNOWN_TOKENS,
    walletReady: fund,
    plugins: [devnetRoutes, ...(social?.plugins ?? [])],
  })
  const listening = await app.listen({ port: options.port, host: DEVNET_HOST })
  const port = Number(new URL(listening).port)
  // Served as `localhost`: cross-site to the hosts on 127.0.0.1, as the wallet's own origin is in production.
  baseUrl = `http://${DEVNET_WALLET_HOST}:${port}`
  await social?.start(baseUrl)
  return {
    url: baseUrl,
    port,
    faucetAddress: faucet.address,
    async stop() {
      transport.close()
      await app.close()
      await ownDb?.close()
    },
  }
}
