/** The FiatRatesApi contract, run against FetchFiatRatesApi over HTTP to the devnet and against its fake. */
import { describe, expect, it } from 'vitest'
import { DISPLAY_CURRENCIES } from '../../../../src/domain/display-currency'
import { MAX_RATE_PER_USD, MIN_RATE_PER_USD } from '../../../../src/domain/format/fiat'
import type { FiatRatesApi } from '../../../../src/ports/blockchain/fiat-rates'

export interface FiatRatesWorld {
  readonly api: FiatRatesApi
  /** What one dollar buys of some currencies, as the service's price source sets it. */
  readonly expected: Readonly<Record<'EUR' | 'JPY', number>>
}

export function fiatRatesContract(label: string, makeWorld: () => Promise<FiatRatesWorld>): void {
  describe(`FiatRatesApi contract: ${label}`, () => {
    it("resolves each priced currency's units per dollar, as the price source sets them", async () => {
      const w = await makeWorld()
      const { rates } = await w.api.getRates()
      expect(rates.EUR).toBeCloseTo(w.expected.EUR, 9)
      expect(rates.JPY).toBeCloseTo(w.expected.JPY, 6)
    })

    it('keeps only display currencies, each a finite rate in the sane range, and says when it read them', async () => {
      const w = await makeWorld()
      const { rates, at } = await w.api.getRates()
      for (const [code, rate] of Object.entries(rates)) {
        expect(DISPLAY_CURRENCIES).toContain(code)
        expect(code).not.toBe('USD')
        expect(Number.isFinite(rate)).toBe(true)
        expect(rate).toBeGreaterThanOrEqual(MIN_RATE_PER_USD)
        expect(rate).toBeLessThanOrEqual(MAX_RATE_PER_USD)
      }
      expect(Number.isNaN(Date.parse(at))).toBe(false)
    })

    it('rejects with the reason of an aborted signal', async () => {
      const w = await makeWorld()
      const controller = new AbortController()
      const reason = new Error('left the view')
      controller.abort(reason)
      await expect(w.api.getRates({ signal: controller.signal })).rejects.toBe(reason)
    })
  })
}
