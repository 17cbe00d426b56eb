/**
 * Gas the app pays for a swap (docs/sponsorship.md): the review asks the app's paymaster about the
 * very calls the swap will be (the approval and the swap together, or the swap alone), and a swap
 * it found sponsored goes to the wallet as ONE request with the app's paymaster service: one
 * ApproveTransaction entry, one prompt, the visitor's ether untouched.
 */
import { swapPreviewFigures } from './swap-preview-figures'
import { TransactionRejectedError } from '../../domain/errors'
import { SWAP_SLIPPAGE_TOLERANCE } from '../../domain/constants'
import { slippageKeeping } from '../../domain/swap/swap-math'
import type { WalletCall } from '../../domain/calls/wallet-calls'
import { WalletRequestError } from '../../ports/chain-family'
import { ALLOWS_ROW, type BatchSteps, type SwapAccount, type SwapFlowDeps, type SwapPreview, type SwapSponsorship } from './swap-state'

/**
 * The swap's calls as the wallet gets them: the approval of exactly the amount first when
 * `approve`, then the swap. The swap is built without the service's gas estimate: it would fail
 * before the approval that travels with it (the wallet sizes the operation's gas itself).
 */
export async function swapCalls(api: SwapFlowDeps['api'], preview: SwapPreview, account: SwapAccount, slippage: number, approve: boolean): Promise<WalletCall[]> {
  const amount = preview.quote.fromAmount.toString()
  const [approval, tx] = await Promise.all([
    approve ? api.buildApproveTransaction({ userAddress: account.address, from: preview.from.address, to: preview.to.address, amount }) : undefined,
    api.buildSwapTransaction({ amount, from: preview.from.address, to: preview.to.address, userAddress: account.address, slippage, disableEstimate: true }),
  ])
  const swap = { to: tx.to, data: tx.data, value: BigInt(tx.amount) }
  return approval === undefined ? [swap] : [{ to: approval.to, data: approval.data, value: BigInt(approval.value) }, swap]
}

/**
 * The verdict for the previewed swap's calls, undefined when sponsorship does not apply or the
 * calls could not be built (the swap then goes the usual way, which says what failed). Never rejects.
 */
export async function sponsorshipOfSwap(
  deps: Pick<SwapFlowDeps, 'api' | 'logger'>,
  sponsorship: SwapSponsorship,
  preview: SwapPreview,
  account: SwapAccount,
  gasPrice: () => Promise<bigint>,
): Promise<Awaited<ReturnType<SwapSponsorship['check']>>> {
  try {
    const slippage = slippageKeeping(preview.quote.minimum, preview.quote.toAmount) ?? SWAP_SLIPPAGE_TOLERANCE
    const calls = await swapCalls(deps.api, preview, account, slippage, preview.needsApproval)
    return await sponsorship.check(account, calls, await gasPrice())
  } catch (error) {
    deps.logger.warn('The swap could not be asked about for its gas sponsor', error)
    return undefined
  }
}

/**
 * Sends the swap (with its approval when `approve`) as one request with the app's paymaster, under
 * one ApproveTransaction entry whose fee row says who pays. Throws a rejection or the wallet's failure.
 */
export async function sponsoredSwap(
  flow: BatchSteps,
  sponsorship: SwapSponsorship,
  preview: SwapPreview & { readonly sponsorship: { readonly status: 'sponsored'; readonly sponsorName: string } },
  account: SwapAccount,
  slippage: number,
  approve: boolean,
): Promise<void> {
  flow.setSubmit({ status: 'swapping' })
  const calls = await swapCalls(flow.deps.api, preview, account, slippage, approve)
  const id = flow.nextId('sponsored')
  const name = preview.sponsorship.sponsorName
  const title = `${approve ? 'Approve and swap' : 'Swap'} ${preview.amountText} ${preview.from.symbol} for ${preview.to.symbol}`
  flow.deps.approvals.request({
    id,
    ...(flow.deps.preview === undefined ? {} : { preview: { simulation: flow.deps.preview } }),
    summary: {
      title,
      ...(approve ? {} : { titleText: { key: 'swap.swapTitle', params: { amount: preview.amountText, from: preview.from.symbol, to: preview.to.symbol } } }),
      rows: [
        ...(approve ? [ALLOWS_ROW] : []),
        { label: 'Receive at least', value: `${swapPreviewFigures(preview).minimum} ${preview.to.symbol}` },
        {
          label: 'Network fee',
          value: name === '' ? 'Gas paid by this app' : `Gas paid by ${name}`,
          valueText: name === '' ? { key: 'send.sponsored.gasPaidByApp', params: {} } : { key: 'send.sponsored.gasPaidBy', params: { name } },
        },
      ],
    },
  })
  let hash: string
  try {
    hash = await sponsorship.send(account, calls)
  } catch (error) {
    flow.deps.approvals.settle(id, 'error', error)
    throw error instanceof WalletRequestError && error.isUserRejection ? new TransactionRejectedError({ cause: error }) : error
  }
  flow.deps.approvals.settle(id, 'success')
  if (flow.deps.modal.view === 'ApproveTransaction' || flow.deps.modal.view === 'SwapPreview') flow.deps.modal.reset('Account')
  flow.swapped(preview, account, { hash })
}
