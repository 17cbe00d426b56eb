/**
 * What the send and activity use cases need from the rest of the application, as narrow
 * interfaces. The composition root (src/composition) binds them to the real stores (the account's
 * balance store, the modal's snack store), so these use cases never depend on how those work.
 */
import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { SnackText, TokenBalance } from '../../domain/entities'
import type { TransactionPreview } from '../preview/transaction-preview'

/** The connected account's token balances on its current network. */
export interface SendBalanceSource {
  /** Replays the current list; never errors. */
  readonly balances$: Observable<readonly TokenBalance[]>
  readonly balances: readonly TokenBalance[]
  /** Re-reads the balances, bypassing caches when `forceUpdate` is set (after a send). */
  refresh(options: { readonly forceUpdate: boolean }): Promise<unknown> | void
}
export const SendBalanceSource = Symbol('SendBalanceSource') as ServiceIdentifier<SendBalanceSource>

/** Where the use cases show a snack (the modal's SnackStore satisfies it). */
export interface SendNotifier {
  /** With a transaction's hash, the snack links to it in the network's block explorer. */
  /** `text`: the message as a catalogue text, for the visitor's language. */
  showSuccess(message: string, transactionHash?: string, text?: SnackText): void
  showError(message: string, text?: SnackText): void
}

/**
 * The modal's one TransactionPreview (bound with the account's module when features.preview is
 * on): the token lives here so the swap's bindings reach it without loading its module.
 */
export const TransactionPreviewToken = Symbol('TransactionPreview') as ServiceIdentifier<TransactionPreview>
