/** The WalletCatalogue contract, run against FetchWalletCatalogue (devnet) and InMemoryWalletCatalogue. */
import { beforeAll, describe, expect, it } from 'vitest'
import type { WalletCatalogue } from '../../../src/ports/wallet-catalogue'

export interface WalletCatalogueWorld {
  readonly catalogue: WalletCatalogue
}

export function walletCatalogueContract(label: string, makeWorld: () => Promise<WalletCatalogueWorld>): void {
  describe(`WalletCatalogue contract: ${label}`, () => {
    let catalogue: WalletCatalogue

    beforeAll(async () => {
      ;({ catalogue } = await makeWorld())
    })

    it('pages wallets 40 at a time, ordered by order, with the total count', async () => {
      const first = await catalogue.getWallets({ page: 1 })
      const second = await catalogue.getWallets({ page: 2 })
      expect(first.data).toHaveLength(40)
      expect(first.count).toBeGreaterThan(80)
      expect(second.count).toBe(first.count)
      const orders = [...first.data, ...second.data].map((w) => w.order)
      expect(orders).toEqual([...orders].sort((a, b) => a - b))
      const firstIds = new Set(first.data.map((w) => w.id))
      expect(second.data.some((w) => firstIds.has(w.id))).toBe(false)
    })

    it('honours a smaller page size', async () => {
      const page = await catalogue.getWallets({ page: 3, entries: 7 })
      const all = await catalogue.getWallets({ page: 1, entries: 21 })
      expect(page.data.map((w) => w.id)).toEqual(all.data.slice(14, 21).map((w) => w.id))
    })

    it('recommends the first 4 wallets', async () => {
      const recommended = await catalogue.getRecommendedWallets()
      const first = await catalogue.getWallets({ page: 1 })
      expect(recommended.data.map((w) => w.id)).toEqual(first.data.slice(0, 4).map((w) => w.id))
    })

    it('searches by name, at most 100 results', async () => {
      const first = await catalogue.getWallets({ page: 1 })
      const wanted = first.data[5]!
      const found = await catalogue.searchWallets(wanted.name)
      expect(found.data.map((w) => w.id)).toContain(wanted.id)
      expect(found.data.length).toBeLessThanOrEqual(100)
      const none = await catalogue.searchWallets('no wallet is called this zzzz')
      expect(none).toEqual({ count: 0, data: [] })
    })

    it('applies include and exclude', async () => {
      const first = await catalogue.getWallets({ page: 1 })
      const [a, b, c] = first.data as [(typeof first.data)[0], (typeof first.data)[0], (typeof first.data)[0]]
      const included = await catalogue.getWallets({ page: 1, include: [b.id, c.id] })
      expect(included.data.map((w) => w.id).sort()).toEqual([b.id, c.id].sort())
      expect(included.count).toBe(2)
      const excluded = await catalogue.getRecommendedWallets({ exclude: [a.id] })
      expect(excluded.data.map((w) => w.id)).not.toContain(a.id)
      expect(excluded.data).toHaveLength(4)
    })

    it('gives absolute image URLs without a request', () => {
      for (const url of [
        catalogue.walletImageUrl('img-1'),
        catalogue.assetImageUrl('img-1'),
        catalogue.currencyImageUrl('img-1'),
        catalogue.tokenImageUrl('img-1'),
      ]) {
        expect(new URL(url).pathname.endsWith('/img-1')).toBe(true)
      }
      expect(new URL(catalogue.walletImageUrl('x')).pathname).toBe('/getWalletImage/x')
      expect(new URL(catalogue.assetImageUrl('x')).pathname).toBe('/public/getAssetImage/x')
      expect(new URL(catalogue.currencyImageUrl('x')).pathname).toBe('/public/getCurrencyImage/x')
      expect(new URL(catalogue.tokenImageUrl('x')).pathname).toBe('/public/getTokenImage/x')
    })

    it('reads the project config, allowed origins and analytics config', async () => {
      const features = await catalogue.getProjectConfig()
      expect(features.length).toBeGreaterThan(0)
      for (const f of features) {
        expect(typeof f.id).toBe('string')
        expect(typeof f.isEnabled).toBe('boolean')
      }
      const origins = await catalogue.getAllowedOrigins()
      expect(origins.length).toBeGreaterThan(0)
      for (const o of origins) expect(typeof o).toBe('string')
      const analytics = await catalogue.getAnalyticsConfig()
      expect(typeof analytics.isAnalyticsEnabled).toBe('boolean')
      expect(typeof analytics.isAppKitAuthEnabled).toBe('boolean')
    })

    it('rejects with the signal reason when the caller has aborted', async () => {
      await expect(catalogue.getWallets({ page: 1 }, { signal: AbortSignal.abort() })).rejects.toMatchObject({
        name: 'AbortError',
      })
    })
  })
}
