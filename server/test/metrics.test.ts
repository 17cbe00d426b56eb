import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildServer } from '../src/app.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { migratedDatabase } from './support.js'

let db: Database
let app: FastifyInstance

beforeAll(async () => {
  db = await migratedDatabase()
  app = await buildServer({ config: DEFAULT_CONFIG, db, clock: new ManualClock(), metricsToken: 'metrics-token-123' })
})
afterAll(async () => {
  await app.close()
  await db.close()
})

describe('/metrics', () => {
  it('counts requests by route pattern, for the token holder only', async () => {
    await app.inject('/healthz')
    await app.inject('/getWalletImage/some-image?projectId=nope')
    await app.inject('/probe-for-admin-panel-8472')
    expect((await app.inject('/metrics')).statusCode).toBe(401)
    expect((await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-124' } })).statusCode).toBe(401)
    const answer = await app.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-123' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toContain('walletgate_http_requests_total{method="GET",route="/healthz",status="200"} 1')
    expect(answer.body).toContain('route="/getWalletImage/:imageId",status="403"')
    expect(answer.body).not.toContain('probe-for-admin-panel')
    expect(answer.body).toContain('walletgate_http_request_duration_seconds_bucket')
  })

  it('does not exist without a token', async () => {
    const plain = await buildServer({ config: DEFAULT_CONFIG, db, clock: new ManualClock() })
    expect((await plain.inject('/metrics')).statusCode).toBe(404)
    await plain.close()
  })
})
