/**
 * The server's own chain-data source for EVM chains (spec section 7): balances, prices and swaps read
 * from each configured chain through plain JSON-RPC, with no bookkeeping of the server's: the
 * chain's native coin and its token list's tokens in one Multicall3 call, prices from the chain's
 * price feeds, quotes and transactions from its Uniswap V2-compatible router. Whatever is not about
 * these chains (another namespace, a chain not configured) goes to the deployment's `next` source
 * when it has one, and otherwise gets the empty answer of a chain the service does not support
 * (spec section 8). Balances are not cached here: the server's balance cache (section 9) holds them.
 */
import { getAddress, isAddress, maxUint256, type Address, type Hex, type PublicClient } from 'viem'
import type { ChainDataHandler, ChainDataOperation, ChainDataPort, ChainDataRequest } from '../chain-data.js'
import { ChainDataError } from '../chain-data.js'
import { balanceRow, passOn } from './namespace-source.js'
import { historyToken } from './history-token.js'
import type { Clock } from '../clock.js'
import type { ActivitySource } from './activity/activity.js'
import type { HttpPrices } from './http-prices.js'
import { EvmBalanceReader, type NativeCurrency } from './evm-balances.js'
import { EvmPrices, NATIVE_PRICE_KEY } from './evm-prices.js'
import type { PriceFeed } from './price-feeds.js'
import type { ListedToken } from './token-list.js'
import { searchTokens, type SearchableToken } from './token-search.js'
import { NATIVE_TOKEN, UniswapV2Swaps, type SwapRouterConfig } from './uniswap-v2.js'

export { NATIVE_PRICE_KEY }

export const ETHER: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** The words 1inch answers when no pool can fill a trade; the modal shows its own text for it. */
export const INSUFFICIENT_LIQUIDITY = 'insufficient liquidity'
/** The gas a swap or an approval is given when it cannot be estimated (its approval is not mined yet). */
const FALLBACK_GAS = 300_000n

export interface EvmChain {
  /** The eip155 chain id. */
  readonly reference: number
  readonly client: PublicClient
  readonly native?: NativeCurrency
  /** The tokens whose balances are read and which swap, from the token lists. */
  readonly tokens: readonly ListedToken[]
  /**
   * USD price feeds: each `key` is `native`, a token's address, or a display currency's code (`EUR`:
   * the feed gives that currency's price in USD).
   */
  readonly feeds: readonly PriceFeed[]
  readonly feedMaxAgeSeconds?: number
  readonly swap?: SwapRouterConfig
  /** Where the chain's history is read (see evmActivity); without it, the chain has none here. */
  readonly activity?: EvmActivityConfig
}

/**
 * A chain's history: through its node's Otterscan API, or indexed by this server from `startBlock`
 * on (into the database). `onrampSenders` pay the chain's on-ramp purchases.
 */
export type EvmActivityConfig =
  | { readonly source: 'otterscan'; readonly onrampSenders?: readonly Address[] }
  | { readonly source: 'indexer'; readonly startBlock: bigint; readonly confirmations?: number; readonly onrampSenders?: readonly Address[] }

export interface EvmChainDataOptions {
  readonly chains: readonly EvmChain[]
  readonly clock: Clock
  /** Where a request that is not about these chains goes; without it, the empty answer. */
  readonly next?: ChainDataPort
  /** A token's icon where its list gives none; by default the server's own token image by symbol. */
  readonly iconUrl?: (symbol: string, request: ChainDataRequest) => string
  /** Prices for what no feed of the chain prices (an HTTP endpoint of the host's). */
  readonly httpPrices?: HttpPrices
  /** The chains' prices when they are shared (with the history rows); by default built from `chains` and `httpPrices`. */
  readonly prices?: EvmPrices
  /** An account's history on these chains (Otterscan or the indexer); without it, the next source's. */
  readonly activity?: ActivitySource
  /** A chain that did not answer, for the logs (a multi-chain balance leaves it out). */
  readonly onChainError?: (chainId: string, error: unknown) => void
}

interface Chain {
  readonly id: string
  readonly config: EvmChain
  readonly native: NativeCurrency
  readonly balances: EvmBalanceReader
  readonly swaps?: UniswapV2Swaps
  readonly byAddress: ReadonlyMap<string, ListedToken>
}

/** What a request names as a chain: ours, another one, or not an eip155 chain at all. */
type Where = { readonly kind: 'ours'; readonly chain: Chain } | { readonly kind: 'elsewhere' }

/** A token's icon on this server: its token image by symbol, for the project the call names. */
export function defaultIconUrl(symbol: string, request: ChainDataRequest): string {
  const body = request.body as { projectId?: unknown } | undefined
  const projectId = request.query.get('projectId') ?? (typeof body?.projectId === 'string' ? body.projectId : '')
  return `${request.baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${encodeURIComponent(projectId)}`
}

function reasons(status: number, description: string): ChainDataError {
  return new ChainDataError(status, description, { reasons: [{ description }] })
}

/** An account given plain (`0xabc…`) or as CAIP-10 (`eip155:1:0xabc…`); undefined when it is of another namespace. */
function evmAccount(value: string): { address: Address; chain?: string } | undefined {
  const parts = value.trim().split(':')
  if (parts.length === 3 && parts[0] !== 'eip155') return undefined
  const raw = parts.length === 3 ? parts[2]! : parts.length === 1 ? parts[0]! : ''
  if (parts.length === 1 && !raw.startsWith('0x')) return undefined
  if (!isAddress(raw, { strict: false })) throw new ChainDataError(400, `Invalid address ${value}`)
  return { address: getAddress(raw), ...(parts.length === 3 ? { chain: `${parts[0]}:${parts[1]}` } : {}) }
}

/** A chain id given as CAIP-2 (`eip155:1`) or a bare eip155 number, as CAIP-2; other namespaces as given. */
function caip2(value: string): string {
  const trimmed = value.trim()
  return /^\d+$/.test(trimmed) ? `eip155:${trimmed}` : trimmed
}

function amountOf(value: string, name = 'amount'): bigint {
  if (!/^\d{1,78}$/.test(value)) throw reasons(400, `Invalid ${name}: expected an integer in base units`)
  return BigInt(value)
}

export function evmChainData(options: EvmChainDataOptions): ChainDataPort {
  const iconUrl = options.iconUrl ?? defaultIconUrl
  const chains = new Map<string, Chain>()
  for (const config of options.chains) {
    const native = config.native ?? ETHER
    chains.set(`eip155:${config.reference}`, {
      id: `eip155:${config.reference}`,
      config,
      native,
      balances: new EvmBalanceReader(config.client, native, config.tokens),
      ...(config.swap === undefined ? {} : { swaps: new UniswapV2Swaps(config.client, config.swap) }),
      byAddress: new Map(config.tokens.map((token) => [token.address.toLowerCase(), token])),
    })
  }
  const next = options.next ?? {}
  const where = (chainId: string): Where => {
    const chain = chains.get(caip2(chainId))
    return chain === undefined ? { kind: 'elsewhere' } : { kind: 'ours', chain }
  }
  /** The next source's answer, or the empty one when there is none. */
  const pass = (operation: ChainDataOperation, request: ChainDataRequest, empty: unknown) => passOn(next, operation, request, empty)

  /** A token of a chain by CAIP-10 (`eip155:1:0x…`): the native coin, a listed token, or an unknown one (400). */
  const token = (value: string, name: string): { chain: Chain; address: Address; listed?: ListedToken } | undefined => {
    const parts = value.split(':')
    if (parts.length !== 3 || !isAddress(parts[2]!, { strict: false })) throw reasons(400, `Invalid ${name}: expected a CAIP-10 address`)
    const found = where(`${parts[0]}:${parts[1]}`)
    if (found.kind !== 'ours') return undefined
    const address = getAddress(parts[2]!)
    if (address === NATIVE_TOKEN) return { chain: found.chain, address }
    const listed = found.chain.byAddress.get(address.toLowerCase())
    if (listed === undefined) throw reasons(400, `Unknown token ${value}`)
    return { chain: found.chain, address, listed }
  }

  const prices = options.prices ?? new EvmPrices(options.chains, options.clock, options.httpPrices)
  const currencyRate = (currency: string | undefined): Promise<number> => prices.currencyRate(currency)

  /** Prices of a chain by lower-cased token address (the native coin at NATIVE_TOKEN's), in `rate`'s currency. */
  const pricesOf = async (chain: Chain, rate: number): Promise<Map<string, number>> =>
    new Map([...(await prices.usd(chain.config.reference))].map(([key, usd]) => [key, usd / rate]))

  const gas = async (chain: Chain, tx: { from: Address; to: Address; data: Hex; value: bigint }, skip: boolean): Promise<bigint> => {
    if (skip) return FALLBACK_GAS
    try {
      return ((await chain.config.client.estimateGas({ account: tx.from, to: tx.to, data: tx.data, value: tx.value })) * 12n) / 10n
    } catch {
      // A swap whose approval is not mined yet cannot be estimated; the wallet estimates again anyway.
      return FALLBACK_GAS
    }
  }

  const quote = async (chain: Chain, swaps: UniswapV2Swaps, from: Address, to: Address, amount: bigint): Promise<bigint> => {
    if (from === to) throw reasons(400, 'The tokens to swap must differ')
    if (amount === 0n) throw reasons(400, 'Invalid amount: expected more than 0')
    let out: bigint
    try {
      out = await swaps.quote(from, to, amount)
    } catch (error) {
      // No pool, or one too small: the router reverts.
      if (/INSUFFICIENT|revert/i.test(String(error))) throw reasons(400, INSUFFICIENT_LIQUIDITY)
      throw error
    }
    if (out === 0n) throw reasons(400, INSUFFICIENT_LIQUIDITY)
    return out
  }

  const swapPair = (from: string, to: string, user?: string) => {
    const a = token(from, 'from')
    const b = token(to, 'to')
    const account = user === undefined ? undefined : evmAccount(user)
    if (user !== undefined && account === undefined) throw reasons(400, `Invalid address ${user}`)
    if (a === undefined || b === undefined || a.chain !== b.chain || a.chain.swaps === undefined) return undefined
    if (account?.chain !== undefined && account.chain !== a.chain.id) return undefined
    return { chain: a.chain, swaps: a.chain.swaps, from: a.address, to: b.address, ...(account === undefined ? {} : { user: account.address }) }
  }

  /** The tokens a chain swaps: its native coin, then its token list's, in the list's order (none without a router). */
  const swapTokensOf = (chain: Chain, request: ChainDataRequest): SearchableToken[] => {
    if (chain.swaps === undefined) return []
    const native = { name: chain.native.name, symbol: chain.native.symbol, address: `${chain.id}:${NATIVE_TOKEN}`, decimals: chain.native.decimals, logoUri: iconUrl(chain.native.symbol, request) }
    const listed = chain.config.tokens.map((t) => ({ name: t.name, symbol: t.symbol, address: `${chain.id}:${t.address}`, decimals: t.decimals, logoUri: t.logoURI ?? iconUrl(t.symbol, request) }))
    return [native, ...listed]
  }

  return {
    ...next,

    supportedChains: async (request) => {
      const ours = [...chains.keys()]
      const others = next.supportedChains === undefined ? { http: [], ws: [] } : ((await next.supportedChains(request)).json as { http: string[]; ws: string[] })
      const merge = (theirs: readonly string[]) => [...new Set([...ours, ...theirs])]
      return { json: { http: merge(others.http), ws: merge(others.ws) } }
    },

    balance: async (request) => {
      const account = evmAccount(request.params.address ?? '')
      if (account === undefined) return pass('balance', request, { balances: [] })
      const asked = request.query.get('chainId') ?? account.chain
      let selected: Chain[]
      if (asked !== undefined && asked !== null && asked !== '') {
        const found = where(asked)
        if (found.kind !== 'ours') return pass('balance', request, { balances: [] })
        selected = [found.chain]
      } else {
        selected = [...chains.values()]
      }
      const rate = await currencyRate(request.query.get('currency') ?? undefined)
      const read = await Promise.allSettled(
        selected.map(async (chain) => {
          const [held, prices] = await Promise.all([chain.balances.balances(account.address), pricesOf(chain, rate).catch(() => new Map<string, number>())])
          // A token without a price shows no fiat value: 0, as the modal reads it, never a made-up one.
          return held.map((row) => balanceRow(chain.id, row, row.amount, prices.get((row.address ?? NATIVE_TOKEN).toLowerCase()) ?? 0, row.logoURI ?? iconUrl(row.symbol, request), row.address))
        }),
      )
      read.forEach((result, i) => result.status === 'rejected' && options.onChainError?.(selected[i]!.id, result.reason))
      // One chain asked and it did not answer: an error, not an empty wallet. Of several, those that answered.
      if (read.every((result) => result.status === 'rejected')) {
        if (selected.length > 0) throw (read[0] as PromiseRejectedResult).reason
      }
      return { json: { balances: read.flatMap((result) => (result.status === 'fulfilled' ? result.value : [])) } }
    },

    history: async (request) => {
      const account = evmAccount(request.params.address ?? '')
      const empty = { data: [], next: null }
      if (account === undefined || options.activity === undefined) return pass('history', request, empty)
      // One chain a page: the one named, else the only one read here.
      const asked = request.query.get('chainId') || account.chain
      const found = asked === undefined ? (chains.size === 1 ? ({ kind: 'ours', chain: [...chains.values()][0]! } as const) : ({ kind: 'elsewhere' } as const)) : where(asked)
      if (found.kind !== 'ours') return pass('history', request, empty)
      const token = historyToken(request.query.get('token'), found.chain.id, (address) => isAddress(address, { strict: false }))
      const page = await options.activity.page({
        account: account.address,
        chainId: found.chain.config.reference,
        cursor: request.query.get('cursor') || null,
        onrampOnly: Boolean(request.query.get('onramp')),
        ...(token === undefined ? {} : { token: token.kind === 'native' ? token : { kind: 'contract', address: getAddress(token.address) } }),
      })
      // A token the list gives no logo: this server's image by its symbol, as its balance shows it.
      const data = page.data.map((row) => ({
        ...row,
        transfers: row.transfers.map((transfer) =>
          transfer.fungible_info === undefined || transfer.fungible_info.icon.url !== '' ? transfer : { ...transfer, fungible_info: { ...transfer.fungible_info, icon: { url: iconUrl(transfer.fungible_info.symbol, request) } } },
        ),
      }))
      return { json: { ...page, data } }
    },

    prices: async (request) => {
      const body = request.body as { currency?: string; addresses?: string[] }
      const addresses = body.addresses ?? []
      const rate = await currencyRate(body.currency)
      const ours: { chain: Chain; address: Address; caip: string }[] = []
      const others: string[] = []
      for (const caip of addresses) {
        const parts = caip.split(':')
        const found = parts.length === 3 ? where(`${parts[0]}:${parts[1]}`) : ({ kind: 'elsewhere' } as const)
        if (found.kind === 'ours' && isAddress(parts[2]!, { strict: false })) ours.push({ chain: found.chain, address: getAddress(parts[2]!), caip })
        else others.push(caip)
      }
      const byChain = new Map<Chain, Map<string, number>>()
      // A chain whose feeds do not answer prices nothing: no price rather than an error or a made-up one.
      for (const chain of new Set(ours.map((entry) => entry.chain))) byChain.set(chain, await pricesOf(chain, rate).catch(() => new Map<string, number>()))
      const fungibles = ours.flatMap(({ chain, address, caip }) => {
        const price = byChain.get(chain)?.get(address.toLowerCase())
        const meta = address === NATIVE_TOKEN ? chain.native : chain.byAddress.get(address.toLowerCase())
        if (price === undefined || meta === undefined) return []
        const logo = 'logoURI' in meta ? meta.logoURI : undefined
        return [{ name: meta.name, symbol: meta.symbol, iconUrl: logo ?? iconUrl(meta.symbol, request), price, address: caip }]
      })
      if (others.length > 0 && next.prices !== undefined) {
        const theirs = (await next.prices({ ...request, body: { ...(request.body as object), addresses: others } })).json as { fungibles: unknown[] }
        fungibles.push(...(theirs.fungibles as typeof fungibles))
      }
      return { json: { fungibles } }
    },

    fiatRates: async (request) => {
      // The base is three capitals by the contract (checked before this runs); one nothing prices is refused.
      const base = request.query.get('base') ?? 'USD'
      const usd = await prices.currencyPrices()
      const basePrice = usd.get(base)
      if (basePrice === undefined) throw new ChainDataError(400, `Unsupported base currency ${base}`)
      const rates: Record<string, number> = {}
      for (const [code, price] of usd) rates[code] = basePrice / price
      return { json: { base, rates, at: new Date(options.clock.now()).toISOString() } }
    },

    swapTokens: convert(async (request) => {
      const found = where(request.query.get('chainId') ?? '')
      if (found.kind !== 'ours') return pass('swapTokens', request, { tokens: [] })
      return { json: { tokens: swapTokensOf(found.chain, request) } }
    }),

    searchTokens: convert(async (request) => {
      const chainId = request.query.get('chainId') ?? ''
      const found = where(chainId)
      if (found.kind !== 'ours') return pass('searchTokens', request, { tokens: [] })
      return { json: { tokens: searchTokens(swapTokensOf(found.chain, request), request.query.get('q') ?? '', found.chain.id) } }
    }),

    swapQuotes: convert(async (request) => {
      const amount = amountOf(request.query.get('amount') ?? '')
      const pair = swapPair(request.query.get('from') ?? '', request.query.get('to') ?? '', request.query.get('userAddress') ?? undefined)
      if (pair === undefined) return pass('swapQuotes', request, { quotes: [] })
      const toAmount = await quote(pair.chain, pair.swaps, pair.from, pair.to, amount)
      return { json: { quotes: [{ fromAmount: amount.toString(), fromAccount: `${pair.chain.id}:${pair.from}`, toAmount: toAmount.toString(), toAccount: `${pair.chain.id}:${pair.to}` }] } }
    }),

    swapAllowance: convert(async (request) => {
      const found = token(request.query.get('tokenAddress') ?? '', 'tokenAddress')
      const user = evmAccount(request.query.get('userAddress') ?? '')
      if (user === undefined) throw reasons(400, `Invalid address ${request.query.get('userAddress') ?? ''}`)
      if (found === undefined || found.chain.swaps === undefined) return pass('swapAllowance', request, { allowance: '0' })
      return { json: { allowance: (await found.chain.swaps.allowance(found.address, user.address)).toString() } }
    }),

    gasPrice: convert(async (request) => {
      const found = where(request.query.get('chainId') ?? '')
      if (found.kind !== 'ours') {
        if (next.gasPrice !== undefined) return next.gasPrice(request)
        throw reasons(400, 'Network not supported for Gas Price')
      }
      const price = await found.chain.config.client.getGasPrice()
      return { json: { standard: price.toString(), fast: ((price * 12n) / 10n).toString(), instant: ((price * 15n) / 10n).toString() } }
    }),

    // `amount` is an extension of the 1inch call: an approval of exactly that many base units
    // instead of an unlimited one.
    buildApprove: convert(async (request) => {
      const pair = swapPair(request.query.get('from') ?? '', request.query.get('to') ?? '', request.query.get('userAddress') ?? '')
      if (pair === undefined) {
        if (next.buildApprove !== undefined) return next.buildApprove(request)
        throw reasons(400, 'Network not supported for Swaps')
      }
      if (pair.from === NATIVE_TOKEN) throw reasons(400, 'The native token needs no approval')
      const asked = request.query.get('amount')
      const tx = pair.swaps.approve(pair.from, pair.user!, asked === null ? maxUint256 : amountOf(asked))
      const [gasLimit, gasPrice] = await Promise.all([gas(pair.chain, tx, false), pair.chain.config.client.getGasPrice()])
      return { json: { tx: { from: tx.from, to: tx.to, data: tx.data, value: '0', eip155: { gas: gasLimit.toString(), gasPrice: gasPrice.toString() } } } }
    }),

    buildTransaction: convert(async (request) => {
      const body = request.body as { amount: string; from: string; to: string; userAddress: string; eip155: { slippage: number | string }; disableEstimate?: boolean }
      const amount = amountOf(body.amount)
      const pair = swapPair(body.from, body.to, body.userAddress)
      if (pair === undefined) {
        if (next.buildTransaction !== undefined) return next.buildTransaction(request)
        throw reasons(400, 'Network not supported for Swaps')
      }
      const slippage = Number(body.eip155.slippage)
      if (!Number.isFinite(slippage) || slippage < 0 || slippage > 100) throw reasons(400, 'Invalid slippage')
      await quote(pair.chain, pair.swaps, pair.from, pair.to, amount)
      // A quiet chain's latest block can be older than the deadline's window: the next block takes
      // the clock's time, so count from whichever is later.
      const block = await pair.chain.config.client.getBlock()
      const nowSeconds = Math.max(Number(block.timestamp), Math.floor(options.clock.now() / 1000))
      const tx = await pair.swaps.swap({ from: pair.from, to: pair.to, amountIn: amount, owner: pair.user!, slippagePercent: slippage, nowSeconds })
      const [gasLimit, gasPrice] = await Promise.all([gas(pair.chain, tx, body.disableEstimate === true), pair.chain.config.client.getGasPrice()])
      return { json: { tx: { from: tx.from, to: tx.to, data: tx.data, amount: tx.value.toString(), eip155: { gas: gasLimit.toString(), gasPrice: gasPrice.toString() } } } }
    }),
  }
}

/** A convert call refuses as the modal reads it: `{ reasons: [{ description }] }`, whatever refused. */
function convert(handler: ChainDataHandler): ChainDataHandler {
  return async (request) => {
    try {
      return await handler(request)
    } catch (error) {
      if (error instanceof ChainDataError && !Array.isArray((error.body as { reasons?: unknown } | undefined)?.reasons)) throw reasons(error.status, error.message)
      throw error
    }
  }
}
