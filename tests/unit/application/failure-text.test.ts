import { describe, expect, it } from 'vitest'
import {
  SERVICE_FAILURE_TEXT,
  WALLET_BUSY_TEXT,
  WALLET_FAILURE_TEXT,
  switchFailureText,
  walletFailureText,
} from '../../../src/application/failure-text'
import { SwitchNetworkRejectedError } from '../../../src/application/networks/switch-network'
import { NetworkNotFoundError } from '../../../src/domain/errors'
import { WalletRequestError } from '../../../src/ports/chain-family'
import { HttpError } from '../../../src/ports/http-errors'

describe('walletFailureText', () => {
  it('a busy wallet (-32002) says to open it and finish the request waiting there', () => {
    const text = walletFailureText(new WalletRequestError('pending', 'Request of type wallet_requestPermissions already pending', { code: -32002 }))
    expect(text).toBe(WALLET_BUSY_TEXT)
    expect(text).toMatch(/open your wallet and finish/i)
  })

  it('a refusal says it was declined; the modal’s own errors keep their words', () => {
    expect(walletFailureText(new WalletRequestError('rejected', 'User rejected the request.', { code: 4001 }))).toBe(
      'The request was declined in your wallet.',
    )
    expect(walletFailureText(new NetworkNotFoundError())).toBe('Network not found')
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
    for (const message of technical) expect(walletFailureText(new Error(message))).toBe(WALLET_FAILURE_TEXT)
    expect(walletFailureText('a string')).toBe(WALLET_FAILURE_TEXT)
  })

  it('a service failure reads the service text; a wallet’s plain words are kept, bounded', () => {
    expect(walletFailureText(new HttpError(new Response(null, { status: 500 })))).toBe(SERVICE_FAILURE_TEXT)
    expect(walletFailureText(new Error('The wallet is locked. Unlock it first.'))).toBe('The wallet is locked. Unlock it first.')
    expect(Array.from(walletFailureText(new Error('Long '.repeat(100_000)))).length).toBeLessThanOrEqual(300)
  })
})

describe('switchFailureText', () => {
  it('names a declined switch and a busy wallet in plain words', () => {
    expect(switchFailureText(new SwitchNetworkRejectedError('rejected', 'User rejected the request.'))).toBe(
      'The network switch was declined in your wallet.',
    )
    expect(switchFailureText(new SwitchNetworkRejectedError('pending', 'already pending'))).toBe(WALLET_BUSY_TEXT)
    expect(switchFailureText(new SwitchNetworkRejectedError('failed', 'HTTP request failed. URL: http://x'))).toBe(
      'Your wallet did not switch networks. Please try again.',
    )
  })
})
