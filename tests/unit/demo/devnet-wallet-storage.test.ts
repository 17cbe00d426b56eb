// @vitest-environment jsdom
/**
 * The demo's Devnet Wallet reads what it kept in localStorage: whatever a key holds (null, a
 * list, a string, broken JSON), the wallet starts with its defaults instead of crashing the page.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { loadBitcoinState, loadSolanaState, loadState } from '../../../demo/src/dev-wallet/devnet-wallet'

afterEach(() => localStorage.clear())

describe("the Devnet Wallet's stored state", () => {
  it.each(['null', '[]', '"text"', '42', '{broken'])('a key holding %s gives the defaults', (raw) => {
    for (const key of ['devnet-wallet:state', 'devnet-wallet:solana', 'devnet-wallet:bitcoin']) localStorage.setItem(key, raw)
    expect(loadState({})).toMatchObject({ authorized: false, accountIndex: 0 })
    expect(loadSolanaState({})).toEqual({ authorized: false, accountIndex: 0 })
    expect(loadBitcoinState({})).toEqual({ authorized: false, accountIndex: 0 })
  })

  it('keeps a well-formed state', () => {
    localStorage.setItem('devnet-wallet:solana', JSON.stringify({ authorized: true, accountIndex: 3 }))
    expect(loadSolanaState({})).toEqual({ authorized: true, accountIndex: 3 })
  })
})
