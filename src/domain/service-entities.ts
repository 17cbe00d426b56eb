/**
 * Entities the modal's services answer with (spec section 3): activity, identity and names,
 * on-ramp, swaps and the send form's state. Types only, in the wire contract's field names
 * (docs/service-api.md); the rest of the vocabulary is ./entities.
 */
import type { ChainNamespace, TokenBalance } from './entities'

// ---------------------------------------------------------------- transactions

export type TransactionOperationType = 'send' | 'receive' | 'mint' | 'execute'
export type TransactionStatus = 'confirmed' | 'failed' | 'pending'
export type TransferDirection = 'in' | 'out' | 'self'

export interface TransactionMetadata {
  operationType: TransactionOperationType
  hash: string
  /** ISO 8601 time. */
  minedAt: string
  sentFrom: string
  sentTo: string
  status: TransactionStatus
  nonce: number
  /** CAIP-2 chain id. */
  chain: string
}

export interface FungibleInfo {
  name: string
  symbol: string
  icon: { url: string }
}

export interface NftInfo {
  name: string
  content: { preview: { url: string } }
  flags: { is_spam: boolean }
}

export interface TransactionTransfer {
  fungible_info?: FungibleInfo
  nft_info?: NftInfo
  direction: TransferDirection
  quantity: { numeric: string }
  value?: number
  price?: number
  /**
   * Who the tokens of this transfer left and reached. They differ from the transaction's
   * `sentFrom`/`sentTo` for a token transfer, whose transaction goes to the token's contract.
   */
  sender?: string
  recipient?: string
}

/** Transaction, section 3. `id` is the lowercase transaction hash. */
export interface Transaction {
  id: string
  metadata: TransactionMetadata
  transfers: TransactionTransfer[]
}

export interface TransactionPage {
  data: Transaction[]
  next: string | null
}

// ---------------------------------------------------------------- identity and names

/** Identity, section 3. */
export interface Identity {
  avatar: string | null
  name: string | null
}

export interface NameProfile {
  name: string
  registered_at: string
  updated_at: string
  /** Keyed by coin type. */
  addresses: Record<string, { address: string; created: string }>
  attributes: { avatar?: string; bio?: string }
}

/** Name suggestion entry, section 3. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

/** Name-service error body: `{ reasons: [{ description }] }`. */

// ---------------------------------------------------------------- on-ramp

export interface PurchaseCurrencyNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: PurchaseCurrencyNetwork[]
}

export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}

export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}

export interface OnRampOptions {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
}

export interface Money {
  amount: string
  currency: string
}

/** Quote, section 3. */
export interface Quote {
  coinbaseFee: Money
  networkFee: Money
  paymentSubtotal: Money
  paymentTotal: Money
  purchaseAmount: Money
  quoteId: string
}

export type OnRampProviderName = 'coinbase' | 'meld'

/** On-ramp provider, section 3. */
export interface OnRampProvider {
  label: string
  name: OnRampProviderName
  feeRange: string
  url: string
  supportedChains: ChainNamespace[]
}

// ---------------------------------------------------------------- swaps

export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10 token address. */
  address: string
  decimals: number
  logoUri: string
}

/** Amounts in base units (integer strings). */
export interface SwapQuote {
  fromAmount: string
  fromAccount: string
  toAmount: string
  toAccount: string
}

/** Gas prices in wei (integer strings). */
export interface GasPrice {
  standard: string
  fast: string
  instant: string
}

// ---------------------------------------------------------------- send

/** Send state, section 3. */
export interface SendState {
  token?: TokenBalance
  sendTokenAmount?: string
  receiverAddress?: string
  receiverProfileImageUrl?: string
  receiverProfileName?: string
  networkBalanceInUSD?: string
  tokenBalances: TokenBalance[]
  loading: boolean
}
