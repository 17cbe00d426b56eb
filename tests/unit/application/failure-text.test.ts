import { describe, expect, it } from 'vitest'
import { SERVICE_FAILURE, WALLET_BUSY, WALLET_FAILURE, switchFailure, walletFailure } from '../../../src/application/failure-text'
import { SwitchNetworkRejectedError } from '../../../src/application/networks/switch-network'
import { NetworkNotFoundError } from '../../../src/domain/errors'
import { WalletRequestError } from '../../../src/ports/chain-family'
import { HttpError } from '../../../src/ports/http-errors'

describe('walletFailure', () => {
  it('a busy wallet (-32002) says to open it and finish the request waiting there', () => {
    expect(walletFailure(new WalletRequestError('pending', 'Request of type wallet_requestPermissions already pending', { code: -32002 }))).toEqual({
      code: 'failure.walletBusy',
    })
    expect(WALLET_BUSY).toEqual({ code: 'failure.walletBusy' })
  })

  it('a refusal says it was declined; the modal’s own errors keep their words', () => {
    expect(walletFailure(new WalletRequestError('rejected', 'User rejected the request.', { code: 4001 }))).toEqual({ code: 'failure.walletDeclined' })
    expect(walletFailure(new NetworkNotFoundError())).toEqual({ code: 'failure.walletReason', params: { reason: 'Network not found' } })
  })

  it('no URL, path, HTTP or RPC jargon reaches the visitor', () => {
    const technical = [
      'HTTP request failed. URL: http://127.0.0.1:8545 Request body: {"method":"eth_chainId"}',
      'Failed to fetch /v1/account/0xabc/balance',
      'Internal JSON-RPC error.',
      'TypeError: Cannot read properties of undefined',
      'RPC Error: execution reverted (code -32603)',
      'Details: nonce too low Version: viem@2',
      '',
    ]
    for (const message of technical) expect(walletFailure(new Error(message))).toEqual(WALLET_FAILURE)
    expect(walletFailure('a string')).toEqual({ code: 'failure.wallet' })
  })

  it('a service failure reads the service text; a wallet’s plain words are kept, bounded', () => {
    expect(walletFailure(new HttpError(new Response(null, { status: 500 })))).toEqual(SERVICE_FAILURE)
    expect(walletFailure(new Error('The wallet is locked. Unlock it first.'))).toEqual({ code: 'failure.walletReason', params: { reason: 'The wallet is locked. Unlock it first.' } })
    expect(Array.from(String(walletFailure(new Error('Long '.repeat(100_000))).params?.['reason'])).length).toBeLessThanOrEqual(300)
  })
})

describe('switchFailure', () => {
  it('names a declined switch and a busy wallet in plain words', () => {
    expect(switchFailure(new SwitchNetworkRejectedError('rejected', 'User rejected the request.'))).toEqual({ code: 'failure.switchDeclined' })
    expect(switchFailure(new SwitchNetworkRejectedError('pending', 'already pending'))).toEqual(WALLET_BUSY)
    expect(switchFailure(new SwitchNetworkRejectedError('failed', 'HTTP request failed. URL: http://x'))).toEqual({ code: 'failure.switchFailed' })
  })
})
