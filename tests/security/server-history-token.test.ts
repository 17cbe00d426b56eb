/**
 * Attacks on the history's `token` filter (GET /v1/account/{address}/history?token=): a value that
 * tries to reach the database's query (SQL, LIKE or JSON patterns), a huge one, another chain's
 * token, and a cursor that tries to read past the filter it came with (from the unfiltered list, or
 * from another token's). Each is refused with 400 in the house's error shape before any row is read;
 * a good filter answers only that token's rows of that account. Each case fails without its defence
 * (the wire's HISTORY_TOKEN_PATTERN, the chain check of history-token.ts, the cursor's filter tag).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { PublicClient } from 'viem'
import { encodeActivityCursor, type ActivityPageRequest } from '../../server/src/chains/activity/activity.js'
import { ActivityIndexer } from '../../server/src/chains/activity/indexer.js'
import { evmChainData } from '../../server/src/chains/evm-chain-data.js'
import { ManualClock } from '../../server/src/clock.js'
import type { Database } from '../../server/src/db/database.js'
import { migratedDatabase, SDK, serverWithProject } from '../../server/test/support.js'

const CHAIN = 31_338
const ME = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const YOU = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
const DUSD = '0x5fbdb2315678afecb367f032d93f642f64180aa3'
const OTHER_TOKEN = '0xe7f1725e7734ce288f8367e1bb143e90bb3f0512'

let db: Database
let app: FastifyInstance
const asked: ActivityPageRequest[] = []

/** A row of `account`'s history at block `n`, moving `token` (or ether). */
async function row(account: string, n: number, token?: string): Promise<void> {
  const transfer = token === undefined ? { kind: 'native', from: YOU, to: account, amount: '1' } : { kind: 'erc20', token, from: YOU, to: account, amount: '1' }
  await db.query(
    `INSERT INTO activity_rows (chain_id, account, hash, block_number, block_hash, tx_index, mined_at, sender, recipient, nonce, status, transfers)
     VALUES ($1::bigint, $2, $3, $4::bigint, $5, 0, 1700000000, $6, $7, 0, 'confirmed', $8::jsonb)`,
    [String(CHAIN), account, `0x${n.toString(16).padStart(64, '0')}`, String(n), `0x${'b'.repeat(64)}`, YOU, token ?? account, JSON.stringify([transfer])],
  )
}

beforeAll(async () => {
  db = await migratedDatabase()
  const clock = new ManualClock()
  // No account is followed (no chain is read): the page is what the database holds.
  const indexer = new ActivityIndexer({
    db,
    clock,
    chains: [{ chainId: CHAIN, client: {} as PublicClient, native: { name: 'Ether', symbol: 'ETH', decimals: 18 }, startBlock: 0n }],
    tokens: { token: async () => ({ name: 'Devnet USD', symbol: 'dUSD', decimals: 6 }) },
    iconUrl: () => '',
    maxFollowed: 0,
  })
  const activity = { page: (request: ActivityPageRequest) => (asked.push(request), indexer.page(request)) }
  ;({ app } = await serverWithProject(db, {}, { chainData: evmChainData({ chains: [{ reference: CHAIN, client: {} as PublicClient, tokens: [], feeds: [] }], clock, activity }) }))
  for (let n = 1; n <= 6; n++) await row(ME, n, n % 2 === 0 ? DUSD : undefined)
  await row(ME, 7, OTHER_TOKEN)
  await row(YOU, 8, DUSD)
}, 60_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
})

const history = (query: Record<string, string>, account = `eip155:${CHAIN}:${ME}`) =>
  app.inject({ url: `/v1/account/${account}/history?projectId=wg-test&${SDK}&${new URLSearchParams(query).toString()}` })

describe('a token filter that is not a token', () => {
  it.each([
    ['SQL', `${DUSD}' OR '1'='1`],
    ['a SQL comment', "native'--"],
    ['a LIKE pattern', '%'],
    ['a LIKE pattern in an address', `0x${'_'.repeat(40)}`],
    ['a JSON containment', '[{"kind":"erc20"}]'],
    ['a NUL', `${DUSD}\u0000`],
    ['a line break', 'native\n'],
    ['a short address', '0x5fbdb2315678afecb367f032d93f642f64180a'],
    ['a huge value', `0x${'a'.repeat(100_000)}`],
    ['a CAIP-19 id with a pattern for its reference', `eip155:${CHAIN}/erc20:%`],
    ['a CAIP-19 id of an unknown asset kind', `eip155:${CHAIN}/evil:${DUSD}`],
  ])('%s is refused with 400 before any row is read', async (_, token) => {
    const before = asked.length
    const answer = await history({ token })
    expect([answer.statusCode, answer.json()]).toEqual([400, { message: 'Invalid query parameter token' }])
    expect(asked.length).toBe(before)
  })

  it.each([
    ["another chain's token", `eip155:1/erc20:${DUSD}`],
    ["another chain's coin", 'eip155:1/slip44:60'],
    ['a Solana mint on an eip155 chain', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
  ])('%s is refused with 400, not read as "no filter"', async (_, token) => {
    const answer = await history({ token })
    expect([answer.statusCode, answer.json()]).toEqual([400, { message: 'Invalid query parameter token' }])
  })
})

describe("a token's history", () => {
  const hashes = async (query: Record<string, string>) => {
    const answer = await history(query)
    expect(answer.statusCode).toBe(200)
    return (answer.json() as { data: { id: string }[] }).data.map((t) => Number.parseInt(t.id.slice(2), 16))
  }

  it("holds only that token's rows of that account, however the token is written", async () => {
    expect(await hashes({ token: DUSD })).toEqual([6, 4, 2])
    expect(await hashes({ token: DUSD.toUpperCase().replace('0X', '0x') })).toEqual([6, 4, 2])
    expect(await hashes({ token: `eip155:${CHAIN}/erc20:${DUSD}` })).toEqual([6, 4, 2])
    expect(await hashes({ token: 'native' })).toEqual([5, 3, 1])
    expect(await hashes({ token: `eip155:${CHAIN}/slip44:60` })).toEqual([5, 3, 1])
    expect(await hashes({})).toEqual([7, 6, 5, 4, 3, 2, 1])
  })

  it('refuses a cursor from the unfiltered list, or from another filter: 400, no rows', async () => {
    const account = ME as `0x${string}`
    const position = { blockNumber: 7n, index: 0 }
    const unfiltered = encodeActivityCursor(account, CHAIN, position)
    const otherToken = encodeActivityCursor(account, CHAIN, position, `~${OTHER_TOKEN}`)
    const dusd = encodeActivityCursor(account, CHAIN, position, `~${DUSD}`)
    for (const [cursor, token] of [
      [unfiltered, DUSD],
      [otherToken, DUSD],
      [dusd, 'native'],
      [dusd, ''],
    ] as const) {
      const answer = await history({ cursor, ...(token === '' ? {} : { token }) })
      expect([answer.statusCode, answer.json()], `${token} with another filter's cursor`).toEqual([400, { message: 'Invalid cursor' }])
    }
    // The filter's own cursor reads on inside it.
    expect(await hashes({ cursor: dusd, token: DUSD })).toEqual([6, 4, 2])
  })
})
