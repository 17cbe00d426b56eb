import type { ServiceIdentifier } from 'inversify'
import type { CaipNetworkId } from '../domain/entities'
import type { ReceiptStatus, SentTransfer } from './token-transfers'

/**
 * Sends the transactions a swap service prepared (an approval, a swap) from the connected wallet
 * (spec section 7, wallet-side calls: send transaction). Implementations talk to the connected
 * wallet's own provider and load their chain SDK on demand, never at import time.
 */
export interface SwapTransactions {
  /**
   * Asks the wallet to send exactly this one transaction. Resolves once the wallet returned the
   * hash (the transaction may still be pending).
   * @throws TransactionRejectedError (domain) when the wallet refused (RPC code 4001).
   * @throws TransferFailedError with the wallet's or chain's own words for any other failure.
   * @throws UnsupportedTransferChainError for a chain family it cannot send on (before any request).
   */
  send(request: PreparedTransaction): Promise<SentTransfer>

  /** Where a sent transaction stands. MUST NOT throw for a missing receipt (`pending`); rejects when unreachable. */
  receiptStatus(chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus>
}
export const SwapTransactions = Symbol('SwapTransactions') as ServiceIdentifier<SwapTransactions>

export interface PreparedTransaction {
  /** CAIP-2 network the wallet must be on. */
  readonly chainId: CaipNetworkId
  /** The connected account (plain address). */
  readonly from: string
  /** The contract to call (plain address). */
  readonly to: string
  /** Call data (0x-hex). */
  readonly data: string
  /** Native value in base units. */
  readonly value: bigint
  /** Gas limit the service suggests; the wallet may estimate its own when absent. */
  readonly gas?: bigint
}
