/**
 * The modal's HTTP contract suites (tests/contract/http) against walletgate-server over real HTTP,
 * on each engine: the wallet catalogue (the devnet's catalogue file, imported as a host imports
 * theirs), analytics and error telemetry, the name service with identity, and the chain-data calls
 * (supported chains, balances, activity, swap, on-ramp) answered through the server's chain-data port
 * by the in-memory ports that pass the same suites (./ports-chain-data.ts). The devnet runs the same
 * server on PGlite, its chains behind that port, for every other suite; here both engines answer the
 * modal's own adapters.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe } from 'vitest'
import { FetchAnalytics } from '../../../src/infrastructure/http/fetch-analytics'
import { EventPoster } from '../../../src/infrastructure/http/event-poster'
import { FetchHttpClient } from '../../../src/infrastructure/http/fetch-http-client'
import { FetchWalletCatalogue } from '../../../src/infrastructure/http/fetch-wallet-catalogue'
import { FetchTelemetry } from '../../../src/infrastructure/telemetry/fetch-telemetry'
import { catalogueFile } from '../../../devnet/src/service/catalogue'
import { analyticsContract, telemetryContract, type SeenEvent } from '../../../tests/contract/http/analytics.contract'
import { nameServiceContract } from '../../../tests/contract/http/blockchain/names.contract'
import { activityContract } from '../../../tests/contract/http/blockchain/activity.contract'
import { balancesContract } from '../../../tests/contract/http/blockchain/balances.contract'
import { onRampContract } from '../../../tests/contract/http/blockchain/on-ramp.contract'
import { supportedChainsContract } from '../../../tests/contract/http/blockchain/supported-chains.contract'
import { swapContract } from '../../../tests/contract/http/blockchain/swap.contract'
import { tokenSearchContract } from '../../../tests/contract/http/blockchain/token-search.contract'
import { IN_MEMORY_SEED, IN_MEMORY_WORLD } from '../../../tests/contract/http/blockchain/in-memory-world'
import { inMemoryBlockchainService } from '../../../tests/fakes/blockchain/in-memory-blockchain-service'
import { chainDataFromPorts } from './ports-chain-data'
import { walletCatalogueContract } from '../../../tests/contract/http/wallet-catalogue.contract'
import { ManualClock } from '../../../tests/fakes/manual-clock'
import { fetchBlockchainService } from '../../../tests/support/fetch-blockchain-service'
import { AnalyticsEvents } from '../../src/analytics.js'
import { buildServer } from '../../src/app.js'
import { DEFAULT_CONFIG } from '../../src/config.js'
import { Projects } from '../../src/projects.js'
import { WalletCatalogue } from '../../src/catalogue.js'
import { systemClock } from '../../src/clock.js'
import type { Database } from '../../src/db/database.js'
import { ENGINES } from '../engines.js'
import { migratedDatabase } from '../support.js'
// The run's PostgreSQL cluster, as the server project's global setup provides it.
import type {} from '../global-setup.js'

const page = () => ({ url: 'http://127.0.0.1:5999/shop?x=1', domain: '127.0.0.1' })
const registrantKey = generatePrivateKey()

describe.each(ENGINES)('the modal against the server on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let baseUrl = ''
  const client = (projectId = 'wg-test') => new FetchHttpClient({ baseUrl, projectId, sdkVersion: 'walletgate-0.1.0', retries: 0 })
  const events = () => new AnalyticsEvents(db, systemClock)

  beforeAll(async () => {
    db = await migratedDatabase(open)
    const folder = mkdtempSync(join(tmpdir(), 'walletgate-contract-catalogue-'))
    try {
      writeFileSync(join(folder, 'catalogue.json'), JSON.stringify(catalogueFile()))
      await new WalletCatalogue(db).import(join(folder, 'catalogue.json'))
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
    // Real time: the name service's messages carry the signer's clock.
    await new Projects(db, systemClock).add('wg-test', ['http://127.0.0.1:*'])
    app = await buildServer({ config: DEFAULT_CONFIG, db, clock: systemClock, chainData: chainDataFromPorts(inMemoryBlockchainService(IN_MEMORY_SEED)) })
    baseUrl = await app.listen({ port: 0, host: '127.0.0.1' })
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await db?.close()
  })

  walletCatalogueContract('FetchWalletCatalogue over HTTP', () => Promise.resolve({ catalogue: new FetchWalletCatalogue(client()) }))

  const seenOf = async (type: string) => (await events().list('wg-test')).filter((e) => e.props.type === type)
  analyticsContract('FetchAnalytics over HTTP', () =>
    Promise.resolve({
      analytics: new FetchAnalytics(client(), new ManualClock(), { page }),
      forbidden: () => new FetchAnalytics(client('not-a-project'), new ManualClock(), { page }),
      seen: async () =>
        (await seenOf('track')).map((e) => {
          const { event, properties, address } = e.props as unknown as SeenEvent
          return address === undefined ? { event, properties } : { event, properties, address }
        }),
      clear: async () => void (await db.query('DELETE FROM analytics_events')),
    }),
  )
  telemetryContract('FetchTelemetry over HTTP', () => {
    const clock = new ManualClock()
    return Promise.resolve({
      telemetry: new FetchTelemetry(new EventPoster(client(), clock, { page }), clock),
      clock,
      reported: async () =>
        (await seenOf('ERROR')).map((e) => {
          const { name, message, stack } = e.props as { name: string; message: string; stack: string }
          return { name, message, stack }
        }),
      clear: async () => void (await db.query('DELETE FROM analytics_events')),
    })
  })

  // Each suite its own adapters over a client of its own, as the devnet's suites have them. The
  // server keeps a balance 30 s: each suite's accounts are its own.
  const chainData = () => fetchBlockchainService(client(), new ManualClock(), { swapChainIds: [31337, 31338] })
  const CHAIN_LABEL = 'the Fetch adapters over HTTP, through the chain-data port'
  supportedChainsContract(CHAIN_LABEL, () => Promise.resolve({ ...IN_MEMORY_WORLD, api: chainData().supportedChains }))
  balancesContract(CHAIN_LABEL, () => Promise.resolve({ ...IN_MEMORY_WORLD, api: chainData().balances }))
  activityContract(CHAIN_LABEL, () => Promise.resolve({ ...IN_MEMORY_WORLD, api: chainData().activity }))
  swapContract(CHAIN_LABEL, () => Promise.resolve({ ...IN_MEMORY_WORLD, api: chainData().swap }))
  tokenSearchContract(CHAIN_LABEL, () => Promise.resolve({ ...IN_MEMORY_WORLD, api: chainData().swap }))
  onRampContract(CHAIN_LABEL, () => Promise.resolve({ ...IN_MEMORY_WORLD, api: chainData().onRamp }))

  nameServiceContract('the Fetch adapters over HTTP', () => {
    const { names, registration, identity } = fetchBlockchainService(client(), new ManualClock())
    return Promise.resolve({
      chainId: 'eip155:31337',
      funded: { address: privateKeyToAccount(generatePrivateKey()).address },
      registrant: { address: privateKeyToAccount(registrantKey).address, privateKey: registrantKey },
      nativeToken: 'eip155:31337:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE',
      token: { caip10: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3', symbol: 'dUSD', decimals: 6 },
      zone: 'wg.id',
      names,
      registration,
      identity,
    })
  })
})
