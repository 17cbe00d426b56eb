import { z } from 'zod/mini'
import { BALANCE_CACHE_MS, IDENTITY_CACHE_MS, SWAP_SLIPPAGE_TOLERANCE } from '../../domain/constants'
import { SWAP_SUPPORTED_CHAIN_IDS, type NamespaceCapability } from '../../domain/feature-constants'
import { type CaipAddress, type CaipNetworkId, type ChainNamespace, type GasPrice, type Identity, type NameProfile, type NameSuggestion, type OnRampOptions, type Quote, type SwapQuote, type SwapToken, type TokenBalance, type TransactionPage } from '../../domain/entities'
import { caipNetworkIdSchema, gasPriceSchema, identitySchema, nameProfileSchema, nameSuggestionSchema, onRampOptionsSchema, quoteSchema, swapQuoteSchema, swapTokenSchema, tokenBalanceSchema, transactionPageSchema } from '../../domain/entity-schemas'
import {
  NameSuggestionsError,
  NamesForAddressError,
  RegisterNameError,
  ResolveNameError,
} from '../../domain/errors'
import { defaultOnRampOptions, placeholderQuote } from '../../domain/on-ramp/on-ramp-fallbacks'
import { assertGasPriceNetwork, assertSwapNetwork, supportsCapability } from '../../domain/network/network-support'
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
} from '../../ports/blockchain-api'
import type { Clock } from '../../ports/clock'
import { HttpError, isAbortError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import { parseCaip, segment } from './caip'
import type { FetchHttpClient } from './fetch-http-client'
import { TtlCache } from './ttl-cache'
import { INSUFFICIENT_LIQUIDITY_REASON, SwapInsufficientLiquidityError } from '../../domain/swap/swap-errors'
import { withoutZodJit } from '../../domain/validation/zod-error-map'

// Wire schemas for answers the domain has no entity for (docs/service-api.md).
// Built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after.
const {
  supportedChainsSchema,
  balancesSchema,
  fungiblesSchema,
  swapTokensSchema,
  swapQuotesSchema,
  allowanceSchema,
  swapTransactionSchema,
  approveTransactionSchema,
  reverseNamesSchema,
  suggestionsSchema,
  onRampUrlSchema,
} = withoutZodJit(() => {
  const supportedChainsSchema = z.object({
    http: z.array(caipNetworkIdSchema),
    ws: z.array(caipNetworkIdSchema),
  })
  const balancesSchema = z.object({ balances: z.array(tokenBalanceSchema) })
  const fungiblesSchema = z.object({
    fungibles: z.array(
      z.object({
        name: z.string(),
        symbol: z.string(),
        iconUrl: z.string(),
        price: z.number(),
        address: z.string(),
      }),
    ),
  })
  const swapTokensSchema = z.object({ tokens: z.array(swapTokenSchema) })
  const swapQuotesSchema = z.object({ quotes: z.array(swapQuoteSchema) })
  const allowanceSchema = z.object({ allowance: z.string().check(z.regex(/^\d+$/)) })
  const eip155GasSchema = z.object({ gas: z.string(), gasPrice: z.string() })
  const swapTransactionSchema = z.object({
    tx: z.object({
      from: z.string(),
      to: z.string(),
      data: z.string(),
      amount: z.string(),
      eip155: eip155GasSchema,
    }),
  })
  const approveTransactionSchema = z.object({
    tx: z.object({
      from: z.string(),
      to: z.string(),
      data: z.string(),
      value: z.string(),
      eip155: eip155GasSchema,
    }),
  })
  const reverseNamesSchema = z.array(nameProfileSchema)
  const suggestionsSchema = z.object({ suggestions: z.array(nameSuggestionSchema) })
  const onRampUrlSchema = z.object({ url: z.string().check(z.minLength(1)) })
  return {
    supportedChainsSchema,
    balancesSchema,
    fungiblesSchema,
    swapTokensSchema,
    swapQuotesSchema,
    allowanceSchema,
    swapTransactionSchema,
    approveTransactionSchema,
    reverseNamesSchema,
    suggestionsSchema,
    onRampUrlSchema,
  }
})

const EMPTY_IDENTITY: Identity = Object.freeze({ name: null, avatar: null })

export interface FetchBlockchainApiOptions {
  /**
   * eip155 chain ids on which swaps and gas price are offered. Defaults to the spec's swap networks
   * (section 9, `SWAP_SUPPORTED_CHAIN_IDS`); a deployment adds its own chains here (the devnet's
   * 31337 and 31338, for example).
   */
  readonly swapChainIds?: readonly number[]
  /** Told about fallbacks (on-ramp options and quote) as warnings. */
  readonly logger?: Pick<Logger, 'warn'>
}

/** {@link BlockchainApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchBlockchainApi implements BlockchainApi {
  private readonly swapChainIds: readonly number[]
  private readonly logger: Pick<Logger, 'warn'> | undefined
  private readonly balances: TtlCache<TokenBalance[]>
  private readonly identities: TtlCache<Identity>
  private readonly names: TtlCache<NameProfile | null>
  private readonly reverseNames: TtlCache<NameProfile[]>
  private supportedChains: SupportedChains | undefined

  constructor(
    private readonly http: FetchHttpClient,
    clock: Clock,
    options: FetchBlockchainApiOptions = {},
  ) {
    this.swapChainIds = options.swapChainIds ?? SWAP_SUPPORTED_CHAIN_IDS
    this.logger = options.logger
    this.balances = new TtlCache(clock, BALANCE_CACHE_MS)
    this.identities = new TtlCache(clock, IDENTITY_CACHE_MS)
    this.names = new TtlCache(clock, IDENTITY_CACHE_MS)
    this.reverseNames = new TtlCache(clock, IDENTITY_CACHE_MS)
  }

  async getSupportedChains(options: RequestOptions = {}): Promise<SupportedChains> {
    options.signal?.throwIfAborted()
    if (this.supportedChains) return this.supportedChains
    const chains = await this.http.get('/v1/supported-chains', supportedChainsSchema, options)
    this.supportedChains = chains
    return chains
  }

  async isNetworkSupported(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<boolean> {
    try {
      const { http } = await this.getSupportedChains(options)
      return http.includes(chainId)
    } catch (error) {
      if (isAbortError(error)) throw error
      return true
    }
  }

  async getIdentity(address: CaipAddress, options: IdentityOptions = {}): Promise<Identity> {
    options.signal?.throwIfAborted()
    const parsed = parseCaip(address)
    if (!parsed?.address || !supports('names', parsed.namespace)) return { ...EMPTY_IDENTITY }
    const plain = parsed.address
    return this.identities.getOrLoad(plain.toLowerCase(), options.forceUpdate, () =>
      this.http.get(`/v1/identity/${segment(plain)}`, identitySchema, {
        query: { sender: options.sender },
        signal: options.signal,
      }),
    )
  }

  async getTransactions(account: CaipAddress, options: TransactionsOptions = {}): Promise<TransactionPage> {
    options.signal?.throwIfAborted()
    const parsed = await this.supportedAccount(account, 'activity', options)
    if (!parsed) return { data: [], next: null }
    return this.http.get(`/v1/account/${segment(parsed.address)}/history`, transactionPageSchema, {
      query: { cursor: options.cursor, onramp: options.onramp, chainId: parsed.chainId },
      signal: options.signal,
    })
  }

  async getBalances(account: CaipAddress, options: CachedRequestOptions = {}): Promise<TokenBalance[]> {
    options.signal?.throwIfAborted()
    const parsed = await this.supportedAccount(account, 'balance', options)
    if (!parsed) return []
    const key = `${parsed.chainId}|${parsed.address.toLowerCase()}`
    // A copy, so a caller sorting or filtering in place never changes what the cache holds.
    const balances = await this.balances.getOrLoad(key, options.forceUpdate, async () => {
      const answer = await this.http.get(`/v1/account/${segment(parsed.address)}/balance`, balancesSchema, {
        query: {
          currency: 'usd',
          chainId: parsed.chainId,
          forceUpdate: options.forceUpdate ? 'true' : undefined,
        },
        signal: options.signal,
        // The balance store's 30 s retry gate (spec section 8) is this call's only retry rule.
        retry: false,
      })
      return answer.balances
    })
    return [...balances]
  }

  async getTokenPrices(addresses: readonly string[], options: RequestOptions = {}): Promise<FungiblePrice[]> {
    if (addresses.length === 0) return []
    const answer = await this.http.post('/v1/fungible/price', fungiblesSchema, {
      body: { currency: 'usd', addresses, projectId: this.http.projectId },
      signal: options.signal,
    })
    return answer.fungibles
  }

  async getSwapTokens(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<SwapToken[]> {
    this.assertSwapNetwork(chainId)
    const answer = await this.http.get('/v1/convert/tokens', swapTokensSchema, {
      query: { chainId },
      signal: options.signal,
    })
    return answer.tokens
  }

  async getSwapQuotes(params: SwapQuoteParams, options: RequestOptions = {}): Promise<SwapQuote[]> {
    this.assertSwapNetwork(params.from)
    const answer = await this.http
      .get('/v1/convert/quotes', swapQuotesSchema, {
        query: {
          amount: params.amount,
          userAddress: params.userAddress,
          from: params.from,
          to: params.to,
          gasPrice: params.gasPrice,
        },
        signal: options.signal,
      })
      .catch(liquidityError)
    return answer.quotes
  }

  async getSwapAllowance(params: SwapAllowanceParams, options: RequestOptions = {}): Promise<string> {
    this.assertSwapNetwork(params.tokenAddress)
    const answer = await this.http.get('/v1/convert/allowance', allowanceSchema, {
      query: { tokenAddress: params.tokenAddress, userAddress: params.userAddress },
      signal: options.signal,
    })
    return answer.allowance
  }

  async getGasPrice(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<GasPrice> {
    assertGasPriceNetwork(chainId, this.swapChainIds)
    return this.http.get('/v1/convert/gas-price', gasPriceSchema, {
      query: { chainId },
      signal: options.signal,
    })
  }

  async buildSwapTransaction(params: BuildSwapParams, options: RequestOptions = {}): Promise<SwapTransaction> {
    this.assertSwapNetwork(params.from)
    const answer = await this.http
      .post('/v1/convert/build-transaction', swapTransactionSchema, {
        body: {
          amount: params.amount,
          eip155: { slippage: params.slippage ?? SWAP_SLIPPAGE_TOLERANCE },
          projectId: this.http.projectId,
          from: params.from,
          to: params.to,
          userAddress: params.userAddress,
          disableEstimate: params.disableEstimate ?? false,
        },
        signal: options.signal,
      })
      .catch(liquidityError)
    return answer.tx
  }

  async buildApproveTransaction(
    params: BuildApproveParams,
    options: RequestOptions = {},
  ): Promise<ApproveTransaction> {
    this.assertSwapNetwork(params.from)
    const answer = await this.http.get('/v1/convert/build-approve', approveTransactionSchema, {
      query: { userAddress: params.userAddress, from: params.from, to: params.to, amount: params.amount },
      signal: options.signal,
    })
    return answer.tx
  }

  async lookUpName(name: string, options: CachedRequestOptions = {}): Promise<NameProfile | null> {
    options.signal?.throwIfAborted()
    return this.names.getOrLoad(name.toLowerCase(), options.forceUpdate, async () => {
      try {
        return await this.http.get(`/v1/profile/account/${segment(name)}`, nameProfileSchema, {
          query: { apiVersion: 2 },
          signal: options.signal,
        })
      } catch (error) {
        if (error instanceof HttpError && error.status === 404) return null
        throw mapped(error, (cause) => new ResolveNameError({ cause }))
      }
    })
  }

  async reverseLookUpNames(address: CaipAddress, options: IdentityOptions = {}): Promise<NameProfile[]> {
    options.signal?.throwIfAborted()
    const parsed = parseCaip(address)
    if (!parsed?.address || !supports('names', parsed.namespace)) return []
    const plain = parsed.address
    return this.reverseNames.getOrLoad(plain.toLowerCase(), options.forceUpdate, async () => {
      try {
        return await this.http.get(`/v1/profile/reverse/${segment(plain)}`, reverseNamesSchema, {
          query: { sender: options.sender, apiVersion: 2 },
          signal: options.signal,
        })
      } catch (error) {
        throw mapped(error, (cause) => new NamesForAddressError({ cause }))
      }
    })
  }

  async getNameSuggestions(name: string, options: NameSuggestionsOptions = {}): Promise<NameSuggestion[]> {
    try {
      const answer = await this.http.get(`/v1/profile/suggestions/${segment(name)}`, suggestionsSchema, {
        query: { zone: options.zone },
        signal: options.signal,
      })
      return answer.suggestions
    } catch (error) {
      throw mapped(error, (cause) => new NameSuggestionsError({ cause }))
    }
  }

  async registerName(params: RegisterNameParams, options: RequestOptions = {}): Promise<NameProfile> {
    try {
      const profile = await this.http.post('/v1/profile/account', nameProfileSchema, {
        body: {
          coin_type: params.coinType,
          address: params.address,
          message: params.message,
          signature: params.signature,
        },
        signal: options.signal,
      })
      this.names.set(profile.name.toLowerCase(), profile)
      this.reverseNames.clear()
      this.identities.clear()
      return profile
    } catch (error) {
      throw mapped(error, (cause) =>
        RegisterNameError.fromReasons(params.name, cause instanceof HttpError ? cause.body : undefined, cause),
      )
    }
  }

  async generateOnRampUrl(params: OnRampUrlParams, options: RequestOptions = {}): Promise<string> {
    const answer = await this.http.post('/v1/generators/onrampurl', onRampUrlSchema, {
      query: { projectId: this.http.projectId },
      body: {
        destinationWallets: params.destinationWallets,
        defaultNetwork: params.defaultNetwork,
        partnerUserId: params.partnerUserId,
        defaultExperience: 'buy',
        presetCryptoAmount: params.presetCryptoAmount,
        presetFiatAmount: params.presetFiatAmount,
        fiatCurrency: params.fiatCurrency,
        provider: params.provider,
      },
      signal: options.signal,
    })
    return answer.url
  }

  async getOnRampOptions(options: RequestOptions = {}): Promise<OnRampOptions> {
    try {
      return await this.http.get('/v1/onramp/options', onRampOptionsSchema, options)
    } catch (error) {
      if (isAbortError(error)) throw error
      this.logger?.warn('On-ramp options unavailable; using the built-in defaults', error)
      return defaultOnRampOptions()
    }
  }

  async getOnRampQuote(params: OnRampQuoteParams, options: RequestOptions = {}): Promise<Quote> {
    try {
      return await this.http.post('/v1/onramp/quote', quoteSchema, {
        query: { projectId: this.http.projectId },
        body: {
          purchaseCurrency: params.purchaseCurrency,
          paymentCurrency: params.paymentCurrency,
          amount: params.amount,
          network: params.network,
        },
        signal: options.signal,
      })
    } catch (error) {
      if (isAbortError(error)) throw error
      this.logger?.warn('On-ramp quote unavailable; showing the placeholder quote', error)
      return placeholderQuote(params)
    }
  }

  /** The parsed account when its network supports `capability`, else undefined (no request made). */
  private async supportedAccount(
    account: CaipAddress,
    capability: NamespaceCapability,
    options: RequestOptions,
  ): Promise<{ chainId: CaipNetworkId; address: string } | undefined> {
    const parsed = parseCaip(account)
    if (!parsed?.address || !supports(capability, parsed.namespace)) return undefined
    if (!(await this.isNetworkSupported(parsed.chainId, options))) return undefined
    return { chainId: parsed.chainId, address: parsed.address }
  }

  /** Throws "Network not supported for Swaps" unless the CAIP-2/CAIP-10 id's network offers swaps. */
  private assertSwapNetwork(caip: string): void {
    assertSwapNetwork(parseCaip(caip)?.chainId, this.swapChainIds)
  }
}



function supports(capability: NamespaceCapability, namespace: ChainNamespace): boolean {
  return supportsCapability(capability, namespace)
}

/** Keeps an abort as it is; turns any other failure into the method's own domain error. */
/** A 4xx whose reason is the swap service's "insufficient liquidity" becomes its typed error. */
function liquidityError(error: unknown): never {
  if (
    error instanceof HttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.serviceMessage?.toLowerCase() === INSUFFICIENT_LIQUIDITY_REASON
  ) {
    throw new SwapInsufficientLiquidityError({ cause: error })
  }
  throw error
}

function mapped(error: unknown, toDomain: (cause: unknown) => Error): unknown {
  return isAbortError(error) ? error : toDomain(error)
}
