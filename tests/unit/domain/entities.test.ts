import { describe, expect, it } from 'vitest'
import { isChainNamespace } from '../../../src/domain/entities'
import {
  caipAddressSchema,
  caipNetworkIdSchema,
  caipNetworkSchema,
  identitySchema,
  nameProfileSchema,
  siwxSessionSchema,
  tokenBalanceSchema,
  transactionPageSchema,
  transactionSchema,
  walletListingSchema,
} from '../../../src/domain/entity-schemas'
import { aCaipNetwork, aSolanaNetwork } from '../../builders/a-caip-network'
import { aNativeBalance, aTokenBalance } from '../../builders/a-token-balance'
import { aTransaction, anNftTransfer } from '../../builders/a-transaction'

describe('chain namespaces and CAIP ids', () => {
  it('knows the five chain families', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) expect(isChainNamespace(ns)).toBe(true)
    expect(isChainNamespace('tron')).toBe(false)
  })

  it('parses CAIP-2 and CAIP-10 ids', () => {
    expect(caipNetworkIdSchema.parse('eip155:31337')).toBe('eip155:31337')
    expect(caipNetworkIdSchema.safeParse('eip155:').success).toBe(false)
    expect(caipNetworkIdSchema.safeParse('tron:1').success).toBe(false)
    expect(caipAddressSchema.parse('eip155:1:0xabc')).toBe('eip155:1:0xabc')
    expect(caipAddressSchema.safeParse('eip155:1').success).toBe(false)
  })

  it('parses networks', () => {
    expect(caipNetworkSchema.parse(aCaipNetwork())).toEqual(aCaipNetwork())
    expect(caipNetworkSchema.parse(aSolanaNetwork())).toEqual(aSolanaNetwork())
    expect(caipNetworkSchema.safeParse({ ...aCaipNetwork(), caipNetworkId: 'x' }).success).toBe(false)
  })
})

describe('wire shapes (docs/service-api.md)', () => {
  it('token balances, with and without an address', () => {
    expect(tokenBalanceSchema.parse(aTokenBalance())).toEqual(aTokenBalance())
    expect(tokenBalanceSchema.parse(aNativeBalance())).toEqual(aNativeBalance())
    expect(tokenBalanceSchema.safeParse({ ...aTokenBalance(), quantity: { decimals: 18, numeric: '1' } }).success).toBe(
      false,
    )
    expect(tokenBalanceSchema.safeParse({ ...aTokenBalance(), value: '3' }).success).toBe(false)
  })

  it('transactions and pages', () => {
    const t = aTransaction({ transfers: [anNftTransfer(true)] })
    expect(transactionSchema.parse(t)).toEqual(t)
    expect(transactionPageSchema.parse({ data: [t], next: null })).toEqual({ data: [t], next: null })
    expect(transactionSchema.safeParse({ ...t, metadata: { ...t.metadata, status: 'lost' } }).success).toBe(false)
  })

  it('identity, name profile, wallet listing, SIWX session', () => {
    expect(identitySchema.parse({ name: null, avatar: null })).toEqual({ name: null, avatar: null })
    const profile = {
      name: 'alice.wg.id',
      registered_at: '2025-01-01T00:00:00Z',
      updated_at: '2025-01-01T00:00:00Z',
      addresses: { '2147514985': { address: '0xabc', created: '2025-01-01T00:00:00Z' } },
      attributes: {},
    }
    expect(nameProfileSchema.parse(profile)).toEqual(profile)
    const wallet = {
      id: 'w1', name: 'W', homepage: 'https://w', image_id: 'img', order: 1, rdns: null, mobile_link: null,
      desktop_link: null, webapp_link: null, app_store: null, play_store: null, chrome_store: null,
      injected: [{ injected_id: 'isW', namespace: 'eip155' }], chains: ['eip155:1'],
    }
    expect(walletListingSchema.parse(wallet)).toEqual(wallet)
    const session = {
      data: { accountAddress: '0xabc', chainId: 'eip155:1', domain: 'a.test', uri: 'https://a.test', version: '1', nonce: 'n' },
      message: 'm',
      signature: '0xsig',
    }
    expect(siwxSessionSchema.parse(session)).toEqual(session)
  })
})
