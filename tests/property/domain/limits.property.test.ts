import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { INITIAL_RATE_LIMITER_STATE, tryAcquire } from '../../../src/domain/limits/telemetry-limiter'
import { canFetchBalance, recordBalanceFailure } from '../../../src/domain/limits/balance-retry'
import { checkEmailLogin } from '../../../src/domain/limits/email-cooldown'

/** Non-decreasing event times built from gaps (bursts and lulls). */
const eventTimes = fc
  .array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 2_000 }), fc.integer({ min: 0, max: 90_000 })), {
    maxLength: 80,
  })
  .map((gaps) => {
    let t = 1_000_000
    return gaps.map((g) => (t += g))
  })

describe('telemetry limiter', () => {
  it('never lets more than 5 events through in any 60 s window, and only refuses when 5 are in it', () => {
    fc.assert(
      fc.property(eventTimes, (times) => {
        let state = INITIAL_RATE_LIMITER_STATE
        const accepted: number[] = []
        for (const t of times) {
          const d = tryAcquire(state, t)
          state = d.state
          if (d.allowed) accepted.push(t)
          else expect(accepted.filter((a) => a > t - 60_000).length).toBe(5)
        }
        for (const start of accepted) {
          expect(accepted.filter((a) => a >= start && a < start + 60_000).length).toBeLessThanOrEqual(5)
        }
      }),
      { numRuns: 500 },
    )
  })
})

describe('balance retry and email cooldown', () => {
  it('balance fetches are blocked exactly during the 30 s after a failure', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.integer({ min: -1_000, max: 120_000 }), (failedAt, dt) => {
        expect(canFetchBalance(recordBalanceFailure({}, failedAt), failedAt + dt)).toBe(dt >= 30_000)
      }),
      { numRuns: 500 },
    )
  })

  it('email login says the remaining seconds rounded up while refused', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e12 }), fc.integer({ min: 0, max: 60_000 }), (last, dt) => {
        const check = checkEmailLogin(last, last + dt)
        if (dt >= 30_000) expect(check.allowed).toBe(true)
        else {
          expect(check.allowed).toBe(false)
          if (!check.allowed) {
            const n = Math.ceil((30_000 - dt) / 1000)
            expect(n).toBeGreaterThanOrEqual(1)
            expect(check.error.message).toBe(`Please try again after ${n} seconds`)
          }
        }
      }),
      { numRuns: 500 },
    )
  })
})
