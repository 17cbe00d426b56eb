/**
 * One book of prices for balances, the price route and history rows: a chain's feeds are read once
 * for calls made within 10 s, read again after, and a failed read is not kept.
 */
import { describe, expect, it } from 'vitest'
import type { PublicClient } from 'viem'
import { EvmPrices, FEED_ANSWER_TTL_MS } from '../../src/chains/evm-prices.js'
import { NATIVE_TOKEN } from '../../src/chains/uniswap-v2.js'
import { ManualClock } from '../../src/clock.js'

const FEED = '0x00000000000000000000000000000000000000fe'

/** A chain whose one feed answers `answer` (8 decimals, updated now) and counts its reads. */
function chain(clock: ManualClock) {
  const state = { reads: 0, answer: 2500n * 10n ** 8n, fail: false }
  const client = {
    getCode: async () => '0x60',
    multicall: async () => {
      state.reads++
      if (state.fail) throw new Error('node down')
      return [
        { status: 'success', result: 8 },
        { status: 'success', result: [1n, state.answer, 0n, BigInt(Math.floor(clock.now() / 1000)), 1n] },
      ]
    },
  } as unknown as PublicClient
  return { state, config: { reference: 1, client, tokens: [], feeds: [{ key: 'native', address: FEED }] } as const }
}

describe('EvmPrices', () => {
  it("reads a chain's feeds once within their 10 s, again after, and keeps no failure", async () => {
    const clock = new ManualClock(Date.parse('2026-12-06T00:00:00Z'))
    const { state, config } = chain(clock)
    const prices = new EvmPrices([config], clock)
    const native = async () => (await prices.usd(1)).get(NATIVE_TOKEN.toLowerCase())
    expect(await native()).toBe(2500)
    state.answer = 2600n * 10n ** 8n
    expect(await native()).toBe(2500)
    expect(state.reads).toBe(1)

    clock.advance(FEED_ANSWER_TTL_MS)
    expect(await native()).toBe(2600)
    expect(state.reads).toBe(2)

    clock.advance(FEED_ANSWER_TTL_MS)
    state.fail = true
    await expect(prices.usd(1)).rejects.toThrow('node down')
    state.fail = false
    expect(await native()).toBe(2600)
    expect(state.reads).toBe(4)
  })

  it('prices nothing on a chain it does not read', async () => {
    const clock = new ManualClock(0)
    expect(await new EvmPrices([], clock).usd(5)).toEqual(new Map())
  })
})
