/**
 * Attacks on the token search (GET /v1/convert/search, server/src/chains/token-search.ts): anyone
 * may call it with any text. A huge text, a pattern meant to run away in a regular expression, a
 * chain id carrying injection, or a text matching a whole long token list must each be refused or
 * answered within its bounds; and a token the host's list names with hostile HTML or bidi
 * overrides is passed on as text, which the modal shows as text (the picker's rows).
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { createElement } from 'react'
import type { FastifyInstance } from 'fastify'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmChainData } from '../../server/src/chains/evm-chain-data.js'
import type { ListedToken } from '../../server/src/chains/token-list.js'
import { ManualClock } from '../../server/src/clock.js'
import type { Database } from '../../server/src/db/database.js'
import { migratedDatabase, SDK, serverWithProject } from '../../server/test/support.js'
import { TOKEN_SEARCH_MAX_RESULTS } from '../../src/wire/chain-data'
import { TokenRow } from '../../src/presentation/views/swap/TokenRow'

const HOSTILE_NAME = '<img src=x onerror=alert(1)>\u202Egnp.exe'
const hex = (i: number) => `0x${i.toString(16).padStart(40, '0')}` as `0x${string}`
/** A long list: every token's name starts with "Token", so "tok" matches them all. */
const TOKENS: ListedToken[] = [
  { chainId: 1, address: hex(1), name: HOSTILE_NAME, symbol: '<b>X</b>', decimals: 18 },
  ...Array.from({ length: 500 }, (_, i) => ({ chainId: 1, address: hex(i + 2), name: `Token ${i}`, symbol: `T${i}`, decimals: 18 })),
]

let db: Database
let app: FastifyInstance
beforeAll(async () => {
  db = await migratedDatabase()
  const clock = new ManualClock()
  const chainData = evmChainData({
    clock,
    chains: [{ reference: 1, client: {} as PublicClient, tokens: TOKENS, feeds: [], swap: { router: hex(9001), weth: hex(9002) } }],
  })
  ;({ app } = await serverWithProject(db, {}, { clock, chainData }))
}, 60_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
})

const search = (query: string) => app.inject({ url: `/v1/convert/search?projectId=wg-test&${SDK}&${query}`, headers: { origin: 'https://app.example' } })

describe('the token search', () => {
  it('refuses a text over its bound and a chain id that is not CAIP-2, in the error shape', async () => {
    const huge = await search(`chainId=eip155:1&q=${'a'.repeat(100_000)}`)
    expect(huge.statusCode).toBe(400)
    expect(huge.json()).toEqual({ message: 'Invalid query parameter q' })
    for (const chainId of ["eip155:1' OR '1'='1", 'eip155:1/../../admin', `eip155:${'1'.repeat(33)}`, '']) {
      const answer = await search(`chainId=${encodeURIComponent(chainId)}&q=usd`)
      expect(answer.statusCode, chainId).toBe(400)
      expect(answer.json<{ message: string }>().message, chainId).toMatch(/query parameter chainId/)
    }
  })

  it('answers at most its bound, however many tokens match', async () => {
    const answer = await search('chainId=eip155:1&q=tok')
    expect(answer.statusCode).toBe(200)
    const tokens = answer.json<{ tokens: unknown[] }>().tokens
    expect(tokens).toHaveLength(TOKEN_SEARCH_MAX_RESULTS)
  })

  it('takes a pattern as plain text: a wildcard or a runaway pattern matches nothing', async () => {
    for (const q of ['.*', '(a+)+$', '%', '[^]']) {
      const answer = await search(`chainId=eip155:1&q=${encodeURIComponent(q)}`)
      expect(answer.statusCode, q).toBe(200)
      expect(answer.json(), q).toEqual({ tokens: [] })
    }
  })

  it('passes a hostile name on as text, and the picker shows it as text, isolated from the row', async () => {
    const answer = await search(`chainId=eip155:1&q=${hex(1)}`)
    const [token] = answer.json<{ tokens: { name: string; symbol: string }[] }>().tokens
    expect(token?.name).toBe(HOSTILE_NAME)
    const html = renderToStaticMarkup(createElement('ul', null, createElement(TokenRow, { symbol: token!.symbol, name: token!.name, onPick: () => {}, testId: 'row' })))
    expect(html).not.toMatch(/<img|<b>/i)
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;')
    // The override stays inside its own isolate: it cannot reverse the symbol or the rest of the row.
    expect(html).toMatch(/<bdi[^>]*>&lt;img src=x onerror=alert\(1\)&gt;\u202Egnp\.exe<\/bdi>/)
  })
})
