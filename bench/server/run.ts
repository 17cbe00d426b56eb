/**
 * The server's chain reads, measured: balance latency (p50, p99) with a cold cache (every read goes
 * to the chain) and a warm one (the section 9 cache answers), activity latency through the node's
 * Otterscan API and through the server's indexer (cold: a fresh source's first page, its token
 * facts unknown; warm: the pages after), over real HTTP on loopback where the server serves it, and
 * the indexer's catch-up rate in blocks per second; against a fresh Anvil holding the devnet's
 * contracts, configured as a host configures a chain. Prints a table; writes nothing.
 * `npm run bench:server [-- --requests N]`.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { createPublicClient, createWalletClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { loadArtifacts } from '../../devnet/src/chains/eip155/compile.js'
import { deployDevnetContracts } from '../../devnet/src/chains/eip155/deploy.js'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, DEVNET_PRICE_FEEDS } from '../../devnet/src/config.js'
import { buildServer, configuredSources, DEFAULT_CONFIG, migrate, openPgliteDatabase, Projects, readServerConfig, systemClock, type ChainDataRequest } from '../../server/src/index.js'
import { freePort } from '../../tests/e2e/support/free-port.js'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const { values } = parseArgs({ options: { requests: { type: 'string', default: '300' } } })
const REQUESTS = Number(values.requests)
const SDK = 'projectId=bench&st=walletgate&sv=walletgate-0.1.0'

interface Figures {
  readonly p50: number
  readonly p99: number
  readonly mean: number
}

function figures(samples: readonly number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
  return { p50: at(0.5), p99: at(0.99), mean: samples.reduce((a, b) => a + b, 0) / samples.length }
}

async function startAnvil(chainId: number): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const child = spawn(join(ROOT, 'node_modules/.bin/anvil'), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'], { stdio: 'ignore' })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
  }
  for (let attempt = 0; attempt < 200; attempt++) {
    const ok = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) }).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return { url, stop }
    await new Promise((done) => setTimeout(done, 50))
  }
  await stop()
  throw new Error('Anvil did not start')
}

/** Times `count` sequential calls of `call`, ms each. */
async function timed(count: number, call: (i: number) => Promise<void>): Promise<number[]> {
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const start = performance.now()
    await call(i)
    samples.push(performance.now() - start)
  }
  return samples
}

async function main(): Promise<void> {
  const anvil = await startAnvil(31337)
  const folder = await mkdtemp(join(tmpdir(), 'walletgate-bench-server-'))
  const db = await openPgliteDatabase()
  try {
    await deployDevnetContracts(31337, anvil.url, await loadArtifacts())
    const chain = { id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } }
    const funder = createWalletClient({ account: privateKeyToAccount(DEVNET_ACCOUNTS[0]!.privateKey), transport: http(anvil.url), chain })
    const client = createPublicClient({ transport: http(anvil.url) })
    // Holders of ETH and dUSD: a balance read finds something to price.
    const holders: Address[] = Array.from({ length: 20 }, () => privateKeyToAccount(generatePrivateKey()).address)
    let last: Hex = '0x'
    for (const holder of holders) {
      await funder.sendTransaction({ to: holder, value: parseEther('1') })
      last = await funder.writeContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'transfer', args: [holder, parseUnits('10', 6)] })
    }
    await client.waitForTransactionReceipt({ hash: last })

    const feed = (key: string) => DEVNET_PRICE_FEEDS.find((f) => f.key === key)!.address
    await writeFile(
      join(folder, 'tokens.json'),
      JSON.stringify({
        name: 'bench',
        tokens: [
          { chainId: 31337, address: DEVNET_CONTRACTS.dUSD, name: 'Devnet USD', symbol: 'dUSD', decimals: 6 },
          { chainId: 31337, address: DEVNET_CONTRACTS.DVT, name: 'Devnet Token', symbol: 'DVT', decimals: 18 },
        ],
      }),
    )
    await writeFile(
      join(folder, 'config.json'),
      JSON.stringify({
        tokenLists: ['tokens.json'],
        chains: [{ id: 'eip155:31337', rpcUrls: [anvil.url], priceFeeds: { native: feed('ETH'), [DEVNET_CONTRACTS.dUSD]: feed('dUSD'), [DEVNET_CONTRACTS.DVT]: feed('DVT') }, activity: { source: 'otterscan' } }],
        limits: { ...DEFAULT_CONFIG.limits, requestsPerMinute: 1_000_000 },
      }),
    )
    await migrate(db)
    await new Projects(db, systemClock).add('bench', ['http://127.0.0.1'])
    const app = await buildServer({ config: readServerConfig(join(folder, 'config.json')), db, clock: systemClock })
    await app.listen({ port: 0, host: '127.0.0.1' })
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`
    try {
      const balance = async (holder: Address, fresh: boolean) => {
        const response = await fetch(`${base}/v1/account/${holder}/balance?${SDK}${fresh ? '&forceUpdate=true' : ''}`)
        const body = (await response.json()) as { balances?: unknown[] }
        if (!response.ok || body.balances?.length !== 2) throw new Error(`balance answered ${response.status}: ${JSON.stringify(body)}`)
      }
      // Warm-up: connections, Multicall3's presence, the JIT.
      await timed(20, (i) => balance(holders[i % holders.length]!, true))
      const cold = figures(await timed(REQUESTS, (i) => balance(holders[i % holders.length]!, true)))
      const warm = figures(await timed(REQUESTS, (i) => balance(holders[i % holders.length]!, false)))
      const history = async (holder: Address) => {
        const response = await fetch(`${base}/v1/account/eip155:31337:${holder}/history?${SDK}`)
        const body = (await response.json()) as { data?: unknown[] }
        if (!response.ok || body.data?.length !== 2) throw new Error(`history answered ${response.status}: ${JSON.stringify(body)}`)
      }
      const call = (holder: Address): ChainDataRequest => ({ params: { address: `eip155:31337:${holder}` }, query: new URLSearchParams(), body: undefined, headers: {}, baseUrl: base })
      const config = readServerConfig(join(folder, 'config.json'))
      // Cold: a fresh source (nothing known of the tokens) answering its first page.
      const otterscanCold = figures(await timed(20, async (i) => void (await configuredSources(config, systemClock).port.history!(call(holders[i % holders.length]!)))))
      const otterscanWarm = figures(await timed(REQUESTS, (i) => history(holders[i % holders.length]!)))

      // The indexer: how fast it catches up from block 0 on a chain with a few thousand blocks, then its pages.
      await client.request({ method: 'anvil_mine' as 'eth_chainId', params: ['0x7d0'] as unknown as undefined })
      const head = await client.getBlockNumber()
      const indexedConfig = { ...config, chains: config.chains.map((chain) => ({ ...chain, activity: { source: 'indexer' as const, startBlock: 0, confirmations: 0 } })) }
      const indexed = configuredSources(indexedConfig, systemClock, { db })
      for (const holder of holders) await indexed.port.history!(call(holder))
      const started = performance.now()
      // One sync covers these blocks (it is bounded at 10,000); the last follower's rows prove it reached the head.
      while ((await indexed.indexer!.sync(31337)) !== 'synced') await new Promise((done) => setTimeout(done, 10))
      const catchUpSeconds = (performance.now() - started) / 1000
      const page = (await indexed.port.history!(call(holders[holders.length - 1]!))).json as { data: unknown[] }
      if (page.data.length !== 2) throw new Error(`the indexer gave ${page.data.length} rows, not 2`)
      const indexedCold = figures(await timed(20, async (i) => void (await configuredSources(indexedConfig, systemClock, { db }).port.history!(call(holders[i % holders.length]!)))))
      const indexedWarm = figures(await timed(REQUESTS, async (i) => void (await indexed.port.history!(call(holders[i % holders.length]!)))))
      await indexed.indexer!.stop()

      const row = (name: string, f: Figures) => `| ${name} | ${f.p50.toFixed(2)} | ${f.p99.toFixed(2)} | ${f.mean.toFixed(2)} |`
      console.log(`walletgate-server chain reads, ${REQUESTS} sequential requests each (cold: 20), loopback, Anvil (${new Date().toISOString().slice(0, 10)})\n`)
      console.log('| figure (ms) | p50 | p99 | mean |\n|---|---|---|---|')
      console.log(row('balance, cold cache (read from the chain), HTTP', cold))
      console.log(row('balance, warm cache, HTTP', warm))
      console.log(row('activity via Otterscan, cold (fresh source), in process', otterscanCold))
      console.log(row('activity via Otterscan, warm, HTTP', otterscanWarm))
      console.log(row('activity via the indexer, cold (fresh source), in process', indexedCold))
      console.log(row('activity via the indexer, warm, in process', indexedWarm))
      console.log(`\nindexer catch-up: ${head} blocks from block 0 for ${holders.length} accounts in ${catchUpSeconds.toFixed(2)} s: ${(Number(head) / catchUpSeconds).toFixed(0)} blocks/s`)
    } finally {
      await app.close()
    }
  } finally {
    await db.close()
    await anvil.stop()
    await rm(folder, { recursive: true, force: true })
  }
}

await main()
