/**
 * Attacks on the devnet's test switches (devnet/src/service/devnet-plugin.ts), which can kill chains,
 * break every answer and move the server's clock: a caller without the admin token, with a wrong
 * one, with one that starts or ends like it, or from another machine gets nothing; and the server
 * without the devnet's plugin (what the package builds) has no such route at all.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildServer } from '../../server/src/app.js'
import { ManualClock } from '../../server/src/clock.js'
import { DEFAULT_CONFIG } from '../../server/src/config.js'
import type { Database } from '../../server/src/db/database.js'
import { migratedDatabase } from '../../server/test/support.js'
import { Router } from '../../devnet/src/service/http'
import { devnetPlugin } from '../../devnet/src/service/devnet-plugin'
import { DevnetClock } from '../../devnet/src/service/server'

const TOKEN = 'devnet-admin-token-0123456789abcdef'
let db: Database
let devnet: FastifyInstance
let product: FastifyInstance

beforeAll(async () => {
  db = await migratedDatabase()
  const plugin = devnetPlugin({ router: new Router(), clock: new DevnetClock(), adminToken: TOKEN, control: () => undefined })
  devnet = await buildServer({ config: DEFAULT_CONFIG, db, clock: new ManualClock(), plugins: [plugin.register] })
  product = await buildServer({ config: DEFAULT_CONFIG, db, clock: new ManualClock() })
}, 60_000)
afterAll(async () => {
  await devnet?.close()
  await product?.close()
  await db?.close()
})

const fault = { path: '/v1/', kind: '500', count: 1 }

describe('the devnet admin switches', () => {
  it.each([
    ['no token', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['the token without its last character', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token with more after it', `Bearer ${TOKEN}x`],
    ['the token as a Basic credential', `Basic ${TOKEN}`],
    ['the token with nothing but its scheme', 'Bearer '],
  ])('refuse %s, and inject no fault', async (_, authorization) => {
    const answer = await devnet.inject({ method: 'POST', url: '/__admin/faults', payload: fault, headers: authorization === undefined ? {} : { authorization } })
    expect(answer.statusCode).toBe(401)
    const listed = await devnet.inject({ url: '/__admin/faults', headers: { authorization: `Bearer ${TOKEN}` } })
    expect(listed.json()).toEqual({ faults: [] })
  })

  it('refuse a caller on another machine, even with the token', async () => {
    const answer = await devnet.inject({ method: 'POST', url: '/__admin/faults', payload: fault, headers: { authorization: `Bearer ${TOKEN}` }, remoteAddress: '203.0.113.9' })
    expect(answer.statusCode).toBe(403)
  })

  it('answer a loopback caller with the token', async () => {
    const answer = await devnet.inject({ method: 'POST', url: '/__admin/clock', payload: { advanceMs: 1000 }, headers: { authorization: `Bearer ${TOKEN}` } })
    expect(answer.statusCode).toBe(200)
  })

  it('do not exist on the server the package builds', async () => {
    for (const path of ['/__admin/faults', '/__admin/analytics', '/__admin/requests', '/__admin/chains', '/__admin/clock']) {
      expect((await product.inject({ url: path, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404)
    }
  })
})
