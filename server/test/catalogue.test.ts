import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CatalogueFileError, WalletCatalogue, type Wallet } from '../src/catalogue.js'
import type { Database } from '../src/db/database.js'
import { ENGINES } from './engines.js'
import { migratedDatabase, SDK, serverWithProject } from './support.js'

function wallet(n: number, name = `Wallet ${String(n).padStart(3, '0')}`): Wallet {
  return {
    id: `w${n}`,
    name,
    homepage: `https://w${n}.example`,
    image_id: `img-${n}`,
    order: 1000 - n,
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    injected: n === 1 ? [{ injected_id: 'io.rabby', namespace: 'eip155' }] : null,
    chains: ['eip155:1'],
  }
}

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><script>alert(1)</script></svg>'
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='

function catalogueOf(count: number) {
  const wallets = Array.from({ length: count }, (_, i) => wallet(i + 1))
  wallets[2] = wallet(3, 'Rabby Desk')
  const images = Object.fromEntries(wallets.map((w, i) => [w.image_id, i === 0 ? { type: 'image/png' as const, base64: PNG_1PX } : { type: 'image/svg+xml' as const, svg: SVG }]))
  return { wallets, images }
}

describe.each(ENGINES)('the wallet catalogue on $name', ({ open }) => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await migratedDatabase(open)
    ;({ app } = await serverWithProject(db))
    expect(await new WalletCatalogue(db).replace(catalogueOf(105))).toEqual({ wallets: 105, images: 105 })
  }, 120_000)
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const wallets = async (query: string) => {
    const answer = await app.inject(`/getWallets?projectId=wg-test&${SDK}${query}`)
    expect(answer.statusCode).toBe(200)
    return answer.json() as { count: number; data: Wallet[] }
  }

  it('answers pages in catalogue order, at most 100 wallets a page', async () => {
    const first = await wallets('&entries=5')
    expect(first.count).toBe(105)
    expect(first.data.map((w) => w.id)).toEqual(['w105', 'w104', 'w103', 'w102', 'w101'])
    expect((await wallets('&page=2&entries=5')).data.map((w) => w.id)).toEqual(['w100', 'w99', 'w98', 'w97', 'w96'])
    expect((await wallets('&entries=500')).data).toHaveLength(100)
    expect((await wallets('')).data).toHaveLength(40)
    expect((await wallets('&entries=5')).data[0]).toEqual(wallet(105))
  })

  it('searches names, includes and excludes by id', async () => {
    expect((await wallets('&search=rabby')).data.map((w) => w.id)).toEqual(['w3'])
    expect((await wallets(`&search=${encodeURIComponent("%' OR 1=1 --")}`)).count).toBe(0)
    expect((await wallets('&include=w1,w2,w3&exclude=w2')).data.map((w) => w.id)).toEqual(['w3', 'w1'])
  })

  it.each(['page=0', 'page=x', 'entries=-1', 'entries=1e3'])('refuses %s with 400', async (query) => {
    expect((await app.inject(`/getWallets?projectId=wg-test&${SDK}&${query}`)).statusCode).toBe(400)
  })

  it('serves images to any page of a known project, cached, an SVG unable to run anything', async () => {
    const svg = await app.inject('/getWalletImage/img-2?projectId=wg-test')
    expect(svg.statusCode).toBe(200)
    expect(svg.headers['content-type']).toBe('image/svg+xml')
    expect(svg.headers['cache-control']).toBe('public, max-age=86400')
    expect(svg.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox")
    expect(svg.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expect(svg.body).toBe(SVG)
    const png = await app.inject('/getWalletImage/img-1?projectId=wg-test')
    expect(png.headers['content-type']).toBe('image/png')
    expect(png.rawPayload.equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true)
    expect((await app.inject('/getWalletImage/img-999?projectId=wg-test')).statusCode).toBe(404)
    expect((await app.inject('/getWalletImage/img-1?projectId=nope')).statusCode).toBe(403)
    expect((await app.inject('/getWalletImage/img-1')).statusCode).toBe(403)
  })

  it('is replaced whole or not at all: a file with a wallet missing its image changes nothing', async () => {
    const broken = catalogueOf(2)
    delete (broken.images as Record<string, unknown>)['img-2']
    await expect(new WalletCatalogue(db).replace(broken)).rejects.toThrow(CatalogueFileError)
    await expect(new WalletCatalogue(db).replace({ wallets: [{ id: 'x' }], images: {} })).rejects.toThrow(/wallets\.0/)
    expect((await wallets('&entries=1')).count).toBe(105)
  })
})
