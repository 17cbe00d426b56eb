import { describe, expect, it } from 'vitest'
import { PRODUCT_VIEWS, SPEC_VIEWS, VIEW_NAMES, isViewName } from '../../../../src/domain/navigation/views'

describe('views', () => {
  it('lists every view of the spec', () => {
    expect([...SPEC_VIEWS]).toEqual([
      'Connect',
      'Account',
      'AllWallets',
      'ConnectingWalletConnectBasic',
      'ConnectingExternal',
      'ConnectingWalletConnect',
      'ConnectingFarcaster',
      'UnsupportedChain',
      'SIWXSignMessage',
      'ApproveTransaction',
      'RegisterAccountName',
      'RegisterAccountNameSuccess',
    ])
  })

  it('includes the product views and has no duplicates', () => {
    for (const v of [
      'Networks', 'Send', 'SendPreview', 'Swap', 'SwapPreview', 'OnRamp', 'OnRampProviders', 'Transactions',
      'WalletReceive', 'SwitchNetwork', 'EmailVerifyOtp', 'EmailVerifyDevice', 'ConnectingSocial',
    ]) {
      expect(PRODUCT_VIEWS).toContain(v)
    }
    expect(new Set(VIEW_NAMES).size).toBe(VIEW_NAMES.length)
  })

  it('recognises view names', () => {
    expect(isViewName('Account')).toBe(true)
    expect(isViewName('account')).toBe(false)
    expect(isViewName(3)).toBe(false)
  })
})
