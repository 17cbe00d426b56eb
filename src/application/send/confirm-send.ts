/**
 * ConfirmSend (spec section 4, "Sending" and transaction approval): hands the reviewed transfer to
 * the wallet, once.
 *
 * - A second call while the wallet has the request does nothing; the form is locked meanwhile.
 * - A receiver that would lose the money (see send-receiver-checks) needs an explicit yes.
 * - The wallet step is the ApproveTransaction view of the approval stack. A rejection says
 *   "Transaction rejected"; any failure keeps the form and the review and goes back to it.
 * - Cancel on that step goes back to the review, which says the request is still open in the
 *   wallet; if the wallet approves it later, the review says it was sent (no silent jump).
 * - On success: a pending activity entry, a success snack, balances refetched with forceUpdate,
 *   the form reset, back to Account.
 * - The request belongs to the connection it left over (namespace, connector, address): when that
 *   connection ends or changes account while the wallet has it, the send is abandoned (the
 *   approval cancelled, the form unlocked and reset) and whatever the wallet answers later is
 *   ignored: no activity entry, no snack, no event, no navigation.
 */
import { BehaviorSubject, combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs'
import { TransactionRejectedError } from '../../domain/errors'
import { sendErrorMessage, type SendError } from '../../domain/send/send-errors'
import { createPendingTransaction } from '../../domain/transactions/pending-transaction'
import type { Analytics } from '../../ports/analytics'
import type { Clock } from '../../ports/clock'
import type { Logger } from '../../ports/logger'
import type { SentTransfer, TokenTransfers } from '../../ports/token-transfers'
import type { ActivityStore } from '../activity/activity-store'
import type { ModalStore } from '../modal-store'
import type { SendBalanceSource, SendNotifier } from './collaborators'
import { guardWalletRequest, type GuardedConnection } from '../connection/wallet-request-guard'
import type { ChainNamespace } from '../../domain/entities'
import type { ReviewSend, ReviewSendState, SendPreview } from './review-send'
import type { SendForm, SendFormState } from './send-form'
import { sendErrorOf } from './send-failure'
import type { ApprovalPreview, ApprovalSummary, TransactionApprovals } from './transaction-approvals'

export type ConfirmSendState =
  | { readonly status: 'idle' }
  /**
   * The wallet has the request. `stillOpen`: the visitor cancelled the approval step, but the
   * wallet still asks (a site cannot take a request back from it): the review says so.
   */
  | { readonly status: 'sending'; readonly stillOpen?: true }
  /** The wallet refused or failed; the review stays and can be sent again. */
  | { readonly status: 'failed'; readonly error: SendError }
  /**
   * Sent, until the form is edited: the hash of the transaction. `preview` is what was sent when
   * the wallet was approved after the visitor cancelled: the review stays and says it was sent.
   */
  | { readonly status: 'sent'; readonly hash: string; readonly preview?: SendPreview }

export interface ConfirmSendDeps {
  readonly form: SendForm
  readonly review: ReviewSend
  readonly balances: Pick<SendBalanceSource, 'refresh'>
  readonly transfers: Pick<TokenTransfers, 'send'>
  readonly approvals: TransactionApprovals
  readonly activity: Pick<ActivityStore, 'addPending'>
  readonly modal: Pick<ModalStore, 'reset' | 'view'>
  /** The connection a send is tied to (a disconnect or account change abandons it). */
  readonly connection: GuardedConnection
  readonly notifier: SendNotifier
  readonly clock: Clock
  readonly logger: Logger
  readonly analytics?: Pick<Analytics, 'sendEvent'>
}

const SEND_FLOW_VIEWS: readonly string[] = ['Send', 'SendPreview', 'ApproveTransaction']
const IDLE: ConfirmSendState = { status: 'idle' }

/** What a confirm's outcome belongs to: the review it sent, or (once sent) the reset form. */
type Outcome =
  | { readonly preview: SendPreview; readonly state: ConfirmSendState }
  | { readonly revision: number; readonly state: ConfirmSendState }

export class ConfirmSend {
  private readonly outcome = new BehaviorSubject<Outcome | undefined>(undefined)
  readonly state$: Observable<ConfirmSendState>
  private inFlight = false
  private approvalCount = 0

  constructor(private readonly deps: ConfirmSendDeps) {
    this.state$ = combineLatest([this.outcome, deps.review.state$, deps.form.state$]).pipe(
      map(([outcome, review, form]) => stateFor(outcome, review, form)),
      distinctUntilChanged(),
    )
  }

  get snapshot(): ConfirmSendState {
    return stateFor(this.outcome.value, this.deps.review.snapshot, this.deps.form.snapshot)
  }

  /**
   * Sends the reviewed transfer once. Success: pending activity entry, snack, balances refetched
   * with forceUpdate, form reset, back to Account. Failure: the form and the review stay, with
   * the failure.
   */
  async confirm(options: { readonly acknowledged?: boolean } = {}): Promise<void> {
    const review = this.deps.review.snapshot
    if (this.inFlight || review.status !== 'ready') return
    const preview = review.preview
    // A receiver that would lose the money goes to the wallet only after an explicit yes.
    if (preview.needsAcknowledgement && options.acknowledged !== true) return
    this.inFlight = true
    this.deps.form.lock()
    this.outcome.next({ preview, state: { status: 'sending' } })
    const id = `send-${++this.approvalCount}`
    this.deps.approvals.request({
      id,
      summary: summaryOf(preview),
      preview: approvalPreviewOf(preview, this.deps.review.chainPreview),
      onSuccess: () => this.deps.modal.reset('Account'),
      onCancel: () => this.stillOpen(id, preview),
    })
    const namespace = preview.request.chainId.split(':')[0] as ChainNamespace
    const guard = guardWalletRequest(this.deps.connection, namespace, () => this.abandon(id))
    let sent: SentTransfer
    try {
      sent = await this.deps.transfers.send(preview.request)
    } catch (error) {
      guard.release()
      if (guard.ended) {
        this.deps.logger.warn('A send failed after its wallet connection ended; ignored', error)
        return
      }
      this.inFlight = false
      this.deps.form.unlock()
      this.failed(preview, error)
      this.deps.approvals.settle(id, 'error', error)
      return
    }
    guard.release()
    if (guard.ended) {
      this.deps.logger.warn(`The wallet answered a send after its connection ended; ignored (${sent.hash})`)
      return
    }
    this.inFlight = false
    this.deps.form.unlock()
    this.record(preview, sent)
    this.deps.form.reset()
    const settled = this.deps.approvals.settle(id, 'success')
    // Approved after the visitor cancelled the approval step: no jump; the review the visitor is
    // on (or comes back to) says the send went out, and they move on from there.
    this.outcome.next({
      revision: this.deps.form.snapshot.revision,
      state: settled ? { status: 'sent', hash: sent.hash } : { status: 'sent', hash: sent.hash, preview },
    })
    if (!settled && this.deps.modal.view !== 'SendPreview' && SEND_FLOW_VIEWS.includes(this.deps.modal.view)) {
      this.deps.modal.reset('SendPreview')
    }
  }

  /**
   * The approval step was cancelled while the wallet has the request: the request stays open in
   * the wallet (nothing can take it back), so the review keeps waiting and says so.
   */
  private stillOpen(id: string, preview: SendPreview): void {
    if (!this.inFlight || this.deps.approvals.current?.id === id) return
    this.outcome.next({ preview, state: { status: 'sending', stillOpen: true } })
  }

  /** The ApproveTransaction view's Cancel: goes back; a request the wallet already has stays in flight. */
  cancelApproval(): void {
    this.deps.approvals.cancelCurrent()
  }

  /**
   * The connection the send left over ended (or changed account) while the wallet had it: the
   * reviewed form no longer belongs to anyone. Back to an empty form; the modal goes back from the
   * approval view (a disconnect then shows Connect).
   */
  private abandon(id: string): void {
    this.inFlight = false
    this.deps.form.unlock()
    this.deps.form.reset()
    this.outcome.next(undefined)
    this.deps.approvals.settle(id, 'cancel')
  }

  private failed(preview: SendPreview, error: unknown): void {
    const rejected = error instanceof TransactionRejectedError
    const failure: SendError = rejected ? { kind: 'transactionRejected' } : sendErrorOf(error)
    if (rejected) this.deps.logger.warn('Transaction rejected in the wallet', error)
    else this.deps.logger.warn('Send failed', error)
    void this.deps.analytics?.sendEvent({
      event: rejected ? 'SEND_REJECTED' : 'SEND_ERROR',
      properties: { message: sendErrorMessage(failure), token: preview.token.symbol, network: preview.request.chainId },
      address: preview.request.from,
    })
    this.outcome.next({ preview, state: { status: 'failed', error: failure } })
  }

  private record(preview: SendPreview, sent: SentTransfer): void {
    this.deps.activity.addPending(
      createPendingTransaction({
        hash: sent.hash,
        chain: preview.request.chainId,
        sentFrom: preview.request.from,
        sentTo: preview.receiverAddress,
        nonce: sent.nonce ?? 0,
        transfers: [
          {
            fungible_info: { name: preview.token.name, symbol: preview.token.symbol, icon: { url: preview.token.iconUrl } },
            direction: 'out',
            quantity: { numeric: preview.amount },
            ...(preview.token.price > 0 ? { price: preview.token.price } : {}),
          },
        ],
        nowMs: this.deps.clock.now(),
      }),
    )
    void this.deps.analytics?.sendEvent({
      event: 'SEND_SUCCESS',
      properties: { hash: sent.hash, token: preview.token.symbol, network: preview.request.chainId },
      address: preview.request.from,
    })
    this.deps.notifier.showSuccess(`Sent ${preview.amountText} ${preview.token.symbol}`, sent.hash, {
      key: 'send.sentSnack',
      params: { amount: preview.amountText, symbol: preview.token.symbol },
    })
    try {
      void Promise.resolve(this.deps.balances.refresh({ forceUpdate: true })).catch((error: unknown) =>
        this.deps.logger.warn('Balance refresh after send failed', error),
      )
    } catch (error) {
      this.deps.logger.warn('Balance refresh after send failed', error)
    }
  }
}

function stateFor(outcome: Outcome | undefined, review: ReviewSendState, form: SendFormState): ConfirmSendState {
  if (!outcome) return IDLE
  if (outcome.state.status === 'sending') return outcome.state
  if ('revision' in outcome) return outcome.revision === form.revision ? outcome.state : IDLE
  return review.status === 'ready' && review.preview === outcome.preview ? outcome.state : IDLE
}

function summaryOf(preview: SendPreview): ApprovalSummary {
  return {
    title: `Send ${preview.amountText} ${preview.token.symbol}`,
    titleText: { key: 'send.approveTitle', params: { amount: preview.amountText, symbol: preview.token.symbol } },
    rows: [
      {
        label: 'To',
        value: preview.receiverName ? `${preview.receiverName} (${preview.receiverAddress})` : preview.receiverAddress,
      },
      { label: 'Network fee', value: `${preview.fee} ${preview.feeSymbol}` },
    ],
  }
}

/** The review's findings, drawn again while the wallet has the request. */
function approvalPreviewOf(preview: SendPreview, simulation: ApprovalPreview['simulation']): ApprovalPreview {
  return {
    risks: preview.risks,
    ...(simulation === undefined ? {} : { simulation }),
    ...(preview.revert === undefined ? {} : { revert: preview.revert }),
  }
}
