import type { ServiceIdentifier } from 'inversify'
import type { CaipNetworkId } from '../domain/entities'

/**
 * Moving tokens from the connected wallet (spec section 7, wallet-side calls: send transaction,
 * write contract, estimate gas). Implementations talk to the connected wallet's own provider and
 * load their chain SDK on demand, never at import time.
 */
export interface TokenTransfers {
  /**
   * The network fee the transfer would cost. MUST NOT ask the wallet for a signature.
   * @throws GasEstimationError when the chain cannot estimate it (the cause says why).
   * @throws UnsupportedTransferChainError for a chain family it cannot send on (before any request).
   */
  estimate(request: TransferRequest, options?: { signal?: AbortSignal }): Promise<GasEstimate>

  /**
   * Asks the wallet to send exactly one transaction: a plain value transfer for the native token,
   * an ERC-20 `transfer(to, amount)` otherwise. Resolves once the wallet returned the hash (the
   * transaction may still be pending).
   * @throws TransactionRejectedError (domain) when the wallet refused (RPC code 4001).
   * @throws TransferFailedError with the wallet's or chain's own words for any other failure.
   * @throws UnsupportedTransferChainError for a chain family it cannot send on (before any request).
   */
  send(request: TransferRequest): Promise<SentTransfer>

  /**
   * Where a sent transaction stands: `pending` while it has no receipt, then `confirmed` or
   * `failed` from its receipt. MUST NOT throw for a missing receipt (that is `pending`);
   * rejects when the chain cannot be reached.
   */
  receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus>
}
export const TokenTransfers = Symbol('TokenTransfers') as ServiceIdentifier<TokenTransfers>

export interface TransferRequest {
  /** CAIP-2 network the wallet must be on, e.g. `eip155:31337`. */
  readonly chainId: CaipNetworkId
  /** The connected account (plain address, e.g. `0xabc…`). */
  readonly from: string
  /** The receiver (plain address). */
  readonly to: string
  /** Base units of the token. */
  readonly amount: bigint
  /** The token contract (plain address); absent for the native token. */
  readonly token?: string
}

export interface GasEstimate {
  /** Gas units. */
  readonly gas: bigint
  /** Price per gas unit the fee assumes (base units of the native token). */
  readonly gasPrice: bigint
  /** `gas * gasPrice`: the most the transfer is expected to cost in the native token. */
  readonly fee: bigint
}

export interface SentTransfer {
  /** The transaction hash (0x…). */
  readonly hash: string
  /** The transaction's nonce when the chain already knows it. */
  readonly nonce?: number
}

export type ReceiptStatus = 'pending' | 'confirmed' | 'failed'

/** The chain could not estimate the network fee (e.g. the transfer would revert). */
export class GasEstimationError extends Error {
  override readonly name = 'GasEstimationError' as const
  readonly code = 'GAS_ESTIMATION_FAILED' as const
  constructor(options?: { cause?: unknown }) {
    super('Could not estimate the network fee', options)
  }
}

/** The wallet or the chain refused the transfer for a reason other than the user's rejection. */
export class TransferFailedError extends Error {
  override readonly name = 'TransferFailedError' as const
  readonly code = 'TRANSFER_FAILED' as const
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/** No transfer support for this chain family yet (Solana joins later). */
export class UnsupportedTransferChainError extends Error {
  override readonly name = 'UnsupportedTransferChainError' as const
  readonly code = 'UNSUPPORTED_TRANSFER_CHAIN' as const
  constructor(readonly chainId: string) {
    super(`No transfers on ${chainId}`)
  }
}
