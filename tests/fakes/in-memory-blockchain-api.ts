import { verifyMessage } from 'viem'
import { SWAP_SLIPPAGE_TOLERANCE } from '../../src/domain/constants'
import { SUPPORTED_NAMESPACES, type NamespaceCapability } from '../../src/domain/feature-constants'
import type {
  CaipAddress,
  CaipNetworkId,
  GasPrice,
  Identity,
  NameProfile,
  NameSuggestion,
  OnRampOptions,
  Quote,
  SwapQuote,
  SwapToken,
  TokenBalance,
  Transaction,
  TransactionPage,
} from '../../src/domain/entities'
import {
  GasPriceNetworkNotSupportedError,
  RegisterNameError,
  SwapNetworkNotSupportedError,
} from '../../src/domain/errors'
import { defaultOnRampOptions, placeholderQuote } from '../../src/domain/on-ramp/on-ramp-fallbacks'
import { quoteOnRampPurchase, type OnRampFeeSchedule } from '../../src/domain/on-ramp/on-ramp-fees'
import { isSwapNetwork } from '../../src/domain/network/network-support'
import { SwapInsufficientLiquidityError } from '../../src/domain/swap/swap-errors'

const MAX_UINT256 = 2n ** 256n - 1n
/** The fake's providers take what the devnet's do: 1.5 % of the total and 0.50 for the network. */
const ONRAMP_FAKE_FEES: OnRampFeeSchedule = { providerFeeBps: 150, networkFeeCents: 50 }
import {
  type ApproveTransaction,
  type BlockchainApi,
  type BuildApproveParams,
  type BuildSwapParams,
  type CachedRequestOptions,
  type FungiblePrice,
  type IdentityOptions,
  type NameSuggestionsOptions,
  type OnRampQuoteParams,
  type OnRampUrlParams,
  type RegisterNameParams,
  type RequestOptions,
  type SupportedChains,
  type SwapAllowanceParams,
  type SwapQuoteParams,
  type SwapTransaction,
  type TransactionsOptions,
} from '../../src/ports/blockchain-api'

type Method = keyof BlockchainApi

export interface InMemoryBlockchainApiSeed {
  /** Chains the "service" runs (its `http` list). */
  readonly supportedChains?: readonly CaipNetworkId[]
  /** eip155 chain ids on which swaps and gas price are offered; defaults to the eip155 `supportedChains`. */
  readonly swapChainIds?: readonly number[]
  /** Balances by CAIP-10 account (case-insensitive). */
  readonly balances?: Readonly<Record<string, readonly TokenBalance[]>>
  /** History by CAIP-10 account (case-insensitive), newest first. */
  readonly transactions?: Readonly<Record<string, readonly Transaction[]>>
  /** Page size of history; 20 like the service. */
  readonly historyPageSize?: number
  readonly prices?: readonly FungiblePrice[]
  readonly swapTokens?: Readonly<Record<string, readonly SwapToken[]>>
  readonly gasPrices?: Readonly<Record<string, GasPrice>>
  readonly names?: readonly NameProfile[]
  readonly onRampOptions?: OnRampOptions
  /** Base of generated on-ramp checkout urls. */
  readonly checkoutBaseUrl?: string
}

/**
 * An in-memory {@link BlockchainApi} that keeps the port's rules (unsupported networks, swap
 * networks, name registration with a verified EIP-191 signature, fallbacks) over seeded data. It
 * passes the same contract suite as `FetchBlockchainApi`.
 *
 * Test helpers: `calls` lists every method that reached the "service"; `failNext(method, error)`
 * makes the next call of `method` reach the service and fail with `error`, as a real failure would
 * (so `getOnRampOptions` and `getOnRampQuote` still fall back).
 */
export class InMemoryBlockchainApi implements BlockchainApi {
  /** Methods that reached the service, in order (calls answered without a request are absent). */
  readonly calls: Method[] = []
  private readonly failures = new Map<Method, unknown[]>()
  private readonly supported: CaipNetworkId[]
  private readonly swapChainIds: readonly number[]
  private readonly balances = new Map<string, TokenBalance[]>()
  private readonly history = new Map<string, Transaction[]>()
  private readonly names = new Map<string, NameProfile>()
  private readonly allowances = new Map<string, string>()

  constructor(private readonly seed: InMemoryBlockchainApiSeed = {}) {
    this.supported = [...(seed.supportedChains ?? ['eip155:1'])]
    this.swapChainIds =
      seed.swapChainIds ??
      this.supported.filter((id) => id.startsWith('eip155:')).map((id) => Number(id.slice('eip155:'.length)))
    for (const [account, list] of Object.entries(seed.balances ?? {})) this.balances.set(account.toLowerCase(), [...list])
    for (const [account, list] of Object.entries(seed.transactions ?? {}))
      this.history.set(account.toLowerCase(), [...list])
    for (const profile of seed.names ?? []) this.names.set(profile.name.toLowerCase(), profile)
  }

  /** What the router may spend of `userAddress`'s token (base units), as the chain would say after an approval. */
  setAllowance(tokenAddress: string, userAddress: string, amount: bigint): void {
    this.allowances.set(`${tokenAddress}|${userAddress}`.toLowerCase(), amount.toString())
  }

  /** Makes the next call of `method` fail with `error` once it reaches the service. */
  failNext(method: Method, error: unknown): void {
    const queue = this.failures.get(method) ?? []
    queue.push(error)
    this.failures.set(method, queue)
  }

  /** Replaces an account's balances (as a transfer on chain would). */
  setBalances(account: CaipAddress, balances: readonly TokenBalance[]): void {
    this.balances.set(account.toLowerCase(), [...balances])
  }

  /** Adds a transaction at the top of an account's history. */
  addTransaction(account: CaipAddress, transaction: Transaction): void {
    const list = this.history.get(account.toLowerCase()) ?? []
    this.history.set(account.toLowerCase(), [transaction, ...list.filter((t) => t.id !== transaction.id)])
  }

  getSupportedChains(options: RequestOptions = {}): Promise<SupportedChains> {
    return this.serve('getSupportedChains', options, () => ({ http: [...this.supported], ws: [] }))
  }

  isNetworkSupported(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<boolean> {
    aborted(options)
    return Promise.resolve(this.supported.includes(chainId))
  }

  getIdentity(address: CaipAddress, options: IdentityOptions = {}): Promise<Identity> {
    const parsed = parse(address)
    if (!parsed || !supports('names', parsed.namespace)) return this.local(options, () => ({ name: null, avatar: null }))
    return this.serve('getIdentity', options, () => {
      const profile = this.profilesOf(parsed.address)[0]
      return { name: profile?.name ?? null, avatar: profile?.attributes.avatar ?? null }
    })
  }

  async getTransactions(account: CaipAddress, options: TransactionsOptions = {}): Promise<TransactionPage> {
    const parsed = parse(account)
    if (!parsed || !supports('activity', parsed.namespace) || !this.supported.includes(parsed.chainId))
      return this.local(options, () => ({ data: [], next: null }))
    return this.serve('getTransactions', options, () => {
      const all = this.history.get(account.toLowerCase()) ?? []
      const size = this.seed.historyPageSize ?? 20
      const start = options.cursor ? Number(options.cursor) : 0
      const data = all.slice(start, start + size)
      const next = start + size < all.length ? String(start + size) : null
      return { data, next }
    })
  }

  getBalances(account: CaipAddress, options: CachedRequestOptions = {}): Promise<TokenBalance[]> {
    const parsed = parse(account)
    if (!parsed || !supports('balance', parsed.namespace) || !this.supported.includes(parsed.chainId))
      return this.local(options, () => [])
    return this.serve('getBalances', options, () => [...(this.balances.get(account.toLowerCase()) ?? [])])
  }

  getTokenPrices(addresses: readonly string[], options: RequestOptions = {}): Promise<FungiblePrice[]> {
    if (addresses.length === 0) return this.local(options, () => [])
    return this.serve('getTokenPrices', options, () => {
      const wanted = new Set(addresses.map((a) => a.toLowerCase()))
      return (this.seed.prices ?? []).filter((p) => wanted.has(p.address.toLowerCase()))
    })
  }

  async getSwapTokens(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<SwapToken[]> {
    this.assertSwap(chainId)
    return this.serve('getSwapTokens', options, () => [...(this.seed.swapTokens?.[chainId] ?? [])])
  }

  async getSwapQuotes(params: SwapQuoteParams, options: RequestOptions = {}): Promise<SwapQuote[]> {
    this.assertSwap(params.from)
    return this.serve('getSwapQuotes', options, () => {
      const from = this.priceOf(params.from)
      const to = this.priceOf(params.to)
      const fromToken = this.swapToken(params.from)
      const toToken = this.swapToken(params.to)
      if (!from || !to || !fromToken || !toToken) return []
      const toAmount = this.quote(params.amount, from, to, fromToken.decimals, toToken.decimals)
      return [{ fromAmount: params.amount, fromAccount: params.from, toAmount: toAmount.toString(), toAccount: params.to }]
    })
  }

  async getSwapAllowance(params: SwapAllowanceParams, options: RequestOptions = {}): Promise<string> {
    this.assertSwap(params.tokenAddress)
    return this.serve(
      'getSwapAllowance',
      options,
      () => this.allowances.get(`${params.tokenAddress}|${params.userAddress}`.toLowerCase()) ?? '0',
    )
  }

  async getGasPrice(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<GasPrice> {
    if (!isSwapNetwork(chainId, this.swapChainIds)) throw new GasPriceNetworkNotSupportedError()
    return this.serve('getGasPrice', options, () => ({
      ...(this.seed.gasPrices?.[chainId] ?? { standard: '1000000000', fast: '1500000000', instant: '2000000000' }),
    }))
  }

  async buildSwapTransaction(params: BuildSwapParams, options: RequestOptions = {}): Promise<SwapTransaction> {
    this.assertSwap(params.from)
    return this.serve('buildSwapTransaction', options, () => {
      const [from, to, fromToken, toToken] = [this.priceOf(params.from), this.priceOf(params.to), this.swapToken(params.from), this.swapToken(params.to)]
      if (from && to && fromToken && toToken) this.quote(params.amount, from, to, fromToken.decimals, toToken.decimals)
      return this.swapTransaction(params)
    })
  }

  /** The price-table quote; like the service, a trade that would pay nothing has no liquidity. */
  private quote(amount: string, fromPrice: number, toPrice: number, fromDecimals: number, toDecimals: number): bigint {
    const units = Number(amount) / 10 ** fromDecimals
    const toAmount = BigInt(Math.floor(((units * fromPrice) / toPrice) * 10 ** toDecimals))
    if (toAmount === 0n) throw new SwapInsufficientLiquidityError()
    return toAmount
  }

  private swapTransaction(params: BuildSwapParams): SwapTransaction {
    return {
      from: addressPart(params.userAddress),
      to: addressPart(params.to),
      data: `0x${'00'.repeat(4)}${BigInt(params.amount).toString(16).padStart(64, '0')}${(params.slippage ?? SWAP_SLIPPAGE_TOLERANCE).toString(16).padStart(64, '0')}`,
      amount: params.amount,
      eip155: { gas: '200000', gasPrice: '1000000000' },
    }
  }

  async buildApproveTransaction(params: BuildApproveParams, options: RequestOptions = {}): Promise<ApproveTransaction> {
    this.assertSwap(params.from)
    return this.serve('buildApproveTransaction', options, () => ({
      from: addressPart(params.userAddress),
      to: addressPart(params.from),
      // approve(spender, amount): the amount asked for, else unlimited.
      data: `0x095ea7b3${'00'.repeat(32)}${BigInt(params.amount ?? MAX_UINT256).toString(16).padStart(64, '0')}`,
      value: '0',
      eip155: { gas: '60000', gasPrice: '1000000000' },
    }))
  }

  lookUpName(name: string, options: CachedRequestOptions = {}): Promise<NameProfile | null> {
    return this.serve('lookUpName', options, () => this.names.get(name.toLowerCase()) ?? null)
  }

  reverseLookUpNames(address: CaipAddress, options: IdentityOptions = {}): Promise<NameProfile[]> {
    const parsed = parse(address)
    if (!parsed || !supports('names', parsed.namespace)) return this.local(options, () => [])
    return this.serve('reverseLookUpNames', options, () => this.profilesOf(parsed.address))
  }

  getNameSuggestions(name: string, options: NameSuggestionsOptions = {}): Promise<NameSuggestion[]> {
    return this.serve('getNameSuggestions', options, () => {
      const zone = options.zone ?? 'wg.id'
      const base = name.toLowerCase().split('.')[0] ?? ''
      const candidates = [base, `${base}-1`, `${base}-app`, `${base}-wallet`]
      return candidates.map((candidate) => {
        const full = `${candidate}.${zone}`
        return { name: full, registered: this.names.has(full) }
      })
    })
  }

  async registerName(params: RegisterNameParams, options: RequestOptions = {}): Promise<NameProfile> {
    this.calls.push('registerName')
    aborted(options)
    const failure = this.takeFailure('registerName')
    if (failure !== undefined) throw new RegisterNameError(params.name, { cause: failure })
    const reason = await this.registrationProblem(params)
    if (reason) throw new RegisterNameError(params.name, { reason })
    const message = JSON.parse(params.message) as { name: string }
    const now = new Date().toISOString()
    const existing = this.names.get(message.name.toLowerCase())
    if (existing) {
      existing.addresses[String(params.coinType)] = { address: params.address, created: now }
      existing.updated_at = now
      return existing
    }
    const profile: NameProfile = {
      name: message.name,
      registered_at: now,
      updated_at: now,
      addresses: { [String(params.coinType)]: { address: params.address, created: now } },
      attributes: {},
    }
    this.names.set(profile.name.toLowerCase(), profile)
    return profile
  }

  generateOnRampUrl(params: OnRampUrlParams, options: RequestOptions = {}): Promise<string> {
    return this.serve('generateOnRampUrl', options, () => {
      const url = new URL(this.seed.checkoutBaseUrl ?? 'http://127.0.0.1/onramp/checkout')
      url.searchParams.set('partnerUserId', params.partnerUserId)
      url.searchParams.set('wallet', params.destinationWallets[0]?.address ?? '')
      if (params.provider !== undefined) url.pathname = `${url.pathname}/${params.provider}`
      return url.toString()
    })
  }

  async getOnRampOptions(options: RequestOptions = {}): Promise<OnRampOptions> {
    try {
      return await this.serve('getOnRampOptions', options, () =>
        this.seed.onRampOptions ? structuredClone(this.seed.onRampOptions) : defaultOnRampOptions(),
      )
    } catch (error) {
      if (options.signal?.aborted) throw error
      return defaultOnRampOptions()
    }
  }

  async getOnRampQuote(params: OnRampQuoteParams, options: RequestOptions = {}): Promise<Quote> {
    try {
      return await this.serve('getOnRampQuote', options, () => {
        // The one fee model (the amount is the total paid), at 1 of the payment currency a unit.
        const quote = quoteOnRampPurchase(
          { total: params.amount, paymentCurrency: params.paymentCurrency, purchaseCurrency: params.purchaseCurrency, price: 1, decimals: 6 },
          ONRAMP_FAKE_FEES,
          `quote-${this.calls.length}`,
        )
        // The service refuses such an amount (400); the adapter then answers the placeholder.
        if (quote === undefined) throw new Error('Amount too small')
        return quote
      })
    } catch (error) {
      if (options.signal?.aborted) throw error
      return placeholderQuote(params)
    }
  }

  // ------------------------------------------------------------------ internals

  /** A call that reaches the "service": recorded, abortable, and failing when told to. */
  private serve<T>(method: Method, options: RequestOptions, answer: () => T): Promise<T> {
    try {
      aborted(options)
      this.calls.push(method)
      const failure = this.takeFailure(method)
      if (failure !== undefined) return Promise.reject(failure as Error)
      return Promise.resolve(answer())
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  /** A call answered without the service. */
  private local<T>(options: RequestOptions, answer: () => T): Promise<T> {
    try {
      aborted(options)
      return Promise.resolve(answer())
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  private takeFailure(method: Method): unknown {
    const queue = this.failures.get(method)
    return queue && queue.length > 0 ? queue.shift() : undefined
  }

  private assertSwap(caip: string): void {
    const parsed = parse(caip)
    if (!isSwapNetwork(parsed?.chainId, this.swapChainIds)) throw new SwapNetworkNotSupportedError()
  }

  private profilesOf(address: string): NameProfile[] {
    const wanted = address.toLowerCase()
    return [...this.names.values()].filter((profile) =>
      Object.values(profile.addresses).some((entry) => entry.address.toLowerCase() === wanted),
    )
  }

  private priceOf(caip10: string): number | undefined {
    return this.seed.prices?.find((p) => p.address.toLowerCase() === caip10.toLowerCase())?.price
  }

  private swapToken(caip10: string): SwapToken | undefined {
    const parsed = parse(caip10)
    return parsed
      ? this.seed.swapTokens?.[parsed.chainId]?.find((t) => t.address.toLowerCase() === caip10.toLowerCase())
      : undefined
  }

  private async registrationProblem(params: RegisterNameParams): Promise<string | undefined> {
    let message: { name?: unknown; address?: unknown; coinType?: unknown }
    try {
      message = JSON.parse(params.message) as typeof message
    } catch {
      return 'Invalid message'
    }
    if (typeof message.name !== 'string' || typeof message.address !== 'string') return 'Invalid message'
    if (message.address.toLowerCase() !== params.address.toLowerCase()) return 'Address does not match the message'
    if (message.coinType !== params.coinType) return 'Coin type does not match the message'
    let valid = false
    try {
      valid = await verifyMessage({
        address: params.address as `0x${string}`,
        message: params.message,
        signature: params.signature as `0x${string}`,
      })
    } catch {
      valid = false
    }
    if (!valid) return 'Invalid signature'
    const taken = this.names.get(message.name.toLowerCase())
    if (taken && !Object.values(taken.addresses).some((a) => a.address.toLowerCase() === params.address.toLowerCase()))
      return 'Name is already taken'
    return undefined
  }
}

function aborted(options: RequestOptions): void {
  options.signal?.throwIfAborted()
}

function parse(caip: string): { namespace: string; chainId: CaipNetworkId; address: string } | undefined {
  const [namespace, reference, address] = caip.split(':')
  if (!namespace || !reference) return undefined
  return { namespace, chainId: `${namespace}:${reference}` as CaipNetworkId, address: address ?? '' }
}

function supports(capability: NamespaceCapability, namespace: string): boolean {
  return (SUPPORTED_NAMESPACES[capability] as readonly string[]).includes(namespace)
}

function addressPart(value: string): string {
  return value.split(':').pop() ?? value
}
