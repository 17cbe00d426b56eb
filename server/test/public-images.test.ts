/**
 * The network, currency and token image routes (src/public-images.ts): the catalogue file's image
 * first, then the deployment's own source, else 404; only for a known project, as an <img> asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { WalletCatalogue } from '../src/catalogue.js'
import type { Database } from '../src/db/database.js'
import { PUBLIC_IMAGES } from '../src/public-images.js'
import { migratedDatabase, serverWithProject } from './support.js'

let db: Database
let app: FastifyInstance
let bare: FastifyInstance
const drawn: string[] = []

beforeAll(async () => {
  db = await migratedDatabase()
  await new WalletCatalogue(db).replace({ wallets: [], images: { 'token:ETH': { type: 'image/svg+xml', svg: '<svg id="from-file"/>' } } })
  ;({ app } = await serverWithProject(db, {}, {
    images: (kind, id) => {
      drawn.push(`${kind}:${id}`)
      return id === 'nothing' ? undefined : { type: 'image/svg+xml', body: `<svg id="drawn-${kind}"/>` }
    },
  }))
  bare = (await serverWithProject(await migratedDatabase())).app
}, 60_000)
afterAll(async () => {
  await app?.close()
  await bare?.close()
  await db?.close()
})

describe('a public image', () => {
  it("comes from the catalogue file when it has one, with the image routes' headers", async () => {
    const answer = await app.inject({ url: '/public/getTokenImage/ETH?projectId=wg-test' })
    expect(answer.statusCode).toBe(200)
    expect(answer.body).toBe('<svg id="from-file"/>')
    expect(answer.headers['content-type']).toBe('image/svg+xml')
    expect(answer.headers['cache-control']).toBe('public, max-age=86400')
    expect(answer.headers['content-security-policy']).toContain('sandbox')
    expect(drawn).not.toContain('token:ETH')
  })

  it("comes from the deployment's own source for each kind otherwise, and is 404 when neither has it", async () => {
    for (const [route, kind] of Object.entries(PUBLIC_IMAGES)) {
      const answer = await app.inject({ url: `/public/${route}/x1?projectId=wg-test` })
      expect(answer.body).toBe(`<svg id="drawn-${kind}"/>`)
    }
    expect((await app.inject({ url: '/public/getTokenImage/nothing?projectId=wg-test' })).statusCode).toBe(404)
    expect((await bare.inject({ url: '/public/getTokenImage/ETH?projectId=wg-test' })).statusCode).toBe(404)
  })

  it('is refused without a known project', async () => {
    expect((await app.inject({ url: '/public/getTokenImage/ETH' })).statusCode).toBe(403)
    expect((await app.inject({ url: '/public/getTokenImage/ETH?projectId=nobody' })).statusCode).toBe(403)
  })
})
