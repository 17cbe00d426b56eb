/** Links from the catalogue pass the allow-list before any row offers them. */
import { describe, expect, it } from 'vitest'
import { getWalletUrl, listingRow } from '../../../../src/application/connection/connect-rows'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../../src/domain/connection/connectors'
import { aConnector } from '../../../builders/a-connector'
import { aWalletListing } from '../../../fakes/in-memory-wallet-catalogue'

const catalogue = { walletImageUrl: (id: string) => `https://catalogue.example/${id}` }
const walletConnect = [aConnector({ id: WALLETCONNECT_CONNECTOR_ID, name: 'WalletConnect', type: 'MULTI_CHAIN' })]

describe('catalogue links in wallet rows', () => {
  it('hostile mobile and desktop links are dropped: the wallet is no WalletConnect target', () => {
    for (const [mobile, desktop] of [
      ['ms-msdt:/id PCWDiagnostic', 'javascript:alert(1)'],
      ['intent://wc#Intent;scheme=evil;end', 'file:///C:/Windows/System32/calc.exe'],
      [' JavaScript:alert(1)', 'http://wallet.example/'],
    ] as const) {
      const row = listingRow(aWalletListing({ id: 'w', mobile_link: mobile, desktop_link: desktop }), walletConnect, catalogue)
      expect(row.kind === 'wallet' ? row.walletConnect : 'connector').toBeUndefined()
    }
  })

  it('a custom scheme and a universal link are kept', () => {
    const row = listingRow(aWalletListing({ id: 'w', mobile_link: 'rainbow://', desktop_link: 'https://app.wallet.example' }), walletConnect, catalogue)
    expect(row.kind === 'wallet' ? row.walletConnect : undefined).toMatchObject({ mobileLink: 'rainbow://', desktopLink: 'https://app.wallet.example' })
  })

  it('only one of the two links refused keeps the other', () => {
    const row = listingRow(aWalletListing({ id: 'w', mobile_link: 'ms-officecmd:x', desktop_link: 'wallet-desktop://' }), walletConnect, catalogue)
    const target = row.kind === 'wallet' ? row.walletConnect : undefined
    expect(target?.mobileLink).toBeUndefined()
    expect(target?.desktopLink).toBe('wallet-desktop://')
  })

  it('the "get this wallet" link is https (or http on this machine) only', () => {
    expect(getWalletUrl({ chrome_store: 'javascript:alert(1)', homepage: 'https://wallet.example' })).toBe('https://wallet.example')
    expect(getWalletUrl({ chrome_store: null, homepage: 'http://wallet.example' })).toBeUndefined()
    expect(getWalletUrl({ chrome_store: null, homepage: 'http://localhost:5173' })).toBe('http://localhost:5173')
    expect(getWalletUrl({ chrome_store: null, homepage: 'data:text/html,x' })).toBeUndefined()
  })
})
