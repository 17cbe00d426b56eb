import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildServer } from '../src/app.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { Projects } from '../src/projects.js'
import { ENGINES } from './engines.js'
import { migratedDatabase, SDK, serverWithProject } from './support.js'

describe.each(ENGINES)('the server on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await migratedDatabase(open)
    ;({ app } = await serverWithProject(db))
  })
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  describe('health', () => {
    it('says the process is up, and ready once the database answers at the latest schema', async () => {
      expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' })
      const ready = await app.inject('/readyz')
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({ status: 'ok', database: db.engine })
    })

    it('is not ready on a database that was not migrated', async () => {
      const empty = await open()
      const server = await buildServer({ config: DEFAULT_CONFIG, db: empty, clock: new ManualClock() })
      const ready = await server.inject('/readyz')
      expect(ready.statusCode).toBe(503)
      expect(ready.json()).toMatchObject({ status: 'migrating', schema: 0 })
      await server.close()
      await empty.close()
    })
  })

  describe('the project guard', () => {
    it('answers a known project its origins', async () => {
      const answer = await app.inject(`/projects/v1/origins?projectId=wg-test&${SDK}`)
      expect(answer.statusCode).toBe(200)
      expect(answer.json()).toEqual({ allowedOrigins: ['https://app.example'] })
    })

    it.each(['projectId', 'st', 'sv'])('refuses a call without %s with 400 and the wire error shape', async (name) => {
      const query = new URLSearchParams({ projectId: 'wg-test', st: 'walletgate', sv: 'walletgate-0.1.0' })
      query.delete(name)
      const answer = await app.inject(`/getAnalyticsConfig?${query}`)
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toEqual({ message: `Missing query parameter ${name}` })
    })

    it('answers the project\'s features, on unless the project turned them off', async () => {
      const features = async () =>
        ((await app.inject(`/appkit/v1/config?projectId=wg-test&${SDK}`)).json() as { features: { id: string; isEnabled: boolean; config: unknown }[] }).features
      expect((await features()).every((f) => f.isEnabled)).toBe(true)
      expect((await features()).find((f) => f.id === 'swap')?.config).toEqual(['1inch'])
      await new Projects(db, new ManualClock()).setDisabledFeatures('wg-test', ['swap', 'onramp'])
      expect((await features()).filter((f) => !f.isEnabled).map((f) => f.id)).toEqual(['swap', 'onramp'])
      await new Projects(db, new ManualClock()).setDisabledFeatures('wg-test', [])
      await expect(new Projects(db, new ManualClock()).setDisabledFeatures('wg-test', ['teleport'])).rejects.toThrow(/unknown features: teleport/)
    })

    it('refuses an unknown project with 403 (the modal shows its alert)', async () => {
      const answer = await app.inject(`/projects/v1/origins?projectId=nope&${SDK}`)
      expect(answer.statusCode).toBe(403)
      expect(answer.json().message).toMatch(/not allowed/)
    })

    it('lets a page of an allowed origin read the answer (CORS), and no other page', async () => {
      const allowed = await app.inject({ url: `/getAnalyticsConfig?projectId=wg-test&${SDK}`, headers: { origin: 'https://app.example' } })
      expect(allowed.statusCode).toBe(200)
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example')
      const preflight = await app.inject({
        method: 'OPTIONS',
        url: `/getAnalyticsConfig?projectId=wg-test&${SDK}`,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      })
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    })

    it('answers 404 in the wire shape and never shows a stack', async () => {
      const answer = await app.inject('/v1/nothing-here')
      expect(answer.statusCode).toBe(404)
      expect(answer.json()).toEqual({ message: 'Not found' })
    })

    it('sends the security headers', async () => {
      const answer = await app.inject('/healthz')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.headers['strict-transport-security']).toBeDefined()
    })
  })
})
