/** A transaction of the account's history as the service lists it (spec section 3). */

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
