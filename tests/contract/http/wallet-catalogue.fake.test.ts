import { aWalletListing, InMemoryWalletCatalogue } from '../../fakes/in-memory-wallet-catalogue'
import { walletCatalogueContract } from './wallet-catalogue.contract'

walletCatalogueContract('InMemoryWalletCatalogue', () => {
  const wallets = Array.from({ length: 120 }, (_, i) =>
    aWalletListing({ id: `w${String(i).padStart(3, '0')}`, name: `Wallet Number ${i}`, order: i + 1 }),
  )
  return Promise.resolve({
    catalogue: new InMemoryWalletCatalogue({
      wallets: [...wallets].reverse(),
      features: [{ id: 'swap', isEnabled: true, config: ['1inch'] }],
      allowedOrigins: ['http://127.0.0.1'],
    }),
  })
})
