/**
 * Attacks on walletgate-server's project guard (server/src/app.ts): a page of another origin that
 * looks like an allowed one, a query that tries to smuggle a second project or SQL, and a client
 * that spoofs X-Forwarded-For to escape its rate limit. Each fails without the guard's defence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../server/src/db/database.js'
import { migratedDatabase, SDK, serverWithProject } from '../../server/test/support.js'

let db: Database
let app: FastifyInstance
/** The same server with a limit of 3 calls a minute per project and client, on a database of its own. */
let limitedDb: Database
let limited: FastifyInstance

beforeAll(async () => {
  db = await migratedDatabase()
  ;({ app } = await serverWithProject(db))
  limitedDb = await migratedDatabase()
  ;({ app: limited } = await serverWithProject(limitedDb, { limits: { requestsPerMinute: 3, bodyLimitBytes: 65_536 } }))
}, 60_000)
afterAll(async () => {
  await app?.close()
  await limited?.close()
  await db?.close()
  await limitedDb?.close()
})

const call = (headers: Record<string, string>, query = `projectId=wg-test&${SDK}`, server = app) => server.inject({ url: `/projects/v1/origins?${query}`, headers })

describe('a page origin that looks right is not the allowed one', () => {
  it.each([
    ['a longer host that starts the same', 'https://app.example.evil.test'],
    ['a host that ends the same', 'https://evil-app.example'],
    ['the opaque origin of a sandboxed frame or a file', 'null'],
    ['another port', 'https://app.example:8443'],
    ['plain http', 'http://app.example'],
    ['a trailing slash', 'https://app.example/'],
  ])('%s (%s) gets 403 and no CORS grant', async (_, origin) => {
    const answer = await call({ origin })
    expect(answer.statusCode).toBe(403)
    expect(answer.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('the query names one project, as data', () => {
  it('refuses two projectIds rather than pick one', async () => {
    const answer = await call({}, `projectId=nope&projectId=wg-test&${SDK}`)
    expect(answer.statusCode).toBe(400)
  })

  it('treats SQL in the project id as a name nobody has', async () => {
    const answer = await call({}, `projectId=${encodeURIComponent("wg-test' OR '1'='1")}&${SDK}`)
    expect(answer.statusCode).toBe(403)
  })
})

describe('X-Forwarded-For from a peer that is not a trusted proxy', () => {
  it('does not give a client a fresh rate limit', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await call({ 'x-forwarded-for': `203.0.113.${i}` }, `projectId=wg-test&${SDK}`, limited)).statusCode)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
  })
})
