import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { SERVER_VERSION } from '../src/app.js'
import type { Database } from '../src/db/database.js'
import { ROUTES } from '../src/openapi.js'
import { migratedDatabase, SDK, serverWithProject } from './support.js'

let db: Database
let app: FastifyInstance

beforeAll(async () => {
  db = await migratedDatabase()
  ;({ app } = await serverWithProject(db))
})
afterAll(async () => {
  await app.close()
  await db.close()
})

const EVENT = { eventId: 'openapi-1', url: 'https://app.example/', domain: 'app.example', timestamp: 1, props: { type: 'track', event: 'MODAL_OPEN' } }

describe('/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document of this version', async () => {
    const document = (await app.inject('/openapi.json')).json()
    expect(document).toMatchObject({ openapi: '3.1.0', info: { version: SERVER_VERSION } })
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('says what each route answers: every one answers so', async () => {
    const checked: string[] = []
    for (const [path, methods] of Object.entries(ROUTES)) {
      for (const [method, route] of Object.entries(methods)) {
        if (route === undefined) continue
        const url = route.query === undefined ? path : `${path}?projectId=wg-test&${SDK}`
        const reply = await app.inject({ method: method.toUpperCase() as 'GET' | 'POST', url, ...(route.body === undefined ? {} : { payload: EVENT }) })
        expect([path, reply.statusCode]).toEqual([path, Number(route.ok[0])])
        expect([path, route.ok[1].safeParse(reply.json()).success]).toEqual([path, true])
        checked.push(`${method} ${path}`)
      }
    }
    expect(checked.length).toBe(7)
  })
})
