/**
 * startDevnet(): the product's offline world on one machine. Two Anvil chains (Devnet A 31337,
 * Devnet B 31338) with the devnet contracts deployed and accounts funded, the Solana devnet
 * (devnet/src/chains/solana), and the blockchain service on top of them. Everything listens on 127.0.0.1; stop() (or the process dying) ends it all.
 */
import { mkdir } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  DEVNET_ACCOUNTS,
  DEVNET_ALLOWED_ORIGINS,
  DEVNET_CHAIN_A,
  DEVNET_CHAIN_B,
  DEVNET_CONTRACTS,
  DEVNET_DEFAULT_PORTS,
  DEVNET_DEFAULT_PROJECT_IDS,
  DEVNET_FUNGIBLES,
  DEVNET_NFT,
  DEVNET_PORT_ENV,
  caip10,
  type DevnetChainId,
  type DevnetPortName,
} from './config'
import { loadArtifacts, type Artifacts } from './chains/eip155/compile'
import type { ChainFiles } from './chains/eip155/anvil-node'
import { superviseChain, type ChainStatus, type SupervisedChain } from './chains/supervisor'
import type { DevnetControl, RunningService } from './service/server'
// The relay and the Solana and Bitcoin chains load only when started: a host's test devnet without
// them needs none of their packages (ws, litesvm, @solana/kit, @scure/btc-signer) installed.
import type { RelayHandle } from './relay'
import type { SolanaDevnet } from './chains/solana/server'
import type { BitcoinDevnet } from './chains/bip122/server'
import type { BundlerKeeper, BundlerStatus } from './chains/eip155/bundler-keeper'
import type { AuthService } from './auth/server'
import type { SmtpSink } from './auth/smtp-sink'
import type { FarcasterRelay } from './farcaster/relay'
import { configureEnsGateway, ensGatewayUrl } from './chains/eip155/deploy-ens'
import { devnetEnsGatewayKey } from './service/gateway-key'

export * from './config'

export interface StartDevnetOptions {
  /** Ports to listen on; missing ones come from the env (DEVNET_*_PORT) or the defaults. */
  ports?: Partial<Record<DevnetPortName, number>>
  /** Where persistent state (the name registry) lives. Env DEVNET_DATA_DIR; default <repo>/.devnet-data. */
  dataDir?: string
  /**
   * A PostgreSQL database (postgres://...) for the server's data and the embedded wallets' accounts
   * and sealed keys. Env DEVNET_DATABASE_URL; default PGlite in the data folder.
   */
  databaseUrl?: string
  /** Known project ids. Env DEVNET_PROJECT_IDS (comma-separated); default walletgate-demo,walletgate-test. */
  projectIds?: string[]
  /** The token the service's `/__admin/*` switches ask for. Env DEVNET_ADMIN_TOKEN; a random one by default. */
  adminToken?: string
  /** No progress lines on stderr. */
  quiet?: boolean
  /** Start the WalletConnect relay (devnet/src/relay) too; default true. */
  relay?: boolean
  /** Start the Solana devnet too; default true. Without it `solanaRpcUrl` and `solanaWsUrl` are empty. */
  solana?: boolean
  /** Start the Bitcoin regtest chain too; default true. Without it `bitcoinEsploraUrl` is empty. */
  bitcoin?: boolean
  /**
   * Start an ERC-4337 bundler (@pimlico/alto) per EVM chain too; default true. Without them
   * `bundlerUrls` is empty (the EntryPoint and the smart-account factory are deployed either way).
   */
  bundlers?: boolean
  /** Start the auth service (email login, the embedded wallet's frame) and its SMTP sink; default true. Without it `authUrl` is empty. */
  auth?: boolean
  /**
   * Start the Farcaster auth relay (devnet/src/farcaster) too, with the stub Id and Key registries
   * on Devnet A; default true. Without it `farcasterUrl` is absent.
   */
  farcaster?: boolean
  /**
   * Social login on the auth service (six devnet OpenID Connect providers under its origin, and
   * Farcaster when the relay runs); default true. They load only when on.
   */
  social?: boolean
  /** Contracts already compiled (instead of solc over devnet/contracts). */
  artifacts?: () => Promise<Artifacts>
  /** The parent watcher to run beside each chain node instead of the repository's file. */
  chainFiles?: ChainFiles
}

export interface DevnetTokenInfo {
  symbol: string
  name: string
  decimals: number
  /** Plain address; the native coin uses NATIVE_TOKEN_ADDRESS. */
  address: string
  /** CAIP-10 address of the token on this chain. */
  caip10: string
  price: number
}

/** The serialisable facts of a running devnet (what tests receive through inject('devnet')). */
export interface DevnetInfo {
  serviceUrl: string
  /** What the service's `/__admin/*` switches ask for: `Authorization: Bearer <adminToken>`. */
  adminToken: string
  rpcUrls: Record<number, string>
  relayUrl?: string
  /** The Farcaster auth relay (its channel links open its devnet Farcaster app page). */
  farcasterUrl?: string
  /** The Solana devnet's JSON-RPC URL and its PubSub WebSocket URL. */
  solanaRpcUrl: string
  solanaWsUrl: string
  /** The Bitcoin regtest chain's Esplora API base URL (devnet/src/chains/bip122). */
  bitcoinEsploraUrl: string
  /** Per EVM chain id: its ERC-4337 bundler's JSON-RPC URL (EntryPoint v0.7); empty without bundlers. */
  bundlerUrls: Record<number, string>
  /** The auth service's origin: email login, the embedded wallet's frame, the mailbox (devnet/src/auth). */
  authUrl: string
  accounts: { address: `0x${string}`; privateKey: `0x${string}` }[]
  /** Per chain id: the fungibles (native first) and the NFT collection. */
  tokens: Record<number, { fungibles: DevnetTokenInfo[]; nft: { name: string; symbol: string; address: string } }>
  contracts: Record<keyof typeof DEVNET_CONTRACTS, `0x${string}`>
  /**
   * ENS on the EVM chains (addresses: DEVNET_ENS): the service's CCIP-read gateway, its URL
   * template as the offchain resolver holds it, and the address of the key its answers are signed with.
   */
  ensGateway: { url: string; signer: `0x${string}` }
  /** The first known project id. */
  projectId: string
  projectIds: string[]
  dataDir: string
  /** Milliseconds from startDevnet() to ready. */
  readyMs: number
}

export interface DevnetHandle extends DevnetInfo {
  /** Pids of the child processes serving now (the Anvil nodes and the bundlers; they change when one is restarted). */
  readonly childPids: number[]
  /**
   * Resolves with a reason if an Anvil node dies and cannot be started again; never rejects. (A
   * node that dies is started again on the same port, with the contracts deployed again.)
   */
  died: Promise<string>
  stop(): Promise<void>
}

/** Mutable state the start steps share; each step may add URLs and returns how to undo itself. */
interface StartContext {
  opts: StartDevnetOptions
  ports: Record<DevnetPortName, number>
  dataDir: string
  projectIds: string[]
  rpcUrls: Record<number, string>
  serviceUrl?: string
  relayUrl?: string
  service?: RunningService
  relay?: RelayHandle
  solana?: SolanaDevnet
  bitcoin?: BitcoinDevnet
  /** Per chain id: the keeper of its bundler (started again whenever the chain starts over). */
  bundlers: Map<number, BundlerKeeper>
  /** Set once stop() begins. */
  closed: boolean
  auth?: AuthService
  farcaster?: FarcasterRelay
  chains: SupervisedChain[]
  deaths: Promise<string>[]
  log(line: string): void
}
type Stopper = () => Promise<void>
type StartStep = { name: string; run(ctx: StartContext): Promise<Stopper | void> }

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

function envPort(name: DevnetPortName): number | undefined {
  const raw = process.env[DEVNET_PORT_ENV[name]]
  if (!raw) return undefined
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${DEVNET_PORT_ENV[name]} must be a port number, got ${raw}`)
  return n
}

const chainsStep: StartStep = {
  name: 'chains',
  async run(ctx) {
    const t0 = performance.now()
    const artifacts = (ctx.opts.artifacts ?? loadArtifacts)()
    artifacts.catch(() => undefined)
    const supervise = (chainId: DevnetChainId, port: number): Promise<SupervisedChain> =>
      superviseChain({
        chainId,
        port,
        artifacts,
        quiet: ctx.opts.quiet,
        ...(ctx.opts.chainFiles ? { files: ctx.opts.chainFiles } : {}),
        log: ctx.log,
        // The chain started over: its bundler (whose keys and simulation contracts were on the old
        // chain) starts again. History is read from the chain as it is now: nothing to forget.
        onFresh: (id) => {
          ctx.bundlers.get(id)?.chainStartedOver()
          // The Farcaster registries were on the old chain: put them back.
          if (id === DEVNET_CHAIN_A.id) ctx.farcaster?.installRegistries().catch((error: unknown) => ctx.log(`farcaster registries not restored: ${String(error)}`))
        },
        // A fresh chain's offchain resolver knows no gateway yet: tell it the running service's
        // (on the first start the service step does, once the service runs).
        prepare: async (id, rpcUrl) => {
          if (ctx.serviceUrl !== undefined && ctx.service?.ensGatewaySigner !== undefined) await configureEnsGateway(id, rpcUrl, ctx.serviceUrl, ctx.service.ensGatewaySigner)
        },
      })
    const results = await Promise.allSettled([supervise(DEVNET_CHAIN_A.id, ctx.ports.chainA), supervise(DEVNET_CHAIN_B.id, ctx.ports.chainB)])
    const started = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
    const stop: Stopper = async () => {
      await Promise.all(started.map((c) => c.stop()))
    }
    const failure = results.find((r) => r.status === 'rejected')
    if (failure) {
      await stop()
      throw failure.reason
    }
    for (const chain of started) {
      ctx.rpcUrls[chain.chainId] = chain.rpcUrl
      ctx.chains.push(chain)
      ctx.deaths.push(chain.failed)
    }
    ctx.log(`chains ready after ${Math.round(performance.now() - t0)} ms: ${started.map((c) => `${c.chainId} ${c.rpcUrl}`).join(', ')}`)
    return stop
  },
}

const bundlerPort = (ctx: StartContext, chainId: number): number => (chainId === DEVNET_CHAIN_A.id ? ctx.ports.bundlerA : ctx.ports.bundlerB)

const bundlersStep: StartStep = {
  name: 'bundlers',
  async run(ctx) {
    const { keepBundler } = await import('./chains/eip155/bundler-keeper')
    const ids = Object.keys(ctx.rpcUrls).map(Number)
    const results = await Promise.allSettled(
      ids.map(async (chainId) => {
        const keeper = await keepBundler({ chainId, rpcUrl: ctx.rpcUrls[chainId]!, port: bundlerPort(ctx, chainId), quiet: ctx.opts.quiet, log: ctx.log })
        ctx.bundlers.set(chainId, keeper)
      }),
    )
    const stop: Stopper = async () => {
      const keepers = [...ctx.bundlers.values()]
      ctx.bundlers.clear()
      await Promise.all(keepers.map((k) => k.stop()))
    }
    const failure = results.find((r) => r.status === 'rejected')
    if (failure) {
      await stop()
      throw failure.reason
    }
    ctx.log(`bundlers ready: ${[...ctx.bundlers.values()].map((b) => `${b.chainId} ${b.url}`).join(', ')}`)
    return stop
  },
}

const solanaStep: StartStep = {
  name: 'solana',
  async run(ctx) {
    const { startSolanaDevnet } = await import('./chains/solana/server')
    const solana = await startSolanaDevnet({ port: ctx.ports.solana })
    ctx.solana = solana
    ctx.log(`solana ready: ${solana.rpcUrl} (PubSub ${solana.wsUrl})`)
    return () => solana.stop()
  },
}

const bitcoinStep: StartStep = {
  name: 'bitcoin',
  async run(ctx) {
    const { startBitcoinDevnet } = await import('./chains/bip122/server')
    const bitcoin = await startBitcoinDevnet({ port: ctx.ports.bitcoin })
    ctx.bitcoin = bitcoin
    ctx.log(`bitcoin ready: ${bitcoin.esploraUrl}`)
    return () => bitcoin.stop()
  },
}

const serviceStep: StartStep = {
  name: 'service',
  async run(ctx) {
    // walletgate-server and its engine load only here (the test kit's host installs it as a peer).
    const { startService } = await import('./service/server')
    const service = await startService({
      port: ctx.ports.service,
      rpcUrls: ctx.rpcUrls,
      dataDir: ctx.dataDir,
      ...((ctx.opts.databaseUrl ?? process.env.DEVNET_DATABASE_URL) ? { databaseUrl: ctx.opts.databaseUrl ?? process.env.DEVNET_DATABASE_URL } : {}),
      projectIds: ctx.projectIds,
      ...(ctx.opts.adminToken ?? process.env.DEVNET_ADMIN_TOKEN ? { adminToken: ctx.opts.adminToken ?? process.env.DEVNET_ADMIN_TOKEN } : {}),
      ...(ctx.solana ? { solana: ctx.solana.ledger, solanaRpcUrl: ctx.solana.rpcUrl } : {}),
      control: () => devnetControl(ctx),
      // The ENS gateway signs with a key of the data folder's (./service/gateway-key).
      ensGatewayKey: await devnetEnsGatewayKey(ctx.dataDir),
    })
    try {
      await Promise.all(Object.entries(ctx.rpcUrls).map(([id, rpcUrl]) => configureEnsGateway(Number(id) as DevnetChainId, rpcUrl, service.url, service.ensGatewaySigner!)))
    } catch (error) {
      await service.close()
      throw error
    }
    ctx.service = service
    ctx.serviceUrl = service.url
    ctx.log(`service ready: ${service.url}`)
    return () => service.close()
  },
}

const relayStep: StartStep = {
  name: 'relay',
  async run(ctx) {
    const { startRelay } = await import('./relay')
    const relay = await startRelay({ port: ctx.ports.relay })
    ctx.relay = relay
    ctx.relayUrl = relay.url
    ctx.log(`relay ready: ${relay.url}`)
    return () => relay.stop()
  },
}

const farcasterStep: StartStep = {
  name: 'farcaster',
  async run(ctx) {
    const { startFarcasterRelay } = await import('./farcaster/relay')
    const farcaster = await startFarcasterRelay({ port: ctx.ports.farcaster, rpcUrl: ctx.rpcUrls[DEVNET_CHAIN_A.id]! })
    ctx.farcaster = farcaster
    ctx.log(`farcaster relay ready: ${farcaster.url}`)
    return () => farcaster.stop()
  },
}

const authStep: StartStep = {
  name: 'auth',
  async run(ctx) {
    const [{ startAuthService }, { startSmtpSink }, { devnetKeyEncryption }] = await Promise.all([import('./auth/server'), import('./auth/smtp-sink'), import('./auth/devnet-kek')])
    const sink: SmtpSink = await startSmtpSink({ port: ctx.ports.smtp })
    try {
      const auth = await startAuthService({
        port: ctx.ports.auth,
        // The embedded wallets' accounts and sealed keys live in the server's database, beside its
        // data; the KEK in the data folder (or WALLETGATE_KEK), never in the database.
        ...(ctx.service === undefined ? {} : { db: ctx.service.db }),
        kek: await devnetKeyEncryption(ctx.dataDir),
        smtpPort: sink.port,
        mailbox: sink.mailbox,
        ...(ctx.solana === undefined ? {} : { solana: { rpcUrl: ctx.solana.rpcUrl } }),
        // A chain's bundler serves the users' smart accounts (a restarted bundler keeps its port).
        chains: Object.entries(ctx.rpcUrls).map(([chainId, rpcUrl]) => {
          const bundlerUrl = ctx.bundlers.get(Number(chainId))?.url
          return { chainId: Number(chainId), rpcUrl, ...(bundlerUrl === undefined ? {} : { bundlerUrl }) }
        }),
        serviceUrl: ctx.serviceUrl!,
        log: (line) => ctx.log(line),
        // The social providers and social login; Farcaster when the relay runs (before this step).
        ...(ctx.opts.social === false
          ? {}
          : {
              social: {
                allowedOrigins: DEVNET_ALLOWED_ORIGINS,
                ...(ctx.farcaster ? { farcaster: { relayUrl: ctx.farcaster.url, rpcUrl: ctx.rpcUrls[DEVNET_CHAIN_A.id]! } } : {}),
              },
            }),
      })
      ctx.auth = auth
      ctx.log(`auth ready: ${auth.url} (SMTP sink on ${sink.port})`)
      return async () => {
        await auth.stop()
        await sink.stop()
      }
    } catch (error) {
      await sink.stop()
      throw error
    }
  },
}

/** Whether a JSON-RPC server answers `method` with a result within a second or two. */
async function answers(url: string, method: string): Promise<boolean> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }),
      signal: AbortSignal.timeout(2000),
    })
    return ((await res.json()) as { result?: unknown }).result !== undefined
  } catch {
    return false
  }
}

/**
 * A chain's state as the admin endpoints report it: `up` only when its node AND its bundler (when
 * the devnet runs bundlers) answer now; `starting` while either is being started (a chain that
 * started over waits for its new bundler); `down` otherwise.
 */
async function chainStatus(ctx: StartContext, chain: SupervisedChain): Promise<ChainStatus & { bundler?: BundlerStatus }> {
  const own = chain.status()
  const keeper = ctx.bundlers.get(chain.chainId)
  const bundler = keeper?.status()
  let state = own.state
  if (state === 'up' && bundler !== undefined && bundler.state !== 'up') state = bundler.state
  if (state === 'up') {
    const [node, bundlerAnswers] = await Promise.all([answers(own.rpcUrl, 'eth_chainId'), bundler === undefined ? true : answers(bundler.url, 'eth_supportedEntryPoints')])
    if (!node || !bundlerAnswers) state = 'down'
  }
  return { ...own, state, ...(bundler === undefined ? {} : { bundler }) }
}

/** What the service's admin endpoints act on: the supervised chains (with their bundlers) and the relay. */
function devnetControl(ctx: StartContext): DevnetControl {
  const chain = (id: number): SupervisedChain => {
    const found = ctx.chains.find((c) => c.chainId === id)
    if (!found) throw new Error(`no devnet chain ${id}`)
    return found
  }
  const relay = ctx.relay
  return {
    chainIds: () => ctx.chains.map((c) => c.chainId),
    chains: () => Promise.all(ctx.chains.map((c) => chainStatus(ctx, c))),
    killChain: (id, downMs) => chain(id).kill(downMs),
    // Answers once the fresh chain serves and so does its new bundler.
    restartChain: async (id) => {
      await chain(id).restart()
      await ctx.bundlers.get(id)?.settled()
    },
    ...(relay ? { restartRelay: (downMs: number) => relay.restart(downMs) } : {}),
  }
}

/** Start order. The Solana chain and the WalletConnect relay are on unless opts.solana / opts.relay is false. */
function startSteps(opts: StartDevnetOptions): StartStep[] {
  return [
    chainsStep,
    ...(opts.bundlers === false ? [] : [bundlersStep]),
    ...(opts.solana === false ? [] : [solanaStep]),
    ...(opts.bitcoin === false ? [] : [bitcoinStep]),
    serviceStep,
    ...(opts.relay === false ? [] : [relayStep]),
    ...(opts.farcaster === false ? [] : [farcasterStep]),
    ...(opts.auth === false ? [] : [authStep]),
  ]
}

export async function startDevnet(opts: StartDevnetOptions = {}): Promise<DevnetHandle> {
  const t0 = performance.now()
  const ports = {} as Record<DevnetPortName, number>
  for (const name of Object.keys(DEVNET_DEFAULT_PORTS) as DevnetPortName[]) {
    ports[name] = opts.ports?.[name] ?? envPort(name) ?? DEVNET_DEFAULT_PORTS[name]
  }
  const projectIds =
    opts.projectIds ??
    (process.env.DEVNET_PROJECT_IDS ? process.env.DEVNET_PROJECT_IDS.split(',').map((s) => s.trim()).filter(Boolean) : [...DEVNET_DEFAULT_PROJECT_IDS])
  if (projectIds.length === 0) throw new Error('at least one project id is required')
  const dataDir = resolve(opts.dataDir ?? process.env.DEVNET_DATA_DIR ?? join(repoRoot, '.devnet-data'))
  await mkdir(dataDir, { recursive: true })
  const ctx: StartContext = {
    opts,
    ports,
    dataDir,
    projectIds,
    rpcUrls: {},
    bundlers: new Map(),
    closed: false,
    chains: [],
    deaths: [],
    log: (line) => {
      if (!opts.quiet) process.stderr.write(`[devnet] ${line}\n`)
    },
  }

  const childPids = (): number[] =>
    [...ctx.chains.map((c) => c.status().pid), ...[...ctx.bundlers.values()].map((b) => b.status().pid)].filter((pid) => pid > 0)
  const stoppers: Stopper[] = []
  let stopping: Promise<void> | null = null
  const stopAll = (): Promise<void> =>
    (stopping ??= (async () => {
      ctx.closed = true
      process.off('exit', killOnExit)
      for (const stop of stoppers.reverse()) await stop().catch(() => undefined)
    })())
  // Last resort if the process exits without stop(): the children also watch this pid.
  const killOnExit = (): void => {
    for (const pid of childPids()) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
  }
  process.on('exit', killOnExit)

  try {
    for (const step of startSteps(opts)) {
      const t = performance.now()
      const stop = await step.run(ctx)
      if (stop) stoppers.push(stop)
      ctx.log(`${step.name} step took ${Math.round(performance.now() - t)} ms`)
    }
  } catch (error) {
    await stopAll()
    throw error
  }

  const tokens: DevnetInfo['tokens'] = {}
  for (const id of Object.keys(ctx.rpcUrls).map(Number)) {
    tokens[id] = {
      fungibles: DEVNET_FUNGIBLES.map((f) => ({
        symbol: f.symbol,
        name: f.name,
        decimals: f.decimals,
        address: f.address,
        caip10: caip10(id, f.address),
        price: f.price,
      })),
      nft: { ...DEVNET_NFT },
    }
  }
  return {
    serviceUrl: ctx.serviceUrl!,
    adminToken: ctx.service!.adminToken,
    rpcUrls: { ...ctx.rpcUrls },
    ...(ctx.relayUrl ? { relayUrl: ctx.relayUrl } : {}),
    ...(ctx.farcaster ? { farcasterUrl: ctx.farcaster.url } : {}),
    solanaRpcUrl: ctx.solana?.rpcUrl ?? '',
    solanaWsUrl: ctx.solana?.wsUrl ?? '',
    bitcoinEsploraUrl: ctx.bitcoin?.esploraUrl ?? '',
    bundlerUrls: Object.fromEntries([...ctx.bundlers.values()].map((b) => [b.chainId, b.url])),
    authUrl: ctx.auth?.url ?? '',
    accounts: DEVNET_ACCOUNTS.map((a) => ({ ...a })),
    tokens,
    contracts: { ...DEVNET_CONTRACTS },
    ensGateway: { url: ensGatewayUrl(ctx.serviceUrl!), signer: ctx.service!.ensGatewaySigner! },
    projectId: projectIds[0]!,
    projectIds,
    dataDir,
    readyMs: Math.round(performance.now() - t0),
    get childPids() {
      return childPids()
    },
    died: Promise.race(ctx.deaths),
    stop: stopAll,
  }
}

/** The serialisable part of a handle (drops stop and child pids). */
export function devnetInfo(handle: DevnetHandle): DevnetInfo {
  const { stop: _stop, childPids: _pids, died: _died, ...info } = handle
  return info
}
