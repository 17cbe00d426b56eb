import { Subject, asyncScheduler } from 'rxjs'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { BuyCrypto, ONRAMP_FOLLOW_INTERVAL_MS, ONRAMP_QUOTE_DEBOUNCE_MS } from '../../../../src/application/onramp/buy-crypto'
import type { CaipNetwork } from '../../../../src/domain/entities'
import type { OnRampOptions } from '../../../../src/domain/on-ramp/on-ramp-types'
import type { Transaction } from '../../../../src/domain/transactions/transaction'
import type { TransactionsOptions } from '../../../../src/ports/blockchain/activity'
import type { OnRampUrlParams } from '../../../../src/ports/blockchain/on-ramp'
import { HttpError } from '../../../../src/ports/http-errors'
import { InMemoryOnRampApi } from '../../../fakes/blockchain/in-memory-on-ramp-api'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { aCaipNetwork, aSolanaNetwork } from '../../../builders/a-caip-network'
import { aFungibleTransfer, aTransaction } from '../../../builders/a-transaction'

const ADDRESS = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
const OPTIONS: OnRampOptions = {
  paymentCurrencies: ['USD', 'EUR'].map((id) => ({
    id,
    payment_method_limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ACH_BANK_ACCOUNT', min: '10.00', max: '25000.00' },
    ],
  })),
  purchaseCurrencies: [
    { id: 'ETH', name: 'Ether', symbol: 'ETH', networks: [{ name: 'devnet-a', display_name: 'Devnet A', chain_id: '31337', contract_address: '' }] },
    { id: 'dUSD', name: 'Devnet USD', symbol: 'dUSD', networks: [{ name: 'devnet-a', display_name: 'Devnet A', chain_id: '31337', contract_address: '0x01' }] },
    { id: 'SOL', name: 'Sol', symbol: 'SOL', networks: [{ name: 'solana', display_name: 'Solana', chain_id: 'x', contract_address: '' }] },
  ],
}

function world(network: CaipNetwork = aCaipNetwork({ testnet: true }), setting?: string[]) {
  const api = new InMemoryOnRampApi({ onRampOptions: OPTIONS })
  let history: Transaction[] = []
  const urls: OnRampUrlParams[] = []
  const historyAsks: TransactionsOptions[] = []
  const stub = {
    getOnRampOptions: api.getOnRampOptions.bind(api),
    getOnRampQuote: api.getOnRampQuote.bind(api),
    generateOnRampUrl: (params: OnRampUrlParams) => {
      urls.push(params)
      return api.generateOnRampUrl(params)
    },
  }
  const historyStub = {
    getTransactions: async (_account: string, options: TransactionsOptions = {}) => {
      historyAsks.push(options)
      return { data: history, next: null }
    },
  }
  const connection = new ConnectionStore()
  const changes = new Subject<void>()
  /** The visitor switches network (and with it, family): the stores change, then say so. */
  const switchTo = (next: CaipNetwork) => {
    network = next
    connection.set({
      status: 'connected',
      connectorId: 'dev',
      namespace: next.chainNamespace,
      caipAddress: `${next.caipNetworkId}:${ADDRESS}`,
      address: ADDRESS,
      caipNetworkId: next.caipNetworkId,
    })
    changes.next()
  }
  switchTo(network)
  const activity = { retry: vi.fn(() => Promise.resolve()) }
  const views = { push: vi.fn() }
  const buy = new BuyCrypto({
    connection,
    activeNetwork: () => network,
    changes$: changes,
    api: stub,
    history: historyStub,
    remoteProviders: ['coinbase', 'meld'],
    providerSetting: setting,
    activity,
    views,
    scheduler: asyncScheduler,
    logger: new RecordingLogger(),
  })
  return { buy, api, urls, historyAsks, activity, views, switchTo, land: (t: Transaction) => (history = [t, ...history]) }
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('BuyCrypto', () => {
  it('sells what the options list on the connected network, with both providers on a test network', async () => {
    const { buy } = world()
    await buy.start()
    const state = buy.snapshot
    expect(state.ready).toBe(true)
    expect(state.network?.caipNetworkId).toBe('eip155:31337')
    expect(state.purchaseCurrencies.map((c) => c.currency.id)).toEqual(['ETH', 'dUSD'])
    expect(state.paymentCurrencies).toEqual(['USD', 'EUR'])
    expect(state.providers.map((p) => p.name)).toEqual(['coinbase', 'meld'])
  })

  it('follows the active network: after a switch to Solana it offers nothing of Devnet A', async () => {
    const { buy, switchTo } = world()
    await buy.start()
    expect(buy.snapshot.purchaseCurrencies.map((c) => c.currency.id)).toEqual(['ETH', 'dUSD'])
    switchTo(aSolanaNetwork({ id: 'x', caipNetworkId: 'solana:x', testnet: true }))
    expect(buy.snapshot.network?.caipNetworkId).toBe('solana:x')
    expect(buy.snapshot.purchaseCurrencies.map((c) => c.currency.id)).toEqual(['SOL'])
  })

  it('first opened on Solana, it still sells on Devnet A after a switch there (opened again or not)', async () => {
    const { buy, switchTo } = world(aSolanaNetwork({ id: 'x', caipNetworkId: 'solana:x', testnet: true }))
    await buy.start()
    expect(buy.snapshot.purchaseCurrencies.map((c) => c.currency.id)).toEqual(['SOL'])
    switchTo(aCaipNetwork({ testnet: true }))
    expect(buy.snapshot.network?.caipNetworkId).toBe('eip155:31337')
    expect(buy.snapshot.purchaseCurrencies.map((c) => c.currency.id)).toEqual(['ETH', 'dUSD'])
    await buy.start()
    expect(buy.snapshot.network?.caipNetworkId).toBe('eip155:31337')
  })

  it("narrows the providers to the host's onrampProviders setting", async () => {
    const { buy } = world(aCaipNetwork({ testnet: true }), ['meld'])
    await buy.start()
    expect(buy.snapshot.providers.map((p) => p.name)).toEqual(['meld'])
  })

  it('says the network is not supported when nothing is sold there', async () => {
    const { buy } = world(aCaipNetwork({ id: 31338, caipNetworkId: 'eip155:31338', testnet: true }))
    await buy.start()
    expect(buy.snapshot.ready).toBe(true)
    expect(buy.snapshot.network).toBeUndefined()
  })

  it('quotes once typing pauses, and marks a placeholder quote when the quote call fails', async () => {
    const { buy, api } = world()
    await buy.start()
    buy.setPurchaseCurrency('dUSD')
    buy.setAmount('5')
    expect(buy.snapshot.validation).toEqual({ valid: false, failure: { code: 'onramp.min', params: { amount: '10.00', currency: 'USD' } } })
    expect(buy.snapshot.quote).toEqual({ status: 'idle' })
    buy.setAmount('50')
    expect(buy.snapshot.quote).toEqual({ status: 'loading' })
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS - 1)
    expect(api.calls.filter((c) => c === 'getOnRampQuote')).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    // The amount entered is the total paid; the fees come out of it (src/domain/on-ramp/on-ramp-fees.ts).
    expect(buy.snapshot.quote).toMatchObject({
      status: 'ready',
      placeholder: false,
      quote: { purchaseAmount: { amount: '48.75', currency: 'dUSD' }, paymentTotal: { amount: '50.00', currency: 'USD' } },
      figures: { total: '50.00', providerFee: '0.75', providerFeePercent: '1.5', networkFee: '0.50', fees: '1.25', currency: 'USD' },
    })

    api.failNext('getOnRampQuote', new HttpError(new Response(null, { status: 500 })))
    buy.setAmount('60')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    expect(buy.snapshot.quote).toMatchObject({ status: 'ready', placeholder: true, quote: { purchaseAmount: { amount: '60', currency: 'dUSD' } } })
  })

  it('asks for the checkout with the quoted amount and the provider, then follows the history until the purchase lands', async () => {
    const { buy, urls, historyAsks, activity, views, land } = world()
    await buy.start()
    buy.setPurchaseCurrency('dUSD')
    buy.setAmount('50')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    buy.chooseProvider()
    expect(views.push).toHaveBeenCalledWith('OnRampProviders')
    const old = aTransaction()
    land(old)
    const url = await buy.checkout('meld')
    expect(new URL(url!).pathname.endsWith('/meld')).toBe(true)
    expect(urls[0]).toMatchObject({
      destinationWallets: [{ address: ADDRESS, blockchains: ['devnet-a'], assets: ['dUSD'] }],
      defaultNetwork: 'devnet-a',
      presetCryptoAmount: 48.75,
      presetFiatAmount: 50,
      fiatCurrency: 'USD',
      provider: 'meld',
    })
    const quoted = { total: '50.00', subtotal: '48.75', providerFee: '0.75', providerFeePercent: '1.5', networkFee: '0.50', fees: '1.25', currency: 'USD', purchase: { amount: '48.75', currency: 'dUSD' } }
    expect(buy.snapshot.purchase).toMatchObject({ status: 'waiting', provider: 'meld', quoted })
    await vi.advanceTimersByTimeAsync(ONRAMP_FOLLOW_INTERVAL_MS * 3)
    expect(buy.snapshot.purchase.status).toBe('waiting')
    expect(historyAsks.every((o) => o.onramp === 'meld')).toBe(true)

    const bought = aTransaction({ transfers: [aFungibleTransfer({ direction: 'in', quantity: { numeric: '48.75' }, fungible_info: { name: 'Devnet USD', symbol: 'dUSD', icon: { url: 'https://example.test/dusd.svg' } } })] })
    land(bought)
    await vi.advanceTimersByTimeAsync(ONRAMP_FOLLOW_INTERVAL_MS)
    // What arrived is what was quoted: the done screen says what was paid and the fees in it.
    expect(buy.snapshot.purchase).toEqual({ status: 'landed', provider: 'meld', amount: '48.75', symbol: 'dUSD', hash: bought.metadata.hash, paid: quoted })
    expect(activity.retry).toHaveBeenCalledTimes(1)
    const asked = historyAsks.length
    await vi.advanceTimersByTimeAsync(ONRAMP_FOLLOW_INTERVAL_MS * 3)
    expect(historyAsks).toHaveLength(asked)
  })

  it('with a placeholder quote, asks the checkout for the amount as the total and claims no fees when it lands', async () => {
    const { buy, api, urls, land } = world()
    await buy.start()
    buy.setPurchaseCurrency('dUSD')
    api.failNext('getOnRampQuote', new HttpError(new Response(null, { status: 500 })))
    buy.setAmount('20')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    expect(buy.snapshot.quote).toMatchObject({ status: 'ready', placeholder: true })
    await buy.checkout('coinbase')
    expect(urls[0]).toMatchObject({ presetFiatAmount: 20, fiatCurrency: 'USD' })
    // The placeholder's amount is no quote: the provider works out what 20 USD buys.
    expect(urls[0]).not.toHaveProperty('presetCryptoAmount')
    expect(buy.snapshot.purchase).toMatchObject({ status: 'waiting' })
    expect(buy.snapshot.purchase).not.toHaveProperty('quoted')
    land(aTransaction({ transfers: [aFungibleTransfer({ direction: 'in', quantity: { numeric: '19.2' }, fungible_info: { name: 'Devnet USD', symbol: 'dUSD', icon: { url: 'https://example.test/dusd.svg' } } })] }))
    await vi.advanceTimersByTimeAsync(ONRAMP_FOLLOW_INTERVAL_MS)
    expect(buy.snapshot.purchase).toMatchObject({ status: 'landed', amount: '19.2', symbol: 'dUSD' })
    expect(buy.snapshot.purchase).not.toHaveProperty('paid')
  })

  it('claims no quoted figures when what arrives is not what was quoted', async () => {
    const { buy, land } = world()
    await buy.start()
    buy.setPurchaseCurrency('dUSD')
    buy.setAmount('50')
    await vi.advanceTimersByTimeAsync(ONRAMP_QUOTE_DEBOUNCE_MS)
    await buy.checkout('coinbase')
    land(aTransaction({ transfers: [aFungibleTransfer({ direction: 'in', quantity: { numeric: '30' }, fungible_info: { name: 'Devnet USD', symbol: 'dUSD', icon: { url: 'https://example.test/dusd.svg' } } })] }))
    await vi.advanceTimersByTimeAsync(ONRAMP_FOLLOW_INTERVAL_MS)
    expect(buy.snapshot.purchase).toMatchObject({ status: 'landed', amount: '30' })
    expect(buy.snapshot.purchase).not.toHaveProperty('paid')
  })

  it('says so when the checkout cannot be had, and follows nothing', async () => {
    const { buy, api, historyAsks } = world()
    await buy.start()
    api.failNext('generateOnRampUrl', new HttpError(new Response(null, { status: 500 })))
    await expect(buy.checkout('coinbase')).resolves.toBeUndefined()
    expect(buy.snapshot.purchase).toEqual({ status: 'error', error: { code: 'onramp.checkoutFailed' } })
    const asked = historyAsks.length
    await vi.advanceTimersByTimeAsync(ONRAMP_FOLLOW_INTERVAL_MS * 3)
    expect(historyAsks).toHaveLength(asked)
  })
})
