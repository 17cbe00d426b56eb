/**
 * The devnet's service origin: walletgate-server itself (its embedded engine, in this process) on
 * the devnet's chains. What only a devnet needs joins it through the server's plugin hook
 * (./devnet-plugin.ts): the switches tests use (`/__admin/*`, behind a token), explorer pages,
 * on-ramp checkouts and token images. The server reads the devnet's chains as a host's server reads
 * any chain (balances, prices, swaps, EVM history through Anvil's Otterscan API, Solana balances
 * and history through its RPC); on-ramp and smart sessions come from the devnet's own bookkeeping
 * (./chain-data.ts) through the server's chain-data port.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { privateKeyToAccount } from 'viem/accounts'
import type { Address, Hex } from 'viem'
import { buildServer, chainClient, DEFAULT_CONFIG, localPaymasterSigner, evmActivity, evmChainData, EvmPrices, FeedPrices, migrate, openPgliteDatabase, openPostgresDatabase, Projects, SOL, SolanaActivity, solanaChainData, systemClock, WalletCatalogue, type Database, type EvmChain, type ServerConfig, type SolanaChain } from '../../../server/src/index.js'
import { DEVNET_ALLOWED_ORIGINS, DEVNET_CONTRACTS, DEVNET_PAYMASTER, DEVNET_SMART_ACCOUNT, DEVNET_CURRENCY_PRICES, DEVNET_FUNGIBLES, DEVNET_HOST, DEVNET_ONRAMP_TREASURY, DEVNET_PRICE_FEEDS, DEVNET_SOLANA_TOKENS, NATIVE_CURRENCY, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../config'
import type { SolanaLedger } from '../chains/solana/chain'
import { devnetPaymasterSignerKey } from '../chains/eip155/deploy-paymaster'
import { smartAccountAddress } from '../auth/smart-account'
import { catalogueFile, iconSvg } from './catalogue'
import { createChainSet } from './chains'
import { devnetChainData, devnetRouter } from './chain-data'
import { tokenIconUrl, type ServiceDeps } from './deps'
import { DevnetClock, devnetPlugin, type DevnetControl } from './devnet-plugin'

export { DevnetClock, type DevnetControl, type FaultKind } from './devnet-plugin'

export interface ServiceOptions {
  port: number
  rpcUrls: Record<number, string>
  dataDir: string
  /** A PostgreSQL server's database for the server's data (and the embedded wallets'); PGlite in the data folder when absent. */
  databaseUrl?: string
  projectIds: readonly string[]
  /** The token `/__admin/*` asks for (`Authorization: Bearer <token>`); a random one by default. */
  adminToken?: string
  /** The Solana devnet's ledger: supported chains name its network when it runs. */
  solana?: SolanaLedger
  /** The Solana devnet's JSON-RPC: balances are read through it as a host's server reads any network. */
  solanaRpcUrl?: string
  /** Lets /__admin/chains and /__admin/relay act on the devnet (read at request time). */
  control?(): DevnetControl | undefined
  /** The CCIP-read gateway's signing key (./gateway-key): with it, `/ens-gateway/...` answers ENS clients. */
  ensGatewayKey?: Hex
}

export interface RunningService {
  url: string
  port: number
  /** What `/__admin/*` asks for. */
  adminToken: string
  /** The server's database (the auth service keeps the embedded wallets' accounts in it too); closed with the service. */
  db: Database
  /** The address of the key the ENS gateway signs with (absent without one). */
  ensGatewaySigner?: Address
  close(): Promise<void>
}

/** The devnet's EVM chains as a host would configure them: its tokens, its price feeds, its router, history through Otterscan. */
export function devnetEvmChains(rpcUrls: Record<number, string>): EvmChain[] {
  const feeds = DEVNET_PRICE_FEEDS.flatMap((feed) => {
    if (feed.key === 'ETH') return [{ key: 'native', address: feed.address }]
    // A display currency's feed by its code, as a host configures one (its rates: GET /v1/fiat/rates).
    if (feed.key in DEVNET_CURRENCY_PRICES) return [{ key: feed.key, address: feed.address }]
    const token = DEVNET_FUNGIBLES.find((f) => f.key === feed.key)
    return token === undefined ? [] : [{ key: token.address, address: feed.address }]
  })
  return Object.entries(rpcUrls).map(([id, url]) => ({
    reference: Number(id),
    client: chainClient([url]),
    native: NATIVE_CURRENCY,
    tokens: DEVNET_FUNGIBLES.filter((f) => f.key !== 'native').map((f) => ({ chainId: Number(id), address: f.address, name: f.name, symbol: f.symbol, decimals: f.decimals })),
    feeds,
    swap: { router: DEVNET_CONTRACTS.swapRouter, weth: DEVNET_CONTRACTS.weth },
    activity: { source: 'otterscan', onrampSenders: [DEVNET_ONRAMP_TREASURY.address] },
  }))
}

/**
 * The Solana devnet as a host would configure a Solana network: its SPL mints, priced by the feeds
 * on the first EVM chain (SOL's own, and each mint its EVM twin's), its history read through its RPC.
 */
function devnetSolanaChain(rpcUrl: string, evmRpcUrls: Record<number, string>, iconUrl: (symbol: string) => string): SolanaChain {
  const feed = (key: string) => DEVNET_PRICE_FEEDS.find((f) => f.key === key)?.address
  const feeds = [
    { key: 'native', address: feed('SOL')! },
    ...DEVNET_SOLANA_TOKENS.flatMap((token) => {
      const address = feed(token.symbol)
      return address === undefined ? [] : [{ key: token.mint, address }]
    }),
  ]
  const evm = Object.values(evmRpcUrls)[0]
  return {
    id: SOLANA_DEVNET_CAIP_NETWORK_ID,
    rpcUrls: [rpcUrl],
    tokens: DEVNET_SOLANA_TOKENS,
    ...(evm === undefined ? {} : { prices: new FeedPrices(chainClient([evm]), feeds, systemClock) }),
    activity: new SolanaActivity({ chainId: SOLANA_DEVNET_CAIP_NETWORK_ID, rpcUrls: [rpcUrl], native: SOL, tokens: DEVNET_SOLANA_TOKENS, iconUrl }),
  }
}

/**
 * The devnet's gas sponsorship (docs/sponsorship.md): the paymaster on every devnet chain, and for
 * each project dUSD and DVT transfers, their approval to the swap router and the router's
 * token-in swaps (and the smart account's creation with its first operation) sponsored; swaps that
 * pay in ether are not (a call with value never is). `walletgate-test` sponsors one operation per
 * account a day, so a test sees the next one paid by the visitor; the demo five.
 */
export function devnetSponsorship(rpcUrls: Record<number, string>, projectIds: readonly string[]): NonNullable<ServerConfig['sponsorship']> {
  const chains = Object.keys(rpcUrls).map((id) => `eip155:${id}`)
  const tokenCalls = ['transfer(address,uint256)', 'approve(address,uint256)']
  const swaps = ['swapExactTokensForTokens(uint256,uint256,address[],address,uint256)', 'swapExactTokensForETH(uint256,uint256,address[],address,uint256)']
  return {
    paymasters: Object.fromEntries(chains.map((chain) => [chain, DEVNET_PAYMASTER.address])),
    signatureSeconds: 120,
    projects: Object.fromEntries(
      projectIds.map((id) => [
        id,
        {
          sponsorName: 'Walletgate Devnet',
          chains,
          contracts: [
            { address: DEVNET_CONTRACTS.dUSD, functions: tokenCalls },
            { address: DEVNET_CONTRACTS.DVT, functions: tokenCalls },
            { address: DEVNET_CONTRACTS.swapRouter, functions: swaps },
          ],
          factories: [DEVNET_SMART_ACCOUNT.factory],
          daily: { gas: 200_000_000, wei: (10n ** 20n).toString() },
          perAccount: { operations: id === 'walletgate-test' ? 1 : 5, gas: 10_000_000 },
          maxGasPerOperation: 3_000_000,
          expiresAt: '2100-01-01T00:00:00Z',
        },
      ]),
    ),
  }
}

export async function startService(opts: ServiceOptions): Promise<RunningService> {
  let baseUrl = `http://${DEVNET_HOST}:${opts.port}`
  const clock = new DevnetClock()
  const chains = createChainSet(opts.rpcUrls)
  const evm = devnetEvmChains(opts.rpcUrls)
  // The chains keep the machine's time; the server's clock is moved forward by tests.
  const prices = new EvmPrices(evm, systemClock)
  const history = evmActivity({ chains: evm, clock: systemClock, prices }).source!
  const deps: ServiceDeps = {
    chains,
    rpcUrls: opts.rpcUrls,
    history: (account, chainId) => history.page({ account, chainId }),
    projectIds: opts.projectIds,
    ...(opts.solana ? { solana: opts.solana } : {}),
    baseUrl: () => baseUrl,
    now: () => new Date(clock.now()),
  }

  // The server's data lives with the devnet's (a devnet restarted on its folder keeps it), or on
  // the PostgreSQL server it was given, as a host's server keeps it.
  const db = opts.databaseUrl === undefined ? await openPgliteDatabase(join(opts.dataDir, 'server-db')) : await openPostgresDatabase(opts.databaseUrl)
  try {
    await migrate(db)
    const projects = new Projects(db, clock)
    for (const id of opts.projectIds) await projects.add(id, DEVNET_ALLOWED_ORIGINS)
    // The devnet's catalogue is a catalogue file, imported as a host imports theirs.
    const catalogue = join(opts.dataDir, 'catalogue.json')
    await mkdir(opts.dataDir, { recursive: true })
    await writeFile(catalogue, JSON.stringify(catalogueFile()))
    await new WalletCatalogue(db).import(catalogue)
  } catch (error) {
    await db.close()
    throw error
  }

  const adminToken = opts.adminToken ?? randomBytes(24).toString('base64url')
  const router = devnetRouter(deps)
  const plugin = devnetPlugin({ router, clock, adminToken, control: () => opts.control?.() })
  let built: Awaited<ReturnType<typeof buildServer>>
  try {
    built = await buildServer({
      // Tests call the service far more often than a visitor would: no rate limit to speak of.
      // No balance kept between calls: the devnet's tests move funds under the modal (faucet, admin
      // switches) and open a new page seconds later; a host's server keeps each for 30 s (spec section 9).
      config: {
        ...DEFAULT_CONFIG,
        limits: { ...DEFAULT_CONFIG.limits, requestsPerMinute: 1_000_000 },
        caches: { ...DEFAULT_CONFIG.caches, balanceSeconds: 0 },
        sponsorship: devnetSponsorship(opts.rpcUrls, opts.projectIds),
      },
      // The paymaster signs with a devnet key (the contract trusts it from its creation); a host's
      // server reads its key from WALLETGATE_PAYMASTER_KEY. Operations are simulated on the devnet's
      // chains, and an embedded wallet's smart account is the devnet factory's for its key.
      sponsorship: {
        signer: localPaymasterSigner(devnetPaymasterSignerKey()),
        rpcUrls: opts.rpcUrls,
        smartAccountsOf: async (owner, chainId) => {
          const rpcUrl = opts.rpcUrls[chainId]
          return rpcUrl === undefined ? [] : [await smartAccountAddress(owner, { chainId, rpcUrl })]
        },
      },
      db,
      clock,
      // The devnet's chains are read as a host's server reads any chain (token lists, price feeds,
      // router, Otterscan API, Solana RPC); what they do not tell (on-ramp, smart sessions) comes
      // from the devnet's own bookkeeping.
      chainData: evmChainData({
        chains: evm,
        clock: systemClock,
        prices,
        activity: history,
        iconUrl: (symbol) => tokenIconUrl(deps, symbol),
        next: solanaChainData({
          chains: opts.solanaRpcUrl === undefined ? [] : [devnetSolanaChain(opts.solanaRpcUrl, opts.rpcUrls, (symbol) => tokenIconUrl(deps, symbol))],
          iconUrl: (symbol) => tokenIconUrl(deps, symbol),
          currencyRate: (currency) => prices.currencyRate(currency),
          next: devnetChainData(router),
        }),
      }),
      // Sign-in on the devnet's chains (smart accounts verify through their RPC) and its Solana network.
      signInChains: [
        ...Object.entries(opts.rpcUrls).map(([id, rpcUrl]) => ({ id: `eip155:${id}`, rpcUrls: [rpcUrl] })),
        ...(opts.solana ? [{ id: SOLANA_DEVNET_CAIP_NETWORK_ID }] : []),
      ],
      plugins: [plugin.register],
      ...(opts.ensGatewayKey === undefined ? {} : { ensGatewaySigner: privateKeyToAccount(opts.ensGatewayKey) }),
      // Every network, currency and token gets an icon drawn from its id.
      images: (kind, id) => ({ type: 'image/svg+xml', body: iconSvg(`${kind}:${id}`, id) }),
    })
  } catch (error) {
    // Nothing half-way: the database's folder lock goes with it.
    await db.close()
    throw error
  }
  const app = built
  try {
    await app.listen({ port: opts.port, host: DEVNET_HOST })
  } catch (error) {
    await app.close()
    await db.close()
    throw error
  }
  const port = (app.server.address() as AddressInfo).port
  baseUrl = `http://${DEVNET_HOST}:${port}`

  return {
    url: baseUrl,
    port,
    adminToken,
    db,
    ...(opts.ensGatewayKey === undefined ? {} : { ensGatewaySigner: privateKeyToAccount(opts.ensGatewayKey).address }),
    async close() {
      plugin.dropHanging()
      app.server.closeAllConnections()
      await app.close()
      await db.close()
    },
  }
}
