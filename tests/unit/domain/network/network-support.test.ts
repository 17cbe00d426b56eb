import { describe, expect, it } from 'vitest'
import { isCaipNetworkId, parseCaipNetworkId, toCaipNetworkId } from '../../../../src/domain/network/caip-network-id'
import {
  assertGasPriceNetwork,
  assertSwapNetwork,
  isSwapNetwork,
  supportsCapability,
} from '../../../../src/domain/network/network-support'
import { shouldShowUnsupportedChain } from '../../../../src/domain/network/unsupported-chain'
import { CHAIN_ONLY_BALANCE_NAMESPACES } from '../../../../src/domain/feature-constants'
import { GasPriceNetworkNotSupportedError, SwapNetworkNotSupportedError } from '../../../../src/domain/errors'

describe('CAIP network ids', () => {
  it('parses and builds', () => {
    expect(parseCaipNetworkId('eip155:31337')).toEqual({ namespace: 'eip155', reference: '31337' })
    expect(toCaipNetworkId('solana', 'abc')).toBe('solana:abc')
    expect(isCaipNetworkId('eip155:')).toBe(false)
    expect(isCaipNetworkId('tron:1')).toBe(false)
  })
})

describe('swaps and gas price need a supported network', () => {
  it('accepts the swap networks', () => {
    for (const id of [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554]) {
      expect(isSwapNetwork(`eip155:${id}`)).toBe(true)
    }
  })

  it('throws the spec errors elsewhere', () => {
    expect(() => assertSwapNetwork('eip155:31337')).toThrow(SwapNetworkNotSupportedError)
    expect(() => assertSwapNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toThrow('Network not supported for Swaps')
    expect(() => assertSwapNetwork(undefined)).toThrow('Network not supported for Swaps')
    expect(() => assertGasPriceNetwork('eip155:31337')).toThrow(GasPriceNetworkNotSupportedError)
    expect(() => assertGasPriceNetwork('eip155:31337')).toThrow('Network not supported for Gas Price')
  })

  it('a host may widen the swap list (the devnet chain for tests)', () => {
    expect(() => assertSwapNetwork('eip155:31337', [31337])).not.toThrow()
  })
})

describe('supported namespaces per capability', () => {
  it('balance and send eip155 and solana; names eip155 only; on-ramp eip155 and solana', () => {
    expect(supportsCapability('balance', 'solana')).toBe(true)
    expect(supportsCapability('send', 'polkadot')).toBe(false)
    expect(supportsCapability('names', 'solana')).toBe(false)
    expect(supportsCapability('activity', 'eip155')).toBe(true)
    expect(supportsCapability('onramp', 'solana')).toBe(true)
    expect(supportsCapability('onramp', undefined)).toBe(false)
  })

  it('activity goes beyond the spec on purpose: eip155 and solana, no other family', () => {
    expect(supportsCapability('activity', 'solana')).toBe(true)
    expect(supportsCapability('activity', 'polkadot')).toBe(false)
    expect(supportsCapability('activity', 'bip122')).toBe(false)
    expect(supportsCapability('activity', 'cosmos')).toBe(false)
  })

  it('balance goes beyond the spec on purpose for bip122 (its Esplora API), read from the chain only; send does not', () => {
    expect(supportsCapability('balance', 'bip122')).toBe(true)
    expect(supportsCapability('send', 'bip122')).toBe(false)
    expect(supportsCapability('balance', 'polkadot')).toBe(false)
    expect(CHAIN_ONLY_BALANCE_NAMESPACES).toEqual(['bip122'])
  })
})

describe('unsupported chain view', () => {
  const base = {
    caipNetworkId: 'eip155:999' as const,
    requestedCaipNetworkIds: ['eip155:1', 'eip155:31337'] as const,
    networkSwitchingEnabled: true,
    allowUnsupportedChain: false,
    isBasicSession: false,
  }

  it('opens for a network the host did not request', () => {
    expect(shouldShowUnsupportedChain({ ...base, requestedCaipNetworkIds: [...base.requestedCaipNetworkIds] })).toBe(true)
  })

  it('does not open for a requested network, when switching is off, unsupported chains are allowed, or the session is basic', () => {
    const requested = [...base.requestedCaipNetworkIds]
    expect(shouldShowUnsupportedChain({ ...base, requestedCaipNetworkIds: requested, caipNetworkId: 'eip155:1' })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...base, requestedCaipNetworkIds: requested, networkSwitchingEnabled: false })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...base, requestedCaipNetworkIds: requested, allowUnsupportedChain: true })).toBe(false)
    expect(shouldShowUnsupportedChain({ ...base, requestedCaipNetworkIds: requested, isBasicSession: true })).toBe(false)
  })
})
