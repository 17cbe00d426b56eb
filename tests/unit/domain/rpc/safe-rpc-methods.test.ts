import { describe, expect, it } from 'vitest'
import { isSafeRpcMethod, requestsToAbort } from '../../../../src/domain/rpc/safe-rpc-methods'

describe('safe RPC methods', () => {
  it('read-only methods are safe', () => {
    for (const m of ['eth_chainId', 'eth_getBalance', 'eth_call', 'eth_estimateGas', 'eth_getTransactionReceipt']) {
      expect(isSafeRpcMethod(m)).toBe(true)
    }
  })

  it('signing, sending and switching are unsafe', () => {
    for (const m of [
      'personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'eth_sendRawTransaction',
      'wallet_switchEthereumChain', 'wallet_sendCalls', 'wallet_grantPermissions', 'eth_requestAccounts',
    ]) {
      expect(isSafeRpcMethod(m)).toBe(false)
    }
  })

  it('rejecting pending requests aborts only the unsafe ones', () => {
    const pending = [{ method: 'eth_call', id: 1 }, { method: 'personal_sign', id: 2 }, { method: 'eth_sendTransaction', id: 3 }]
    expect(requestsToAbort(pending).map((r) => r.id)).toEqual([2, 3])
  })
})
