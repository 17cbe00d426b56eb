/**
 * The ApproveTransaction step (spec section 4, transaction approval) over the domain's approval
 * stack: a request pushes the ApproveTransaction view; settling it runs the matching callback and,
 * for error and cancel, goes back one view.
 */
import { BehaviorSubject, map, type Observable } from 'rxjs'
import {
  EMPTY_APPROVAL_STACK,
  currentApproval,
  pushApproval,
  settleApproval,
  type ApprovalOutcome,
  type ApprovalRequest,
  type ApprovalStack,
} from '../../domain/navigation/approval-stack'
import type { ModalStore } from '../modal-store'
import type { SnackText } from '../../domain/entities'
import type { RiskWarning } from '../../domain/preview/risk-warnings'
import type { TransactionPreviewState } from '../preview/transaction-preview'

/** What the approval view shows about the request it waits for. */
export interface ApprovalSummary {
  /** e.g. "Send 0.25 ETH". */
  readonly title: string
  /** The title as a text of the views' catalogue, for the visitor's language. */
  readonly titleText?: SnackText
  /** A row's `value` is data shown as it is, or with `valueText` a text of the catalogue (`value` its English). */
  readonly rows: readonly { readonly label: string; readonly value: string; readonly valueText?: SnackText }[]
}

/**
 * What the review found out about the request before the wallet was asked, drawn again while the
 * wallet has it: the visitor compares what the wallet shows with what the chain said.
 */
export interface ApprovalPreview {
  /** The review's simulation (balance changes, unavailable, reverted, and the calls' own risk lines). */
  readonly simulation?: { readonly state$: Observable<TransactionPreviewState>; readonly snapshot: TransactionPreviewState }
  /** Risk lines the review read beyond the calls (deny-list, first transfer). */
  readonly risks?: readonly RiskWarning[]
  /** The review's reason why the transaction would fail (its fee could not be estimated). */
  readonly revert?: string
}

export interface PendingApproval extends ApprovalRequest {
  readonly summary: ApprovalSummary
  readonly preview?: ApprovalPreview
}

export class TransactionApprovals {
  private readonly subject = new BehaviorSubject<ApprovalStack>(EMPTY_APPROVAL_STACK)
  /** The request shown now (the newest), or undefined. Never errors. */
  readonly current$: Observable<PendingApproval | undefined> = this.subject.pipe(
    map((stack) => currentApproval(stack) as PendingApproval | undefined),
  )

  constructor(private readonly modal: Pick<ModalStore, 'push' | 'goBack' | 'view'>) {}

  get current(): PendingApproval | undefined {
    return currentApproval(this.subject.value) as PendingApproval | undefined
  }

  /** Pushes a request and shows the ApproveTransaction view. */
  request(request: PendingApproval): void {
    this.subject.next(pushApproval(this.subject.value, request))
    this.modal.push('ApproveTransaction')
  }

  /**
   * Settles the request with `id` when it is the one shown (a request already cancelled settles
   * nothing): runs its callback and goes back on error or cancel.
   * @returns true when a request was settled.
   */
  settle(id: string, outcome: ApprovalOutcome, error?: unknown): boolean {
    if (this.current?.id !== id) return false
    const settlement = settleApproval(this.subject.value, outcome, error)
    this.subject.next(settlement.stack)
    if (settlement.goBack && this.modal.view === 'ApproveTransaction') this.modal.goBack()
    settlement.callback?.()
    return true
  }

  /** Cancels the request shown (the view's Cancel control). */
  cancelCurrent(): void {
    const current = this.current
    if (current) this.settle(current.id, 'cancel')
  }
}
