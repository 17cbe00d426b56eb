import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildServer } from '../src/app.js'
import type { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { ENGINES } from './engines.js'
import { migratedDatabase, SDK, serverWithProject } from './support.js'

describe.each(ENGINES)('rate limits on $name', ({ open }) => {
  let db: Database
  let replicas: FastifyInstance[]
  let clock: ManualClock

  beforeAll(async () => {
    db = await migratedDatabase(open)
    const limits = { requestsPerMinute: 3, bodyLimitBytes: 65_536 }
    const first = await serverWithProject(db, { limits })
    clock = first.clock
    // A second replica on the same database and clock.
    const second = await buildServer({ config: { ...DEFAULT_CONFIG, limits }, db, clock })
    replicas = [first.app, second]
  })
  afterAll(async () => {
    for (const app of replicas) await app.close()
    await db.close()
  })

  it('are shared by every replica, say when to come back, and start again in the next window', async () => {
    const answers = []
    for (let i = 0; i < 5; i++) answers.push(await replicas[i % 2]!.inject(`/getAnalyticsConfig?projectId=wg-test&${SDK}`))
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429])
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0)
    expect(answers[3]!.json().message).toMatch(/Too many requests/)
    clock.advance(60_000)
    expect((await replicas[1]!.inject(`/getAnalyticsConfig?projectId=wg-test&${SDK}`)).statusCode).toBe(200)
  })

  it('count each project on its own', async () => {
    let last = 0
    for (let i = 0; i < 3; i++) last = (await replicas[0]!.inject(`/getAnalyticsConfig?projectId=wg-test&${SDK}`)).statusCode
    expect(last).toBe(429)
    const other = await replicas[0]!.inject('/getAnalyticsConfig?projectId=other-project&st=walletgate&sv=x')
    // Its own count (then the guard's 403: the project does not exist), not the 429 of wg-test.
    expect(other.statusCode).toBe(403)
  })
})
