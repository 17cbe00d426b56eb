import { describe, expect, it } from 'vitest'
import {
  hasInjectedOrAnnouncedWallet,
  resolveConnectMethodOrder,
} from '../../../../src/domain/connect/connect-method-order'
import { capRecommendedWallets, resolveConnectorTypeOrder } from '../../../../src/domain/connect/connector-type-order'
import { aConnector } from '../../../builders/a-connector'

describe('connect-method order', () => {
  it('defaults to email, social, wallet', () => {
    expect(resolveConnectMethodOrder({ hasInjectedOrAnnouncedWallet: false })).toEqual(['email', 'social', 'wallet'])
  })

  it('puts wallet first when an injected or announced wallet is present', () => {
    expect(resolveConnectMethodOrder({ hasInjectedOrAnnouncedWallet: true })).toEqual(['wallet', 'email', 'social'])
  })

  it('a configured order wins either way', () => {
    expect(resolveConnectMethodOrder({ configured: ['social', 'wallet', 'email'], hasInjectedOrAnnouncedWallet: true })).toEqual(
      ['social', 'wallet', 'email'],
    )
    expect(resolveConnectMethodOrder({ configured: ['wallet', 'wallet'], hasInjectedOrAnnouncedWallet: false })).toEqual([
      'wallet',
    ])
  })

  it('detects injected and announced wallets among connectors', () => {
    expect(hasInjectedOrAnnouncedWallet([aConnector({ type: 'INJECTED' })])).toBe(true)
    expect(hasInjectedOrAnnouncedWallet([aConnector({ type: 'ANNOUNCED' })])).toBe(true)
    expect(hasInjectedOrAnnouncedWallet([aConnector({ type: 'EXTERNAL' }), aConnector({ type: 'AUTH' })])).toBe(false)
  })
})

describe('connector type order', () => {
  it('defaults to walletConnect, recent, injected, featured, custom, external, recommended', () => {
    expect(resolveConnectorTypeOrder()).toEqual([
      'walletConnect', 'recent', 'injected', 'featured', 'custom', 'external', 'recommended',
    ])
  })

  it('a configured order wins and enabled unlisted types follow in default order', () => {
    expect(resolveConnectorTypeOrder({ configured: ['recommended', 'injected'] })).toEqual([
      'recommended', 'injected', 'walletConnect', 'recent', 'featured', 'custom', 'external',
    ])
  })

  it('shows only enabled types', () => {
    expect(
      resolveConnectorTypeOrder({ configured: ['custom', 'recent'], enabled: ['recent', 'injected', 'walletConnect'] }),
    ).toEqual(['recent', 'walletConnect', 'injected'])
  })

  it('caps recommended wallets at 4', () => {
    expect(capRecommendedWallets([1, 2, 3, 4, 5, 6])).toEqual([1, 2, 3, 4])
    expect(capRecommendedWallets([1, 2])).toEqual([1, 2])
  })
})
