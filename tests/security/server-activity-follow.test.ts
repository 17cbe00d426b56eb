/**
 * An attack on the server's history indexer (server/src/chains/activity/indexer.ts): anyone may ask
 * for any address's history, and the indexer follows every address it is asked about, each costing
 * every later sync a log query. A caller who asks for many made-up addresses must not grow that set
 * without bound: past the chain's limit, a new address's page is empty and nothing is followed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ActivityIndexer } from '../../server/src/chains/activity/indexer.js'
import { ManualClock } from '../../server/src/clock.js'
import type { Database } from '../../server/src/db/database.js'
import { startAnvil, type Anvil } from '../../server/test/anvil.js'
import { migratedDatabase } from '../../server/test/support.js'

const CHAIN_ID = 31_977
let anvil: Anvil
let db: Database
let indexer: ActivityIndexer

beforeAll(async () => {
  anvil = await startAnvil(CHAIN_ID)
  db = await migratedDatabase()
  indexer = new ActivityIndexer({
    db,
    clock: new ManualClock(Date.now()),
    chains: [{ chainId: CHAIN_ID, client: createPublicClient({ transport: http(anvil.url) }), native: { name: 'Ether', symbol: 'ETH', decimals: 18 }, startBlock: 0n }],
    tokens: { token: async () => ({ name: 'Token', symbol: 'TKN', decimals: 18 }) },
    iconUrl: () => '',
    maxFollowed: 3,
  })
}, 60_000)
afterAll(async () => {
  await indexer?.stop()
  await db?.close()
  await anvil?.stop()
})

const followed = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM activity_accounts WHERE chain_id = $1::bigint', [String(CHAIN_ID)])).rows[0]!.n)

describe('asking for the history of many made-up addresses', () => {
  it('follows no more than the chain allows; a followed account keeps its page', async () => {
    const addresses = Array.from({ length: 10 }, () => privateKeyToAccount(generatePrivateKey()).address)
    for (const account of addresses) expect(await indexer.page({ account, chainId: CHAIN_ID })).toEqual({ data: [], next: null })
    expect(await followed()).toBe(3)
    // The first ones are still followed, and asking again neither fails nor grows the set.
    expect(await indexer.follow(CHAIN_ID, addresses[0]!)).toBe(false)
    expect(await indexer.follow(CHAIN_ID, addresses[9]!)).toBe(false)
    expect(await followed()).toBe(3)
  })
})
