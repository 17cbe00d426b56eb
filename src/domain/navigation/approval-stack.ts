/**
 * Transaction approval (spec section 4): on success, error or cancel the matching callback
 * runs; error and cancel also go back. Requests stack up: the newest one is shown first.
 * Immutable: settling returns the callback to run and whether to go back; the caller runs them.
 */

export type ApprovalOutcome = 'success' | 'error' | 'cancel'

export interface ApprovalRequest {
  readonly id: string
  readonly onSuccess?: () => void
  readonly onError?: (error?: unknown) => void
  readonly onCancel?: () => void
}

export type ApprovalStack = readonly ApprovalRequest[]

export const EMPTY_APPROVAL_STACK: ApprovalStack = []

export function pushApproval(stack: ApprovalStack, request: ApprovalRequest): ApprovalStack {
  return [...stack, request]
}

export function currentApproval(stack: ApprovalStack): ApprovalRequest | undefined {
  return stack[stack.length - 1]
}

export interface ApprovalSettlement {
  readonly stack: ApprovalStack
  /** The request that was settled, if any was pending. */
  readonly settled?: ApprovalRequest
  /** The callback to run (already bound to the outcome's arguments). */
  readonly callback?: () => void
  /** True for error and cancel: the router goes back one view. */
  readonly goBack: boolean
}

/** Settles the newest request with `outcome`. An empty stack settles nothing. */
export function settleApproval(
  stack: ApprovalStack,
  outcome: ApprovalOutcome,
  error?: unknown,
): ApprovalSettlement {
  const request = currentApproval(stack)
  if (!request) return { stack, goBack: false }
  const rest = stack.slice(0, -1)
  const goBack = outcome !== 'success'
  const fn =
    outcome === 'success' ? request.onSuccess : outcome === 'error' ? request.onError : request.onCancel
  const callback =
    fn === undefined ? undefined : outcome === 'error' ? () => request.onError?.(error) : () => fn()
  return callback === undefined
    ? { stack: rest, settled: request, goBack }
    : { stack: rest, settled: request, callback, goBack }
}
