/**
 * The devnet's on-ramp: its quote and its checkout page tell the same figures, by the one fee
 * model the modal reads quotes with (src/domain/on-ramp/on-ramp-fees.ts).
 */
import { describe, expect, it } from 'vitest'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'
import { Router, type RequestContext } from '../../../devnet/src/service/http'
import { registerOnrampRoutes } from '../../../devnet/src/service/routes/onramp'
import type { ServiceDeps } from '../../../devnet/src/service/deps'
import { quoteFigures } from '../../../src/domain/on-ramp/on-ramp-fees'
import { ONRAMP_PROVIDERS } from '../../../src/domain/feature-constants'
import type { Quote } from '../../../src/domain/on-ramp/on-ramp-types'

const BASE = 'http://127.0.0.1:9'
const BUYER = DEVNET_ACCOUNTS[7]!.address

function service() {
  const router = new Router()
  registerOnrampRoutes(router, { baseUrl: () => BASE, rpcUrls: {} } as unknown as ServiceDeps)
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const found = router.match(method, path)
    if (found === undefined || !('handler' in found)) throw new Error(`no route ${method} ${path}`)
    const ctx = {
      method,
      path,
      params: found.params,
      query: new URLSearchParams({ projectId: 'p' }),
      req: { headers: {} },
      json: () => Promise.resolve(body),
      text: () => Promise.resolve(JSON.stringify(body)),
    } as unknown as RequestContext
    return found.handler(ctx)
  }
  const quote = async (body: unknown) => ((await call('POST', '/v1/onramp/quote', body)) as { json: Quote }).json
  /** The checkout page's figures, by the ids the page gives them. */
  const checkout = async (body: Record<string, unknown>) => {
    const { json } = (await call('POST', '/v1/generators/onrampurl', {
      destinationWallets: [{ address: BUYER, blockchains: ['devnet-a'], assets: [body.asset ?? 'dUSD'] }],
      defaultNetwork: 'devnet-a',
      partnerUserId: BUYER,
      ...body,
    })) as { json: { url: string } }
    const page = (await call('GET', new URL(json.url).pathname)) as { body: string }
    const byId = (id: string) => new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(page.body)?.[1]
    return { amount: byId('checkout-amount'), total: byId('checkout-total'), providerFee: byId('checkout-provider-fee'), networkFee: byId('checkout-network-fee') }
  }
  return { quote, checkout }
}

describe("the devnet's on-ramp", () => {
  it('quotes with a provider fee inside the range every provider advertises', async () => {
    const figures = quoteFigures(await service().quote({ purchaseCurrency: 'dUSD', paymentCurrency: 'USD', amount: '50', network: 'devnet-a' }))
    expect(figures).toMatchObject({ total: '50.00', fees: '1.25', purchase: { amount: '48.75', currency: 'dUSD' } })
    for (const provider of ONRAMP_PROVIDERS) {
      const [low, high] = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)%$/.exec(provider.feeRange)!.slice(1).map(Number) as [number, number]
      expect(Number(figures.providerFeePercent)).toBeGreaterThanOrEqual(low)
      expect(Number(figures.providerFeePercent)).toBeLessThanOrEqual(high)
    }
  })

  it("checks out what it quoted: the quote's amount for the quote's total, with the quote's fees", async () => {
    const { quote, checkout } = service()
    const quoted = quoteFigures(await quote({ purchaseCurrency: 'dUSD', paymentCurrency: 'USD', amount: '50', network: 'devnet-a' }))
    expect(await checkout({ presetFiatAmount: 50, presetCryptoAmount: Number(quoted.purchase.amount), fiatCurrency: 'USD', provider: 'meld' })).toEqual({
      amount: `${quoted.purchase.amount} dUSD`,
      total: `${quoted.total} USD`,
      providerFee: `${quoted.providerFee} USD`,
      networkFee: `${quoted.networkFee} USD`,
    })
  })

  it('takes the same fees from the total when the modal had no quote, in the currency paid', async () => {
    const { quote, checkout } = service()
    const quoted = quoteFigures(await quote({ purchaseCurrency: 'dUSD', paymentCurrency: 'EUR', amount: '20', network: 'devnet-a' }))
    expect(quoted).toMatchObject({ total: '20.00', purchase: { amount: '19.2' } })
    expect(await checkout({ presetFiatAmount: 20, fiatCurrency: 'EUR' })).toEqual({
      amount: '19.2 dUSD',
      total: '20.00 EUR',
      providerFee: `${quoted.providerFee} EUR`,
      networkFee: `${quoted.networkFee} EUR`,
    })
  })

  it('asked for an amount of crypto only, charges the total that buys it by the same model', async () => {
    const page = await service().checkout({ presetCryptoAmount: 0.01, asset: 'ETH' })
    const total = Number(page.total!.split(' ')[0])
    const fees = Number(page.providerFee!.split(' ')[0]) + Number(page.networkFee!.split(' ')[0])
    expect(Number(page.amount!.split(' ')[0])).toBeGreaterThanOrEqual(0.01)
    expect(Math.round((total - fees) * 100)).toBe(Math.round(Number(page.amount!.split(' ')[0]) * 2500 * 100))
  })
})
