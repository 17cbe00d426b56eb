import { describe, expect, it } from 'vitest'
import { createPairing, isPairingExpired, reuseOrCreatePairing } from '../../../../src/domain/connection/pairing'

const MIN = 60_000

describe('pairing expiry', () => {
  it('a new pairing lasts 4 minutes', () => {
    expect(createPairing('wc:a', 1_000).expiresAtMs).toBe(1_000 + 4 * MIN)
  })

  it('is expired when under 10 s remain; exactly 10 s left is still valid', () => {
    const p = createPairing('wc:a', 0)
    expect(isPairingExpired(p, 4 * MIN - 10_000)).toBe(false)
    expect(isPairingExpired(p, 4 * MIN - 9_999)).toBe(true)
    expect(isPairingExpired(p, 5 * MIN)).toBe(true)
  })

  it('reuses an unexpired pairing and replaces an expired one', () => {
    const existing = createPairing('wc:old', 0)
    expect(reuseOrCreatePairing(existing, () => 'wc:new', 2 * MIN)).toEqual({ pairing: existing, reused: true })
    const fresh = reuseOrCreatePairing(existing, () => 'wc:new', 4 * MIN - 5_000)
    expect(fresh.reused).toBe(false)
    expect(fresh.pairing).toEqual({ uri: 'wc:new', expiresAtMs: 4 * MIN - 5_000 + 4 * MIN })
    expect(reuseOrCreatePairing(undefined, () => 'wc:first', 0).pairing.uri).toBe('wc:first')
  })
})
