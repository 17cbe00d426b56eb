import type { ServiceIdentifier } from 'inversify'
import type {
  CaipAddress,
  CaipNetworkId,
  GasPrice,
  Identity,
  NameProfile,
  NameSuggestion,
  OnRampOptions,
  OnRampProviderName,
  Quote,
  SwapQuote,
  SwapToken,
  TokenBalance,
  TransactionPage,
} from '../domain/entities'

/**
 * The blockchain service of spec section 7 (wire contract: docs/service-api.md).
 *
 * Unless a method says otherwise, a failed call rejects with a typed service error from
 * `./http-errors`: `HttpError` (non-2xx; message `HTTP status code: <status>`, Response as cause),
 * `MalformedResponseError` (not JSON or not the contract's shape), `ServiceUnreachableError` or
 * `ServiceTimeoutError` (no answer within the client's time limit).
 * Aborting `signal` rejects with the signal's reason and never cancels the same request for
 * another caller. Nothing else is thrown.
 *
 * "Supported network" means: the chain's namespace is one the capability supports (spec section 9:
 * balance and send eip155 and solana; names and activity eip155 only; on-ramp eip155 and solana)
 * and the service lists the chain in `GET /v1/supported-chains` (`http`).
 */
export interface BlockchainApi {
  /**
   * MUST GET /v1/supported-chains once per instance while it succeeds (later calls answer from
   * memory) and resolve its CAIP-2 lists.
   */
  getSupportedChains(options?: RequestOptions): Promise<SupportedChains>

  /**
   * MUST resolve true when `chainId` (CAIP-2) is in the service's `http` list. When the list cannot
   * be fetched it MUST resolve true (the real call then reports the failure). Never rejects except
   * on abort.
   */
  isNetworkSupported(chainId: CaipNetworkId, options?: RequestOptions): Promise<boolean>

  /**
   * Name and avatar of an account (GET /v1/identity/{address}?sender=). MUST resolve
   * `{ name: null, avatar: null }` without a request for a non-eip155 address. Cached 5 min per
   * address; `forceUpdate` bypasses the cache.
   */
  getIdentity(address: CaipAddress, options?: IdentityOptions): Promise<Identity>

  /**
   * One page of history (GET /v1/account/{address}/history?cursor=&onramp=&chainId=), newest first.
   * MUST resolve `{ data: [], next: null }` without a request on an unsupported network
   * (activity: eip155 only).
   */
  getTransactions(account: CaipAddress, options?: TransactionsOptions): Promise<TransactionPage>

  /**
   * Token balances of the account on its network (GET /v1/account/{address}/balance?currency=usd&
   * chainId=&forceUpdate=). MUST resolve [] without a request on an unsupported network (balance:
   * eip155 and solana). Cached 30 s per account and network; `forceUpdate` bypasses the cache and
   * asks the service for fresh data.
   */
  getBalances(account: CaipAddress, options?: CachedRequestOptions): Promise<TokenBalance[]>

  /** Usd prices of tokens (POST /v1/fungible/price). MUST resolve [] without a request for no addresses. */
  getTokenPrices(addresses: readonly string[], options?: RequestOptions): Promise<FungiblePrice[]>

  /**
   * Tokens that can be swapped on a network (GET /v1/convert/tokens?chainId=).
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   */
  getSwapTokens(chainId: CaipNetworkId, options?: RequestOptions): Promise<SwapToken[]>

  /**
   * Swap quotes (GET /v1/convert/quotes), amounts in base units. The network is read from `from`.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   * @throws SwapInsufficientLiquidityError when the service says no pool can fill the trade.
   */
  getSwapQuotes(params: SwapQuoteParams, options?: RequestOptions): Promise<SwapQuote[]>

  /**
   * The allowance (base units) the swap router has on the user's token (GET /v1/convert/allowance).
   * The network is read from `tokenAddress`.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   */
  getSwapAllowance(params: SwapAllowanceParams, options?: RequestOptions): Promise<string>

  /**
   * Gas prices in wei (GET /v1/convert/gas-price?chainId=).
   * @throws GasPriceNetworkNotSupportedError before any request on an unsupported network.
   */
  getGasPrice(chainId: CaipNetworkId, options?: RequestOptions): Promise<GasPrice>

  /**
   * The swap transaction (POST /v1/convert/build-transaction). The network is read from `from`;
   * slippage defaults to the spec's tolerance of 1.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   * @throws SwapInsufficientLiquidityError when the service says no pool can fill the trade.
   */
  buildSwapTransaction(params: BuildSwapParams, options?: RequestOptions): Promise<SwapTransaction>

  /**
   * The approval transaction for a swap (GET /v1/convert/build-approve). The network is read from `from`.
   * With `amount` the approval is for exactly that many base units, else unlimited.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   */
  buildApproveTransaction(params: BuildApproveParams, options?: RequestOptions): Promise<ApproveTransaction>

  /**
   * The profile of a name (GET /v1/profile/account/{name}?apiVersion=2). MUST resolve null when the
   * name is not registered (404). Cached 5 min per name; `forceUpdate` bypasses.
   * @throws ResolveNameError (cause: the service error) on any other failure.
   */
  lookUpName(name: string, options?: CachedRequestOptions): Promise<NameProfile | null>

  /**
   * Names of an address (GET /v1/profile/reverse/{address}?sender=&apiVersion=2). Cached 5 min;
   * `forceUpdate` bypasses. MUST resolve [] without a request for a non-eip155 address.
   * @throws NamesForAddressError (cause: the service error) on failure.
   */
  reverseLookUpNames(address: CaipAddress, options?: IdentityOptions): Promise<NameProfile[]>

  /**
   * Free and taken names like `name` (GET /v1/profile/suggestions/{name}?zone=).
   * @throws NameSuggestionsError (cause: the service error) on failure.
   */
  getNameSuggestions(name: string, options?: NameSuggestionsOptions): Promise<NameSuggestion[]>

  /**
   * Registers a name (POST /v1/profile/account) with an EIP-191 signed message.
   * @throws RegisterNameError whose message is the service's first reason description, else
   * "Error registering name {name}" (cause: the service error).
   */
  registerName(params: RegisterNameParams, options?: RequestOptions): Promise<NameProfile>

  /** A checkout url of the on-ramp provider (POST /v1/generators/onrampurl?projectId=). */
  generateOnRampUrl(params: OnRampUrlParams, options?: RequestOptions): Promise<string>

  /**
   * Payment and purchase currencies (GET /v1/onramp/options). MUST NOT reject on a service failure:
   * it resolves the built-in defaults of spec section 9 instead (an abort still rejects).
   */
  getOnRampOptions(options?: RequestOptions): Promise<OnRampOptions>

  /**
   * A purchase quote (POST /v1/onramp/quote?projectId=). MUST NOT reject on a service failure: it
   * resolves the domain's `placeholderQuote` (id `placeholder-quote`) instead (an abort still rejects).
   */
  getOnRampQuote(params: OnRampQuoteParams, options?: RequestOptions): Promise<Quote>
}
export const BlockchainApi = Symbol('BlockchainApi') as ServiceIdentifier<BlockchainApi>

export interface RequestOptions {
  readonly signal?: AbortSignal
}

export interface CachedRequestOptions extends RequestOptions {
  /** Skip the cache (and ask the service for fresh data where it supports it). */
  readonly forceUpdate?: boolean
}

export interface IdentityOptions extends CachedRequestOptions {
  /** The connected account asking, sent as `sender`. */
  readonly sender?: string
}

export interface TransactionsOptions extends RequestOptions {
  readonly cursor?: string | null
  /** On-ramp provider whose purchases to include, e.g. `coinbase`. */
  readonly onramp?: string
}

export interface NameSuggestionsOptions extends RequestOptions {
  /** The provider's own zone, e.g. `wg.id`. */
  readonly zone?: string
}

export interface SupportedChains {
  readonly http: CaipNetworkId[]
  readonly ws: CaipNetworkId[]
}

export interface FungiblePrice {
  name: string
  symbol: string
  iconUrl: string
  price: number
  /** CAIP-10 token address. */
  address: string
}

export interface SwapQuoteParams {
  /** Base units. */
  readonly amount: string
  readonly userAddress: string
  /** CAIP-10 token addresses. */
  readonly from: string
  readonly to: string
  /** Wei. */
  readonly gasPrice: string
}

export interface SwapAllowanceParams {
  /** CAIP-10 token address. */
  readonly tokenAddress: string
  readonly userAddress: string
}

export interface BuildSwapParams {
  /** Base units. */
  readonly amount: string
  /** CAIP-10 token addresses. */
  readonly from: string
  readonly to: string
  readonly userAddress: string
  /** Percent; defaults to 1 (spec section 9). */
  readonly slippage?: number
  readonly disableEstimate?: boolean
}

export interface BuildApproveParams {
  readonly userAddress: string
  /** CAIP-10 token addresses. */
  readonly from: string
  readonly to: string
  /** Base units to approve exactly (an extension of the spec's call); omitted: unlimited. */
  readonly amount?: string
}

export interface Eip155Gas {
  gas: string
  gasPrice: string
}

export interface SwapTransaction {
  from: string
  to: string
  data: string
  /** Base units. */
  amount: string
  eip155: Eip155Gas
}

export interface ApproveTransaction {
  from: string
  to: string
  data: string
  /** Wei. */
  value: string
  eip155: Eip155Gas
}

export interface RegisterNameParams {
  /** The full name, e.g. `alice.wg.id` (used for the error message). */
  readonly name: string
  readonly coinType: number
  readonly address: string
  /** The JSON message that was signed (docs/service-api.md, name registration). */
  readonly message: string
  readonly signature: string
}

export interface OnRampDestinationWallet {
  readonly address: string
  readonly blockchains: readonly string[]
  readonly assets?: readonly string[]
}

export interface OnRampUrlParams {
  readonly destinationWallets: readonly OnRampDestinationWallet[]
  readonly defaultNetwork?: string
  readonly partnerUserId: string
  readonly presetCryptoAmount?: number
  /** What the visitor pays in all, fees included (the quote's `paymentTotal`). */
  readonly presetFiatAmount?: number
  /**
   * The currency `presetFiatAmount` is in (`USD`, `EUR`): an extension of the spec's body, sent as
   * `fiatCurrency` as Coinbase's checkout takes it (docs/service-api.md); without it, USD.
   */
  readonly fiatCurrency?: string
  /**
   * The provider whose checkout to open (`coinbase`, `meld`): an extension of the spec's body, sent
   * as `provider` (docs/service-api.md); a service without it answers its default provider's url.
   */
  readonly provider?: OnRampProviderName
}

export interface OnRampQuoteParams {
  /** Purchase currency id, e.g. `USDC`. */
  readonly purchaseCurrency: string
  /** Payment currency id, e.g. `USD`. */
  readonly paymentCurrency: string
  /** Fiat amount as a decimal string. */
  readonly amount: string
  readonly network?: string
}

