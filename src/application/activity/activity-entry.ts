/**
 * One activity row as the Activity tab shows it: direction, token, amount, counterparty, status
 * and explorer link, derived from a Transaction.
 */
import type { Transaction, TransferDirection, TransactionStatus } from '../../domain/transactions/transaction'
import { formatBalanceNumeric } from '../../domain/format/amount'

export interface ActivityEntry {
  readonly id: string
  readonly hash: string
  /** The direction of the transaction's main transfer (`out` for a transfer-less send). */
  readonly direction: TransferDirection
  /** "Sent", "Received", "Self", "Minted" or "ContractInteraction" (a call that moved no token: nothing to sign + or −). */
  readonly label: string
  /** Token symbol or NFT name. */
  readonly token: string
  /** 3 decimals, truncated ("0.250"); undefined for an NFT. */
  readonly amount?: string
  readonly iconUrl?: string
  /** The other party: the receiver of an outgoing transfer, the sender of an incoming one. */
  readonly counterparty: string
  readonly status: TransactionStatus
  /** ISO time the transaction was mined (or sent, while pending). */
  readonly minedAt: string
  /** `<explorer>/tx/<hash>` when the network has an explorer. */
  readonly explorerUrl?: string
}

const LABELS: Record<TransferDirection, string> = { out: 'Sent', in: 'Received', self: 'Self' }

export function toActivityEntry(transaction: Transaction, blockExplorerUrl?: string): ActivityEntry {
  const meta = transaction.metadata
  const transfer = transaction.transfers[0]
  const direction: TransferDirection = transfer?.direction ?? (meta.operationType === 'receive' ? 'in' : 'out')
  const label =
    meta.operationType === 'mint' ? 'Minted' : meta.operationType === 'execute' && !transfer ? 'ContractInteraction' : LABELS[direction]
  const fungible = transfer?.fungible_info
  const nft = transfer?.nft_info
  let amount: string | undefined
  if (fungible && transfer) {
    try {
      amount = formatBalanceNumeric(transfer.quantity.numeric)
    } catch {
      amount = transfer.quantity.numeric
    }
  }
  const explorer = blockExplorerUrl?.replace(/\/+$/, '')
  return {
    id: transaction.id,
    hash: meta.hash,
    direction,
    label,
    token: fungible?.symbol ?? nft?.name ?? '',
    ...(amount === undefined ? {} : { amount }),
    ...(fungible?.icon.url ? { iconUrl: fungible.icon.url } : nft?.content.preview.url ? { iconUrl: nft.content.preview.url } : {}),
    // The transfer's own parties: a token transfer's transaction is sent to the token's contract.
    counterparty: direction === 'in' ? (transfer?.sender ?? meta.sentFrom) : (transfer?.recipient ?? meta.sentTo),
    status: meta.status,
    minedAt: meta.minedAt,
    ...(explorer ? { explorerUrl: `${explorer}/tx/${meta.hash}` } : {}),
  }
}
