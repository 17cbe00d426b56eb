import { describe, expect, it } from 'vitest'
import {
  resolveEmbeddedCloseView,
  resolveNamespaceChangeView,
  resolveOpenView,
  type OpenContext,
} from '../../../../src/domain/navigation/open-rules'

const base: OpenContext = { isConnected: false, hasAdapters: true, manualWalletConnectControl: false, isMobile: false }

describe('open rule', () => {
  it('goes to AllWallets on mobile when no adapters exist', () => {
    expect(resolveOpenView({ ...base, hasAdapters: false, isMobile: true })).toEqual({ view: 'AllWallets' })
  })

  it('goes to ConnectingWalletConnectBasic on desktop when no adapters exist', () => {
    expect(resolveOpenView({ ...base, hasAdapters: false })).toEqual({ view: 'ConnectingWalletConnectBasic' })
  })

  it('the manual wallet-connect control wins over a requested view (desktop and mobile)', () => {
    expect(resolveOpenView({ ...base, manualWalletConnectControl: true, requestedView: 'Networks' })).toEqual({
      view: 'ConnectingWalletConnectBasic',
    })
    expect(resolveOpenView({ ...base, manualWalletConnectControl: true, isMobile: true })).toEqual({
      view: 'AllWallets',
    })
  })

  it('goes to an explicitly requested view with its data', () => {
    expect(resolveOpenView({ ...base, requestedView: 'Networks' })).toEqual({ view: 'Networks' })
    expect(resolveOpenView({ ...base, isConnected: true, requestedView: 'Send', requestedData: { x: 1 } })).toEqual({
      view: 'Send',
      data: { x: 1 },
    })
  })

  it('goes to Account when connected, otherwise Connect', () => {
    expect(resolveOpenView({ ...base, isConnected: true })).toEqual({ view: 'Account' })
    expect(resolveOpenView(base)).toEqual({ view: 'Connect' })
  })

  it('with no adapters but a connected address, opens on Account', () => {
    expect(resolveOpenView({ ...base, hasAdapters: false, isConnected: true })).toEqual({ view: 'Account' })
  })
})

describe('close in embedded mode', () => {
  it('shows Account when connected, otherwise Connect', () => {
    expect(resolveEmbeddedCloseView(true)).toBe('Account')
    expect(resolveEmbeddedCloseView(false)).toBe('Connect')
  })
})

describe('namespace change', () => {
  it('resets when the active chain family changes', () => {
    expect(resolveNamespaceChangeView('eip155', 'solana', true)).toBe('Account')
    expect(resolveNamespaceChangeView('solana', 'eip155', false)).toBe('Connect')
  })

  it('does nothing when the family is unchanged or there was none', () => {
    expect(resolveNamespaceChangeView('eip155', 'eip155', true)).toBeUndefined()
    expect(resolveNamespaceChangeView(undefined, 'eip155', true)).toBeUndefined()
  })
})
