/**
 * The swap's confirm step (SwapPreview's button): a fresh quote first, below the previewed minimum
 * shown and nothing sent; an approval of exactly the amount when the router's allowance is short
 * (or the approval and the swap as one batch, ./swap-batch.ts), then the swap, each one
 * ApproveTransaction entry; a swap whose gas the review found the app paying goes as one request
 * with its paymaster (./swap-sponsorship.ts). On success: a pending Activity entry, a snack,
 * balances refetched.
 */
import { swapPreviewFigures } from './swap-preview-figures'
import { SwapNetworkNotSupportedError, TransactionRejectedError } from '../../domain/errors'
import { failureOf } from '../../domain/failure'
import { formatUnitsExact } from '../../domain/format/amount'
import { sendFailure } from '../../domain/send/send-errors'
import {
  SwapApprovalFailedError,
  SwapBatchFailedError,
  SwapBatchPartialError,
  SwapBatchPendingError,
  SwapInsufficientLiquidityError,
} from '../../domain/swap/swap-errors'
import { isNativeSwapToken, slippageKeeping } from '../../domain/swap/swap-math'
import { createPendingTransaction } from '../../domain/transactions/pending-transaction'
import type { CaipNetworkId } from '../../domain/entities'
import type { PreparedTransaction } from '../../ports/swap-transactions'
import type { SentTransfer } from '../../ports/token-transfers'
import { sendErrorOf } from '../send/send-failure'
import type { ApprovalSummary } from '../send/transaction-approvals'
import { batchSwap } from './swap-batch'
import { sponsoredSwap } from './swap-sponsorship'
import type { SwapQuotes } from './swap-quote'
import {
  SWAP_FAILURES,
  RECEIPT_POLLS,
  RECEIPT_POLL_MS,
  type SubmitState,
  type SwapAccount,
  type SwapFlowDeps,
  type SwapPreview,
  ALLOWS_ROW,
} from './swap-state'

/** What the confirm step needs of the flow that owns the state. */
export interface SwapFlowSteps {
  readonly deps: SwapFlowDeps
  readonly quotes: SwapQuotes
  setSubmit(submit: SubmitState): void
  /** Forgets the form (after a swap). */
  reset(): void
}

export class ConfirmSwap {
  private approvalCount = 0

  constructor(private readonly flow: SwapFlowSteps) {}

  get deps(): SwapFlowDeps {
    return this.flow.deps
  }

  setSubmit(submit: SubmitState): void {
    this.flow.setSubmit(submit)
  }

  /** Re-quotes, approves when the allowance is short, swaps; a failure is shown, never thrown. */
  async run(preview: SwapPreview, account: SwapAccount): Promise<void> {
    try {
      const fresh = await this.flow.quotes.quoteOf(account, preview.from, preview.to, preview.quote.fromAmount)
      const slippage = slippageKeeping(preview.quote.minimum, fresh.toAmount)
      if (slippage === undefined) {
        this.setSubmit({ status: 'requoted', quote: fresh })
        return
      }
      const chainId = account.caipNetworkId
      const short =
        !isNativeSwapToken(preview.from.address) &&
        BigInt(await this.deps.api.getSwapAllowance({ tokenAddress: preview.from.address, userAddress: account.address })) < preview.quote.fromAmount
      // The review found the app paying the gas: one request with its paymaster, approval included.
      const sponsorship = this.deps.sponsorship
      if (sponsorship !== undefined && isSponsored(preview)) {
        await sponsoredSwap(this, sponsorship, preview, account, slippage, short)
        return
      }
      if (short) {
        if (preview.batch !== undefined && (await batchSwap(this, preview, account, slippage, preview.batch))) return
        this.setSubmit({ status: 'approving' })
        const approve = await this.deps.api.buildApproveTransaction({
          userAddress: account.address,
          from: preview.from.address,
          to: preview.to.address,
          amount: preview.quote.fromAmount.toString(),
        })
        const sent = await this.walletStep(
          'approve',
          { chainId, from: account.address, to: approve.to, data: approve.data, value: BigInt(approve.value), gas: BigInt(approve.eip155.gas) },
          {
            title: `Approve ${preview.amountText} ${preview.from.symbol}`,
            titleText: { key: 'swap.approveTitle', params: { amount: preview.amountText, symbol: preview.from.symbol } },
            rows: [ALLOWS_ROW] },
        )
        if (sent === undefined) return
        await this.minedOrThrow(chainId, sent.hash)
      }
      this.setSubmit({ status: 'swapping' })
      const tx = await this.deps.api.buildSwapTransaction({
        amount: preview.quote.fromAmount.toString(),
        from: preview.from.address,
        to: preview.to.address,
        userAddress: account.address,
        slippage,
      })
      const sent = await this.walletStep(
        'swap',
        { chainId, from: account.address, to: tx.to, data: tx.data, value: BigInt(tx.amount), gas: BigInt(tx.eip155.gas) },
        {
          title: `Swap ${preview.amountText} ${preview.from.symbol} for ${preview.to.symbol}`,
          titleText: { key: 'swap.swapTitle', params: { amount: preview.amountText, from: preview.from.symbol, to: preview.to.symbol } },
          rows: [
            { label: 'Receive at least', value: `${swapPreviewFigures(preview).minimum} ${preview.to.symbol}` },
            { label: 'Network fee', value: swapPreviewFigures(preview).feeText },
          ],
        },
      )
      if (sent !== undefined) this.swapped(preview, account, sent)
    } catch (error) {
      this.failed(error)
    }
  }

  /** A fresh entry id for one wallet request of `kind`. */
  nextId(kind: string): string {
    return `swap-${kind}-${++this.approvalCount}`
  }

  /**
   * One wallet request as one ApproveTransaction entry. Resolves the sent transaction, or
   * undefined when the visitor cancelled the entry before the wallet answered (the request was
   * left to the wallet; the flow goes no further).
   */
  private async walletStep(kind: 'approve' | 'swap', tx: PreparedTransaction, summary: ApprovalSummary): Promise<SentTransfer | undefined> {
    const id = this.nextId(kind)
    let cancelled = false
    this.deps.approvals.request({
      id,
      summary,
      ...(this.deps.preview === undefined ? {} : { preview: { simulation: this.deps.preview } }),
      ...(kind === 'swap' ? { onSuccess: () => this.deps.modal.reset('Account') } : {}),
      onCancel: () => {
        cancelled = true
      },
    })
    let sent: SentTransfer
    try {
      sent = await this.deps.transactions.send(tx)
    } catch (error) {
      this.deps.approvals.settle(id, 'error', error)
      throw error
    }
    const settled = this.deps.approvals.settle(id, 'success')
    if (!settled || cancelled) {
      this.deps.logger.warn(`The wallet sent the ${kind} after its approval step was cancelled (${sent.hash})`)
      if (kind === 'approve') {
        this.setSubmit({ status: 'idle' })
        return undefined
      }
      return sent
    }
    // The approval's entry leaves the stack so the swap's entry is the next one shown.
    if (kind === 'approve' && this.deps.modal.view === 'ApproveTransaction') this.deps.modal.goBack()
    return sent
  }

  private async minedOrThrow(chainId: CaipNetworkId, hash: string): Promise<void> {
    for (let poll = 0; poll < RECEIPT_POLLS; poll++) {
      if (poll > 0) await this.wait(RECEIPT_POLL_MS)
      const status = await this.deps.transactions.receiptStatus(chainId, hash).catch(() => 'pending' as const)
      if (status === 'confirmed') return
      if (status === 'failed') break
    }
    throw new SwapApprovalFailedError()
  }

  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.deps.scheduler.schedule(() => resolve(), ms)
    })
  }

  swapped(preview: SwapPreview, account: SwapAccount, sent: SentTransfer): void {
    this.deps.activity.addPending(
      createPendingTransaction({
        hash: sent.hash,
        chain: account.caipNetworkId,
        sentFrom: account.address,
        sentTo: preview.to.address.split(':')[2] ?? '',
        nonce: sent.nonce ?? 0,
        operationType: 'execute',
        transfers: [
          { fungible_info: { name: preview.from.name, symbol: preview.from.symbol, icon: { url: preview.from.logoUri } }, direction: 'out', quantity: { numeric: formatUnitsExact(preview.quote.fromAmount, preview.from.decimals) } },
          { fungible_info: { name: preview.to.name, symbol: preview.to.symbol, icon: { url: preview.to.logoUri } }, direction: 'in', quantity: { numeric: preview.quote.toAmountText } },
        ],
        nowMs: this.deps.clock.now(),
      }),
    )
    this.deps.notifier.showSuccess(`Swapped ${preview.amountText} ${preview.from.symbol} for ${preview.to.symbol}`, sent.hash, {
      key: 'swap.swappedSnack',
      params: { amount: preview.amountText, from: preview.from.symbol, to: preview.to.symbol },
    })
    try {
      void Promise.resolve(this.deps.balances.refresh({ forceUpdate: true })).catch((error: unknown) => this.deps.logger.warn('Balance refresh after swap failed', error))
    } catch (error) {
      this.deps.logger.warn('Balance refresh after swap failed', error)
    }
    this.flow.reset()
  }

  private failed(error: unknown): void {
    if (error instanceof TransactionRejectedError) this.deps.logger.warn('Swap rejected in the wallet', error)
    else this.deps.logger.warn('Swap failed', error)
    // The swap's own errors say their words; a service failure reads as a quote that could not be
    // had; anything else is a send's failure (a rejection, the wallet's own words).
    const own = SWAP_ERRORS.find((type) => error instanceof type)
    const shown =
      own !== undefined
        ? failureOf(error as InstanceType<typeof own>)
        : isServiceFailure(error)
          ? SWAP_FAILURES.quoteFailed
          : sendFailure(sendErrorOf(error))
    this.setSubmit({ status: 'failed', error: shown })
  }
}

/** The failures a swap words itself. */
const SWAP_ERRORS = [
  SwapInsufficientLiquidityError,
  SwapNetworkNotSupportedError,
  SwapApprovalFailedError,
  SwapBatchFailedError,
  SwapBatchPartialError,
  SwapBatchPendingError,
] as const

function isSponsored(preview: SwapPreview): preview is SwapPreview & { readonly sponsorship: { readonly status: 'sponsored'; readonly sponsorName: string } } {
  return preview.sponsorship?.status === 'sponsored'
}

function isServiceFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'HttpError' || name === 'MalformedResponseError' || name === 'ServiceUnreachableError' || name === 'ServiceTimeoutError'
}
