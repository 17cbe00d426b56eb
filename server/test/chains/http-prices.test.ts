/**
 * The host's price endpoint: its prices by CAIP-10 key, kept a minute (one request for many reads),
 * anything that is not a positive number dropped; an endpoint that fails, answers malformed JSON or
 * something else than an object gives no prices, never a made-up one, and is asked again next time.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpPrices } from '../../src/chains/http-prices.js'
import { ManualClock } from '../../src/clock.js'

let server: Server
let base = ''
let asked = 0
const answers: Record<string, { status: number; body: string }> = {
  '/good': { status: 200, body: JSON.stringify({ 'eip155:1:0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48': 1, 'eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE': 2500, EUR: 1.08, 'solana:abc:native': 150, 'eip155:1:0x0000000000000000000000000000000000000001': -3, 'eip155:1:0x0000000000000000000000000000000000000002': 'lots' }) },
  '/down': { status: 503, body: 'down' },
  '/malformed': { status: 200, body: '{"eip155:1:0x' },
  '/array': { status: 200, body: '[1, 2]' },
}

beforeAll(async () => {
  server = createServer((request, response) => {
    asked += 1
    const answer = answers[request.url ?? ''] ?? { status: 404, body: '' }
    response.statusCode = answer.status
    response.end(answer.body)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => void server?.close())

describe('prices from the host’s endpoint', () => {
  it('gives each chain its prices by address (lower-cased) or mint, drops what is no positive number, and asks once a minute', async () => {
    const clock = new ManualClock(Date.now())
    const prices = new HttpPrices(`${base}/good`, clock)
    asked = 0
    expect(Object.fromEntries(await prices.of('eip155:1'))).toEqual({ '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48': 1, '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee': 2500 })
    expect(Object.fromEntries(await prices.of('solana:abc'))).toEqual({ native: 150 })
    expect((await prices.all()).get('EUR')).toBe(1.08)
    expect(asked).toBe(1)
    clock.advance(61_000)
    await prices.all()
    expect(asked).toBe(2)
  })

  it('gives no prices from an endpoint that fails or answers nonsense, and asks again next time', async () => {
    const errors: unknown[] = []
    for (const path of ['/down', '/malformed', '/array']) {
      const prices = new HttpPrices(`${base}${path}`, new ManualClock(Date.now()), { onError: (error) => errors.push(error) })
      asked = 0
      expect((await prices.all()).size).toBe(0)
      await prices.all()
      expect(asked).toBe(2)
    }
    expect(errors).toHaveLength(6)
  })
})
