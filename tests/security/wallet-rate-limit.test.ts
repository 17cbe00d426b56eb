/**
 * Attack: flood the wallet origin (guess codes, hammer the RPC) past its rate limit, by spreading
 * the requests over its replicas or by writing X-Forwarded-For. The limit counts a client's
 * requests in the database, so every replica counts the same ones; only a configured proxy names
 * the client, so a header the client writes changes nothing. Behind that proxy, each visitor
 * counts apart.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../../server/src/clock'
import { buildServer } from '../../server/src/app'
import { DEFAULT_CONFIG } from '../../server/src/config'
import { Projects } from '../../server/src/projects'
import { TALLY_FLUSH_MS } from '../../server/src/rate-limit-store'
import { startWalletOrigin, type TestWalletOrigin } from '../support/wallet-origin'

const PER_MINUTE = 5
const clock = new ManualClock(Date.parse('2026-12-07T12:00:30Z'))
const started: TestWalletOrigin[] = []
afterAll(async () => {
  // Replicas first, then the one that opened the database.
  for (const origin of started.reverse()) await origin.close()
})

async function origin(options: Parameters<typeof startWalletOrigin>[1] = {}): Promise<TestWalletOrigin> {
  const o = await startWalletOrigin(clock, { perMinute: PER_MINUTE, ...options })
  started.push(o)
  return o
}

const chains = (o: TestWalletOrigin, headers: Record<string, string> = {}) => fetch(`${o.url}/v1/chains`, { headers })

describe("the wallet origin's rate limit", () => {
  it("counts a client's requests on every replica: spread over two, the sixth in a minute waits, in the login rules' words", async () => {
    const first = await origin()
    const second = await origin({ db: first.db })
    const answers: number[] = []
    for (let i = 0; i < PER_MINUTE; i++) answers.push((await chains(i % 2 === 0 ? first : second)).status)
    expect(answers).toEqual(Array(PER_MINUTE).fill(200))
    const refused = await chains(second)
    expect(refused.status).toBe(429)
    const body = (await refused.json()) as { message: string; retryAfterSeconds: number }
    expect(body.retryAfterSeconds).toBe(30)
    expect(body.message).toBe('Please try again after 30 seconds')
    // The next minute counts afresh.
    clock.advance(30_000)
    expect((await chains(first)).status).toBe(200)
  })

  it('is not escaped by writing X-Forwarded-For: with no proxy configured, the peer is the client', async () => {
    const o = await origin()
    const statuses: number[] = []
    for (let i = 0; i <= PER_MINUTE; i++) statuses.push((await chains(o, { 'x-forwarded-for': `198.51.100.${i}` })).status)
    expect(statuses.at(-1)).toBe(429)
  })

  it("behind a configured proxy, each visitor the proxy names counts apart", async () => {
    const o = await origin({ trustedProxies: ['127.0.0.1'] })
    for (let i = 0; i < PER_MINUTE; i++) expect((await chains(o, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(200)
    expect((await chains(o, { 'x-forwarded-for': '203.0.113.7' })).status).toBe(429)
    expect((await chains(o, { 'x-forwarded-for': '203.0.113.8' })).status).toBe(200)
  })

  it("is not used up by a project named like the wallet's counter: the API and the wallet count apart", async () => {
    const o = await origin()
    await new Projects(o.db, clock).add('wallet', ['https://app.example'])
    const api = await buildServer({ config: { ...DEFAULT_CONFIG, limits: { ...DEFAULT_CONFIG.limits, requestsPerMinute: 1_000 } }, db: o.db, clock })
    try {
      // The same client (loopback) spends far more than the wallet's limit on project "wallet".
      for (let i = 0; i < PER_MINUTE * 3; i++) {
        const answer = await api.inject({ url: '/getAnalyticsConfig?projectId=wallet&st=walletgate&sv=x', remoteAddress: '127.0.0.1' })
        expect(answer.statusCode).toBe(200)
      }
      // Once the API replica has written its tallies.
      await new Promise((resolve) => setTimeout(resolve, TALLY_FLUSH_MS * 2))
      expect((await chains(o)).status).toBe(200)
    } finally {
      await api.close()
    }
  })
})
