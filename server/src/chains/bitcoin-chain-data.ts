/**
 * Balances on a Bitcoin network, read through an Esplora HTTP API (Blockstream's and mempool.space's
 * shape, which electrs serves): `GET /address/:address` gives the confirmed and mempool sums of the
 * outputs an address received and spent; its balance is what it received less what it spent, pending
 * spends included. Priced through a price source (`native`); no price shows no fiat value. Each call
 * tries the network's Esplora URLs in turn.
 */
import { decodeBase58 } from '../base58.js'
import type { ChainDataPort, ChainDataRequest } from '../chain-data.js'
import { accountOn, balanceRow, currencyRateOf, passOn, pricesOrNone, supportedWith, type CurrencyRate } from './namespace-source.js'
import type { NativeCurrency } from './evm-balances.js'
import type { PriceSource } from './price-feeds.js'

export const BTC: NativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }
const REQUEST_TIMEOUT_MS = 10_000

export interface BitcoinChain {
  /** CAIP-2, `bip122:<genesis hash prefix>`. */
  readonly id: string
  /** Esplora API roots, e.g. `https://blockstream.info/api`. */
  readonly esploraUrls: readonly string[]
  readonly native?: NativeCurrency
  readonly prices?: PriceSource
}

export interface BitcoinChainDataOptions {
  readonly chains: readonly BitcoinChain[]
  readonly next?: ChainDataPort
  readonly iconUrl: (symbol: string, request: ChainDataRequest) => string
  /** Display currencies' rates (see EvmPrices.currencyRate); without it, balances are in USD only. */
  readonly currencyRate?: CurrencyRate
}

interface Stats {
  readonly funded_txo_sum?: unknown
  readonly spent_txo_sum?: unknown
}

/** A Bitcoin address: bech32/bech32m of any network, or base58check of 25 bytes (P2PKH, P2SH). */
export function isBitcoinAddress(value: string): boolean {
  if (/^(bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}$/.test(value.toLowerCase()) && (value === value.toLowerCase() || value === value.toUpperCase())) return true
  if (!/^[1-9A-HJ-NP-Za-km-z]{25,35}$/.test(value)) return false
  try {
    return decodeBase58(value).length === 25
  } catch {
    return false
  }
}

const sats = (value: unknown): bigint => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new Error('Esplora answered a sum that is not a whole number of satoshis')
  return BigInt(value)
}

export class EsploraBalanceReader {
  constructor(private readonly urls: readonly string[]) {}

  /** The address's balance in satoshis, pending receipts and spends included. */
  async balance(address: string): Promise<bigint> {
    let last: unknown
    for (const root of this.urls) {
      try {
        const response = await fetch(`${root.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        const body = (await response.json()) as { chain_stats?: Stats; mempool_stats?: Stats }
        const chain = body.chain_stats ?? {}
        const mempool = body.mempool_stats ?? { funded_txo_sum: 0, spent_txo_sum: 0 }
        const balance = sats(chain.funded_txo_sum) - sats(chain.spent_txo_sum) + sats(mempool.funded_txo_sum) - sats(mempool.spent_txo_sum)
        return balance < 0n ? 0n : balance
      } catch (error) {
        last = error
      }
    }
    throw new Error(`no Esplora URL answered: ${last instanceof Error ? last.message : String(last)}`)
  }
}

export function bitcoinChainData(options: BitcoinChainDataOptions): ChainDataPort {
  const chains = new Map(options.chains.map((chain) => [chain.id, { chain, reader: new EsploraBalanceReader(chain.esploraUrls) }]))
  const next = options.next ?? {}
  const networks = new Set(chains.keys())

  return {
    ...next,

    supportedChains: supportedWith([...chains.keys()], next),

    balance: async (request) => {
      const found = accountOn('bip122', networks, isBitcoinAddress, request.params.address ?? '', request.query.get('chainId'))
      if (found === undefined) return passOn(next, 'balance', request, { balances: [] })
      const rate = await currencyRateOf(options.currencyRate, request.query.get('currency'))
      const { chain, reader } = chains.get(found.id)!
      const [amount, prices] = await Promise.all([reader.balance(found.owner), pricesOrNone(chain.prices)])
      if (amount === 0n) return { json: { balances: [] } }
      const native = chain.native ?? BTC
      return { json: { balances: [balanceRow(chain.id, native, amount, (prices.get('native') ?? 0) / rate, options.iconUrl(native.symbol, request))] } }
    },
  }
}
