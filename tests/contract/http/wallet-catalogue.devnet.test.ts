import { describe, expect, it } from 'vitest'
import { FetchWalletCatalogue } from '../../../src/infrastructure/http/fetch-wallet-catalogue'
import { devnetHttpClient } from './devnet'
import { walletCatalogueContract } from './wallet-catalogue.contract'

walletCatalogueContract('FetchWalletCatalogue over HTTP to the devnet', () =>
  Promise.resolve({ catalogue: new FetchWalletCatalogue(devnetHttpClient()) }),
)

describe('FetchWalletCatalogue images on the devnet', () => {
  it('points at images the service serves as SVG, with the identity query', async () => {
    const catalogue = new FetchWalletCatalogue(devnetHttpClient())
    const wallet = (await catalogue.getWallets({ page: 1, entries: 1 })).data[0]!
    const urls = [
      catalogue.walletImageUrl(wallet.image_id),
      catalogue.assetImageUrl('eip155-31337'),
      catalogue.currencyImageUrl('USD'),
      catalogue.tokenImageUrl('ETH'),
    ]
    for (const url of urls) {
      expect(new URL(url).searchParams.get('projectId')).not.toBeNull()
      const response = await fetch(url)
      expect(response.status, url).toBe(200)
      expect(response.headers.get('content-type')).toContain('image/svg+xml')
      expect(await response.text()).toContain('<svg')
    }
  })
})
