/**
 * On-ramp: currency options, quotes from the price table, and a checkout url served by the devnet.
 * Quotes and checkout pages follow the one fee model the modal reads quotes by
 * (src/domain/on-ramp/on-ramp-fees.ts): the amount paid is the total, fees included. The checkout
 * page's button really pays the buyer from the devnet treasury account (account 9).
 */
import { randomUUID } from 'node:crypto'
import { createWalletClient, erc20Abi, http, parseUnits, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CHAINS, DEVNET_FUNGIBLES, DEVNET_ONRAMP_TREASURY, NATIVE_TOKEN_ADDRESS, devnetViemChain, type DevnetChainId } from '../../config'
import { parseAccount, parseChainId } from '../chains'
import type { ServiceDeps } from '../deps'
import { field, HttpError, requireQuery, type Handler, type Router } from '../http'
import { onRampTotalBuying, quoteFigures, quoteOnRampPurchase, type OnRampFeeSchedule, type QuoteFigures } from '../../../../src/domain/on-ramp/on-ramp-fees'

/**
 * What both stand-in providers charge: 1.5 % of the total (inside the 1-2% they advertise, spec
 * section 9) and 0.50 of the payment currency for the network. Prices are in USD; EUR is taken 1:1.
 */
const FEES: OnRampFeeSchedule = { providerFeeBps: 150, networkFeeCents: 50 }
const LIMITS = [
  { id: 'card', min: '10.00', max: '7500.00' },
  { id: 'ACH_BANK_ACCOUNT', min: '10.00', max: '25000.00' },
]

/** Network names the on-ramp uses for the devnet chains ("devnet-a", "devnet-b"). */
function networkName(chainId: number): string {
  return chainId === 31337 ? 'devnet-a' : 'devnet-b'
}

function chainFromNetwork(value: unknown): DevnetChainId | null {
  if (typeof value !== 'string' || value === '') return null
  const byName = DEVNET_CHAINS.find((c) => networkName(c.id) === value.toLowerCase() || c.name.toLowerCase() === value.toLowerCase())
  return byName ? byName.id : parseChainId(value)
}

function idOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string') return (value as { id: string }).id
  return ''
}

/** The providers the devnet stands in for, each with a checkout page of its own. */
const PROVIDERS = { coinbase: 'Coinbase', meld: 'Meld' } as const
type ProviderName = keyof typeof PROVIDERS

function providerOf(value: unknown): ProviderName {
  if (value === undefined || value === null || value === '') return 'coinbase'
  if (typeof value === 'string' && value in PROVIDERS) return value as ProviderName
  throw new HttpError(400, `Unknown provider ${String(value)}`)
}

interface Checkout {
  id: string
  provider: ProviderName
  address: Address
  chainId: DevnetChainId
  symbol: string
  /** The figures of the quote it charges by: the amount bought, the total paid and the fees in it. */
  figures: QuoteFigures
  status: 'open' | 'paid'
  hash?: Hex
}

function escapeHtml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/** The quote of paying `total` in `payment` for `meta`, by the providers' fees. */
function quoteOf(total: string, payment: string, meta: (typeof DEVNET_FUNGIBLES)[number]) {
  return quoteOnRampPurchase({ total, paymentCurrency: payment, purchaseCurrency: meta.symbol, price: meta.price, decimals: meta.decimals }, FEES, randomUUID())
}

export function registerOnrampRoutes(router: Router, deps: ServiceDeps): void {
  const checkouts = new Map<string, Checkout>()
  let payQueue: Promise<unknown> = Promise.resolve()

  router.get('/v1/onramp/options', () => ({
    json: {
      paymentCurrencies: ['USD', 'EUR'].map((id) => ({ id, payment_method_limits: LIMITS })),
      purchaseCurrencies: DEVNET_FUNGIBLES.map((f) => ({
        id: f.symbol,
        name: f.name,
        symbol: f.symbol,
        networks: DEVNET_CHAINS.map((c) => ({
          name: networkName(c.id),
          display_name: c.name,
          chain_id: String(c.id),
          contract_address: f.address === NATIVE_TOKEN_ADDRESS ? '' : f.address,
        })),
      })),
    },
  }))

  router.post('/v1/onramp/quote', async ({ json, query }) => {
    requireQuery(query, 'projectId')
    const body = await json()
    const purchase = idOf(field(body, 'purchaseCurrency'))
    const payment = idOf(field(body, 'paymentCurrency')) || 'USD'
    const amount = Number(field(body, 'amount'))
    const meta = DEVNET_FUNGIBLES.find((f) => f.symbol.toLowerCase() === purchase.toLowerCase())
    if (!meta) throw new HttpError(400, `Unknown purchase currency ${purchase}`)
    if (!Number.isFinite(amount) || amount <= 0) throw new HttpError(400, 'Invalid amount')
    const quote = quoteOf(amount.toFixed(2), payment, meta)
    if (!quote) throw new HttpError(400, 'Amount too small')
    return { json: quote }
  })

  router.post('/v1/generators/onrampurl', async ({ json, query }) => {
    requireQuery(query, 'projectId')
    const body = await json()
    const wallets = field(body, 'destinationWallets')
    const first = Array.isArray(wallets) ? (wallets[0] as { address?: unknown; assets?: unknown; blockchains?: unknown } | undefined) : undefined
    if (!first || typeof first.address !== 'string') throw new HttpError(400, 'Missing destinationWallets[0].address')
    const { address } = parseAccount(first.address)
    const assets = Array.isArray(first.assets) ? first.assets : []
    const symbol = typeof assets[0] === 'string' ? assets[0] : 'ETH'
    const chains = Array.isArray(first.blockchains) ? first.blockchains : []
    const chainId = chainFromNetwork(field(body, 'defaultNetwork')) ?? chainFromNetwork(chains[0]) ?? DEVNET_CHAINS[0].id
    const meta = DEVNET_FUNGIBLES.find((f) => f.symbol.toLowerCase() === symbol.toLowerCase()) ?? DEVNET_FUNGIBLES[0]!
    const presetCrypto = Number(field(body, 'presetCryptoAmount'))
    const presetFiat = Number(field(body, 'presetFiatAmount'))
    // An extension of the spec's body, as Coinbase's own checkout takes it: the currency paid in.
    const fiatCurrency = field(body, 'fiatCurrency')
    const payment = typeof fiatCurrency === 'string' && /^[A-Z]{3}$/.test(fiatCurrency) ? fiatCurrency : 'USD'
    // Sold by the total paid, as quoted: the money asked for, else what buys the crypto asked for.
    const total =
      Number.isFinite(presetFiat) && presetFiat > 0
        ? presetFiat.toFixed(2)
        : Number.isFinite(presetCrypto) && presetCrypto > 0
          ? onRampTotalBuying({ amount: presetCrypto, price: meta.price }, FEES)
          : '100.00'
    const quote = quoteOf(total, payment, meta)
    if (!quote) throw new HttpError(400, 'Amount too small')
    const checkout: Checkout = {
      id: randomUUID(),
      // An extension of the spec's body: which provider's checkout to open (default Coinbase).
      provider: providerOf(field(body, 'provider')),
      address,
      chainId,
      symbol: meta.symbol,
      figures: quoteFigures(quote),
      status: 'open',
    }
    checkouts.set(checkout.id, checkout)
    return { json: { url: `${deps.baseUrl()}/onramp/checkout/${checkout.id}/${checkout.provider}` } }
  })

  const page = (title: string, inner: string): { contentType: string; body: string } => ({
    contentType: 'text/html; charset=utf-8',
    body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem}button{font-size:1rem;padding:.6rem 1.2rem}</style>
</head><body><h1>${escapeHtml(title)}</h1>${inner}</body></html>`,
  })

  // Each provider's page; the bare id shows its own provider's.
  const checkoutPage: Handler = ({ params }) => {
    const c = checkouts.get(params.id!)
    if (!c || (params.provider !== undefined && params.provider !== c.provider)) throw new HttpError(404, 'Unknown checkout')
    const chain = DEVNET_CHAINS.find((x) => x.id === c.chainId)!
    const f = c.figures
    const money = (amount: string) => `${escapeHtml(amount)} ${escapeHtml(f.currency)}`
    const summary = `<p>Buy <strong id="checkout-amount">${escapeHtml(f.purchase.amount)} ${escapeHtml(c.symbol)}</strong> on ${escapeHtml(chain.name)} for <strong id="checkout-total">${money(f.total)}</strong>, fees included:</p>
<dl><dt>Provider fee (${escapeHtml(f.providerFeePercent)}%)</dt><dd id="checkout-provider-fee">${money(f.providerFee)}</dd><dt>Network fee</dt><dd id="checkout-network-fee">${money(f.networkFee)}</dd><dt>Buys ${escapeHtml(c.symbol)} for</dt><dd id="checkout-subtotal">${money(f.subtotal)}</dd></dl>
<p>Destination: <code>${c.address}</code></p>`
    const title = `${PROVIDERS[c.provider]} checkout (devnet)`
    if (c.status === 'paid') return page(title, `${summary}<p id="status">Paid. Transaction <code>${c.hash}</code>.</p>`)
    return page(title, `${summary}<form method="post" action="/onramp/checkout/${c.id}/${c.provider}/complete"><button type="submit">Complete purchase</button></form>`)
  }
  router.get('/onramp/checkout/:id', checkoutPage)
  router.get('/onramp/checkout/:id/:provider', checkoutPage)

  const complete: Handler = async ({ params, req }) => {
    const c = checkouts.get(params.id!)
    if (!c || (params.provider !== undefined && params.provider !== c.provider)) throw new HttpError(404, 'Unknown checkout')
    if (c.status !== 'paid') {
      const run = payQueue.then(() => pay(c))
      payQueue = run.catch(() => undefined)
      c.hash = await run
      c.status = 'paid'
    }
    if ((req.headers.accept ?? '').includes('application/json')) return { json: { status: c.status, hash: c.hash } }
    return page(`${PROVIDERS[c.provider]} checkout (devnet)`, `<p id="status">Paid ${escapeHtml(c.figures.purchase.amount)} ${escapeHtml(c.symbol)} for ${escapeHtml(c.figures.total)} ${escapeHtml(c.figures.currency)} to <code>${c.address}</code>. Transaction <code>${c.hash}</code>. You can close this window.</p>`)
  }
  router.post('/onramp/checkout/:id/complete', complete)
  router.post('/onramp/checkout/:id/:provider/complete', complete)

  const pay = async (c: Checkout): Promise<Hex> => {
    const meta = DEVNET_FUNGIBLES.find((f) => f.symbol === c.symbol)!
    const url = deps.rpcUrls[c.chainId]
    if (!url) throw new HttpError(400, 'Chain not running')
    const wallet = createWalletClient({
      chain: devnetViemChain(c.chainId, url),
      transport: http(url),
      account: privateKeyToAccount(DEVNET_ONRAMP_TREASURY.privateKey),
    })
    const amount = parseUnits(c.figures.purchase.amount, meta.decimals)
    return meta.address === NATIVE_TOKEN_ADDRESS
      ? wallet.sendTransaction({ to: c.address, value: amount })
      : wallet.writeContract({ address: meta.address, abi: erc20Abi, functionName: 'transfer', args: [c.address, amount] })
  }
}
