import { describe, expect, it } from 'vitest'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'
import { FetchWalletCatalogue } from '../../../../src/infrastructure/http/fetch-wallet-catalogue'
import { aWalletListing } from '../../../fakes/in-memory-wallet-catalogue'
import { json, routedFetch } from './routed-fetch'

describe('FetchWalletCatalogue: untrusted names', () => {
  it('a catalogue wallet name is bounded to 64 characters, like an announced one', async () => {
    const huge = aWalletListing({ id: 'huge', name: `  ${'N'.repeat(5_000_000)}` })
    const plain = aWalletListing({ id: 'plain', name: 'Plain Wallet' })
    const { fetchFn } = routedFetch({ 'GET /getWallets': () => json({ count: 2, data: [huge, plain] }) })
    const catalogue = new FetchWalletCatalogue(new FetchHttpClient({ baseUrl: 'http://svc.test', projectId: 'p', sdkVersion: 'walletgate-0.1.0', fetch: fetchFn }))
    const page = await catalogue.getWallets({ page: 1 })
    expect(page.data.map((w) => w.name)).toEqual(['N'.repeat(64), 'Plain Wallet'])
  })
})
