/**
 * The approval and the swap as one wallet request, for a wallet that sends batches on the network
 * (EIP-5792 on eip155): one ApproveTransaction entry, one prompt, then followed until the wallet
 * reports the calls settled. Atomic wallets run it all-or-nothing; a wallet that sends the calls
 * one by one still saves a prompt, and a swap that failed after its approval landed is said so.
 */
import { swapPreviewFigures } from './swap-preview-figures'
import { TransactionRejectedError } from '../../domain/errors'
import { SwapBatchFailedError, SwapBatchPartialError, SwapBatchPendingError } from '../../domain/swap/swap-errors'
import { WalletRequestError } from '../../ports/chain-family'
import type { CallsCapabilities } from '../../domain/calls/wallet-calls'
import { followCalls } from '../calls/connected-calls'
import { swapCalls } from './swap-sponsorship'
import {
  RECEIPT_POLLS,
  RECEIPT_POLL_MS,
  type BatchSteps,
  type SwapAccount,
  type SwapPreview,
  ALLOWS_ROW,
} from './swap-state'

/**
 * The approval and the swap as one wallet request (one ApproveTransaction entry), then followed
 * until settled. Resolves true once handled (swapped), false when the wallet turned the batch
 * down before asking the visitor (the caller sends the two requests instead); throws a failure.
 */
export async function batchSwap(
  flow: BatchSteps,
  preview: SwapPreview,
  account: SwapAccount,
  slippage: number,
  batch: CallsCapabilities,
): Promise<boolean> {
  const calls = flow.deps.calls
  if (calls === undefined) return false
  const chainId = account.caipNetworkId
  flow.setSubmit({ status: 'swapping' })
  // Estimating alone would fail: the swap needs the approval that travels with it (./swap-sponsorship.ts).
  const both = await swapCalls(flow.deps.api, preview, account, slippage, true)
  const id = flow.nextId('batch')
  flow.deps.approvals.request({
    id,
    ...(flow.deps.preview === undefined ? {} : { preview: { simulation: flow.deps.preview } }),
    summary: {
      title: `Approve and swap ${preview.amountText} ${preview.from.symbol} for ${preview.to.symbol}`,
      rows: [
        ALLOWS_ROW,
        { label: 'Receive at least', value: `${swapPreviewFigures(preview).minimum} ${preview.to.symbol}` },
        { label: 'Network fee', value: swapPreviewFigures(preview).feeText },
      ],
    },
  })
  let batchId: string
  try {
    batchId = await calls.send({
      chainId,
      from: account.address,
      // An atomic wallet must keep it all-or-nothing; one that is not sends the calls in order.
      atomicRequired: batch.atomic !== 'unsupported',
      calls: both,
    })
  } catch (error) {
    flow.deps.approvals.settle(id, 'error', error)
    if (error instanceof WalletRequestError && error.kind === 'unsupportedMethod') {
      flow.deps.logger.warn('The wallet turned the batch down; approving and swapping one at a time', error)
      return false
    }
    throw error instanceof WalletRequestError && error.isUserRejection ? new TransactionRejectedError({ cause: error }) : error
  }
  // The entry leaves the stack; the preview shows the batch being confirmed.
  if (flow.deps.approvals.settle(id, 'success') && flow.deps.modal.view === 'ApproveTransaction') flow.deps.modal.goBack()
  flow.setSubmit({ status: 'confirming' })
  const settled = await followCalls(() => calls.status(chainId, batchId), (ms) => flow.wait(ms), {
    pollMs: RECEIPT_POLL_MS,
    polls: RECEIPT_POLLS,
    onError: (error) => flow.deps.logger.warn('Batch status unavailable', error),
  })
  if (settled?.outcome !== 'confirmed') {
    throw settled === undefined ? new SwapBatchPendingError() : settled.outcome === 'partial' ? new SwapBatchPartialError() : new SwapBatchFailedError()
  }
  if (flow.deps.modal.view === 'SwapPreview') flow.deps.modal.reset('Account')
  flow.swapped(preview, account, { hash: settled.transactionHashes.at(-1) ?? batchId })
  return true
}
