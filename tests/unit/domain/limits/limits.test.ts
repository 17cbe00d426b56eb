import { describe, expect, it } from 'vitest'
import {
  INITIAL_BALANCE_RETRY_STATE,
  balanceRetryRemainingMs,
  canFetchBalance,
  recordBalanceFailure,
  recordBalanceSuccess,
} from '../../../../src/domain/limits/balance-retry'
import { checkEmailLogin } from '../../../../src/domain/limits/email-cooldown'
import { addRecentWallet, parseStoredRecentWallets } from '../../../../src/domain/limits/recent-wallets'
import { INITIAL_RATE_LIMITER_STATE, tryAcquire } from '../../../../src/domain/limits/telemetry-limiter'

describe('telemetry limiter', () => {
  it('lets 5 events through in 60 s and drops the 6th', () => {
    let state = INITIAL_RATE_LIMITER_STATE
    const allowed: boolean[] = []
    for (const t of [0, 1, 2, 3, 4, 5]) {
      const d = tryAcquire(state, t * 1_000)
      allowed.push(d.allowed)
      state = d.state
    }
    expect(allowed).toEqual([true, true, true, true, true, false])
  })

  it('lets events through again once the oldest leaves the rolling window', () => {
    let state = INITIAL_RATE_LIMITER_STATE
    for (let i = 0; i < 5; i++) state = tryAcquire(state, i * 10_000).state
    expect(tryAcquire(state, 59_999).allowed).toBe(false)
    const d = tryAcquire(state, 60_000)
    expect(d.allowed).toBe(true)
    expect(tryAcquire(d.state, 60_001).allowed).toBe(false)
    expect(tryAcquire(d.state, 70_000).allowed).toBe(true)
  })
})

describe('balance retry', () => {
  it('blocks fetches for 30 s after a failure and allows them again at exactly 30 s', () => {
    expect(canFetchBalance(INITIAL_BALANCE_RETRY_STATE, 0)).toBe(true)
    const failed = recordBalanceFailure(INITIAL_BALANCE_RETRY_STATE, 1_000)
    expect(canFetchBalance(failed, 30_999)).toBe(false)
    expect(balanceRetryRemainingMs(failed, 30_999)).toBe(1)
    expect(canFetchBalance(failed, 31_000)).toBe(true)
    expect(balanceRetryRemainingMs(failed, 31_000)).toBe(0)
  })

  it('a success clears the block', () => {
    expect(canFetchBalance(recordBalanceSuccess(recordBalanceFailure({}, 0)), 1)).toBe(true)
  })
})

describe('email login cooldown', () => {
  it('allows the first login and any after 30 s', () => {
    expect(checkEmailLogin(undefined, 5)).toEqual({ allowed: true })
    expect(checkEmailLogin(0, 30_000)).toEqual({ allowed: true })
  })

  it('refuses within 30 s with the remaining seconds rounded up', () => {
    const cases: Array<[number, string]> = [
      [1, 'Please try again after 30 seconds'],
      [1_000, 'Please try again after 29 seconds'],
      [1_001, 'Please try again after 29 seconds'],
      [29_000, 'Please try again after 1 seconds'],
      [29_999, 'Please try again after 1 seconds'],
    ]
    for (const [now, message] of cases) {
      const check = checkEmailLogin(0, now)
      expect(check.allowed).toBe(false)
      if (!check.allowed) {
        expect(check.error.message).toBe(message)
        expect(check.remainingMs).toBe(30_000 - now)
      }
    }
  })
})

describe('recent wallets', () => {
  const a = { id: 'a', name: 'A' }
  const b = { id: 'b', name: 'B', rdns: 'io.b' }
  const c = { id: 'c', name: 'C' }

  it('keeps 2, newest first', () => {
    expect(addRecentWallet(addRecentWallet(addRecentWallet([], a), b), c)).toEqual([c, b])
  })

  it('moves a wallet used again to the front without duplicating it', () => {
    expect(addRecentWallet([b, a], a)).toEqual([a, b])
  })

  it('reads stored lists and tolerates garbage', () => {
    expect(parseStoredRecentWallets(JSON.stringify([a, b, c]))).toEqual([a, b])
    expect(parseStoredRecentWallets(null)).toEqual([])
    expect(parseStoredRecentWallets('{oops')).toEqual([])
    expect(parseStoredRecentWallets('[{"name":1}]')).toEqual([])
  })
})
