/** The OnRampApi contract, run against FetchOnRampApi over HTTP to the devnet and against its fake. */
import { describe, expect, it } from 'vitest'
import { PLACEHOLDER_QUOTE_ID } from '../../../../src/domain/on-ramp/on-ramp-fallbacks'
import type { OnRampApi } from '../../../../src/ports/blockchain/on-ramp'
import { contractSuite, type BlockchainWorld } from './world'

export interface OnRampApiWorld extends BlockchainWorld {
  readonly api: OnRampApi
}

export function onRampContract(label: string, makeWorld: () => Promise<OnRampApiWorld>): void {
  contractSuite('OnRampApi', label, makeWorld, (w) => {
    describe('on-ramp', () => {
      it('lists payment and purchase currencies', async () => {
        const options = await w.api.getOnRampOptions()
        expect(options.paymentCurrencies.map((c) => c.id)).toContain('USD')
        expect(options.purchaseCurrencies.length).toBeGreaterThan(0)
      })

      it('quotes a purchase', async () => {
        const quote = await w.api.getOnRampQuote({
          purchaseCurrency: 'ETH',
          paymentCurrency: 'USD',
          amount: '100',
          network: w.chainId,
        })
        expect(quote.quoteId).not.toBe(PLACEHOLDER_QUOTE_ID)
        expect(quote.paymentTotal.currency).toBe('USD')
        expect(quote.purchaseAmount.currency).toBe('ETH')
        expect(Number(quote.purchaseAmount.amount)).toBeGreaterThan(0)
      })

      it('quotes by the one fee model: the amount asked is the total, and the fees and the subtotal add up to it', async () => {
        const quote = await w.api.getOnRampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: w.chainId })
        const cents = (m: { amount: string }) => Math.round(Number(m.amount) * 100)
        expect(cents(quote.paymentTotal)).toBe(5000)
        expect(cents(quote.paymentSubtotal) + cents(quote.coinbaseFee) + cents(quote.networkFee)).toBe(5000)
        expect(cents(quote.coinbaseFee) + cents(quote.networkFee)).toBeGreaterThan(0)
      })

      it('generates a checkout url', async () => {
        const url = await w.api.generateOnRampUrl({
          destinationWallets: [{ address: w.funded.address, blockchains: [w.chainId], assets: ['ETH'] }],
          partnerUserId: w.funded.address,
          presetFiatAmount: 50,
        })
        expect(new URL(url).protocol).toMatch(/^https?:$/)
      })

      it('generates the checkout url of the chosen provider', async () => {
        const url = await w.api.generateOnRampUrl({
          destinationWallets: [{ address: w.funded.address, blockchains: [w.chainId], assets: ['ETH'] }],
          partnerUserId: w.funded.address,
          presetCryptoAmount: 0.01,
          provider: 'meld',
        })
        // The provider's own page: the url's last path segment names it (docs/service-api.md).
        expect(new URL(url).pathname.split('/').at(-1)).toBe('meld')
      })
    })
  })
}
