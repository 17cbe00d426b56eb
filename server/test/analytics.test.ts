import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { AnalyticsEvents, DAY_MS } from '../src/analytics.js'
import type { ManualClock } from '../src/clock.js'
import type { Database } from '../src/db/database.js'
import { ENGINES } from './engines.js'
import { migrate } from '../src/db/migrations.js'
import { migratedDatabase, SDK, serverWithProject } from './support.js'

const event = (eventId: string) => ({ eventId, url: 'https://app.example/shop', domain: 'app.example', timestamp: Date.UTC(2026, 0, 1), props: { type: 'track', event: 'MODAL_OPEN' } })

describe.each(ENGINES)('analytics on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance
  let clock: ManualClock

  beforeAll(async () => {
    db = await migratedDatabase(open)
    ;({ app, clock } = await serverWithProject(db))
  })
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const post = (body: unknown, headers: Record<string, string> = { origin: 'https://app.example' }) =>
    app.inject({ method: 'POST', url: `/e?projectId=wg-test&${SDK}`, payload: body as object, headers })

  it('stores an event once, however often it is sent again, and keeps no address', async () => {
    expect((await post(event('e-1'))).statusCode).toBe(202)
    expect((await post(event('e-1'))).json()).toEqual({ accepted: true })
    expect((await post(event('e-2'))).statusCode).toBe(202)
    const events = new AnalyticsEvents(db, clock)
    expect((await events.list('wg-test')).map((e) => e.eventId)).toEqual(['e-1', 'e-2'])
    const columns = await db.query<{ column_name: string }>("SELECT column_name FROM information_schema.columns WHERE table_name = 'analytics_events'")
    expect(columns.rows.map((c) => c.column_name).filter((name) => /ip|address|agent/.test(name))).toEqual([])
  })

  it('refuses a body that is not an event, and a page of another origin, storing nothing', async () => {
    const before = (await new AnalyticsEvents(db, clock).list('wg-test')).length
    const malformed = await post({ eventId: 'x', props: 'nope' })
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json().message).toMatch(/Expected an analytics event/)
    // A field no event has is named as such, and the caller's own text is not repeated back.
    const extra = await post({ ...event('e-4'), '<img src=x>': 1 })
    expect([extra.statusCode, extra.json()]).toEqual([400, { message: 'Expected an analytics event: Unknown body field' }])
    expect((await app.inject({ method: 'POST', url: `/e?projectId=wg-test&${SDK}`, payload: '{"eventId":', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400)
    expect((await post(event('e-3'), { origin: 'https://evil.example' })).statusCode).toBe(403)
    expect((await new AnalyticsEvents(db, clock).list('wg-test')).length).toBe(before)
  })

  it('deletes events older than the retention period', async () => {
    const events = new AnalyticsEvents(db, clock)
    clock.advance(89 * DAY_MS)
    expect((await post(event('recent'))).statusCode).toBe(202)
    clock.advance(2 * DAY_MS)
    // e-1 and e-2 are 91 days old now, 'recent' 2 days.
    expect(await events.prune(90)).toBe(2)
    expect((await events.list('wg-test')).map((e) => e.eventId)).toEqual(['recent'])
  })
})

describe.each(ENGINES)('analytics events on $name', ({ durable }) => {
  it('outlive a restart of the server and its database, and a resend after it is not counted twice', async () => {
    const place = await durable()
    try {
      let db = await place.open()
      await migrate(db)
      const first = await serverWithProject(db)
      const send = (app: FastifyInstance) => app.inject({ method: 'POST', url: `/e?projectId=wg-test&${SDK}`, payload: event('kept'), headers: { origin: 'https://app.example' } })
      expect((await send(first.app)).statusCode).toBe(202)
      await first.app.close()
      await db.close()

      db = await place.open()
      const again = await serverWithProject(db)
      expect((await send(again.app)).statusCode).toBe(202)
      expect((await new AnalyticsEvents(db, again.clock).list('wg-test')).map((e) => e.eventId)).toEqual(['kept'])
      await again.app.close()
      await db.close()
    } finally {
      place.remove()
    }
  })
})
