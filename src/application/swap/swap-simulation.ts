/**
 * The swap's review asks the chain what the swap would do: the approval (when the allowance is
 * short) and the swap, built by the swap service as they would be sent, simulated as one run from
 * the visitor's account (the swap needs the approval before it). The approval the service built
 * is read with the domain's decoder: more than the swap needs, or unlimited, gets a warning.
 */
import { SWAP_SLIPPAGE_TOLERANCE } from '../../domain/constants'
import { isNativeSwapToken } from '../../domain/swap/swap-math'
import type { SimulatedCall } from '../../ports/transaction-simulator'
import type { PreviewToken } from '../preview/transaction-preview'
import type { SwapAccount, SwapFlowDeps, SwapPreview, SwapPreviewer, SwapTokenRow } from './swap-state'

/** Simulates the previewed swap; never rejects (a service that cannot build it makes the preview unavailable). */
export async function simulateSwap(deps: Pick<SwapFlowDeps, 'api' | 'logger'>, previewer: SwapPreviewer, preview: SwapPreview, account: SwapAccount): Promise<void> {
  const chainId = account.caipNetworkId
  // An earlier review's preview is not this swap's.
  previewer.clear()
  let calls: SimulatedCall[]
  try {
    const params = { amount: preview.quote.fromAmount.toString(), from: preview.from.address, to: preview.to.address, userAddress: account.address }
    const [approve, swap] = await Promise.all([
      preview.needsApproval ? deps.api.buildApproveTransaction(params) : Promise.resolve(undefined),
      deps.api.buildSwapTransaction({ ...params, slippage: SWAP_SLIPPAGE_TOLERANCE, disableEstimate: true }),
    ])
    calls = [
      ...(approve === undefined ? [] : [{ to: approve.to, data: approve.data, value: BigInt(approve.value) }]),
      { to: swap.to, data: swap.data, value: BigInt(swap.amount) },
    ]
  } catch (error) {
    deps.logger.warn('Swap preview: the transactions could not be built', error)
    previewer.unavailable(chainId, account.address)
    return
  }
  const rows = [preview.from, preview.to, ...(preview.native === undefined ? [] : [preview.native])]
  await previewer.preview({
    chainId,
    from: account.address,
    calls,
    tokens: rows.map(previewToken),
    needs: isNativeSwapToken(preview.from.address) ? [] : [{ token: contractOf(preview.from), amount: preview.quote.fromAmount, symbol: preview.from.symbol }],
  })
}

function contractOf(row: SwapTokenRow): string {
  return row.address.split(':')[2] ?? row.address
}

function previewToken(row: SwapTokenRow): PreviewToken {
  return {
    ...(isNativeSwapToken(row.address) ? {} : { address: contractOf(row) }),
    symbol: row.symbol,
    decimals: row.decimals,
    ...(row.price > 0 ? { priceUsd: row.price } : {}),
    ...(row.logoUri === '' ? {} : { iconUrl: row.logoUri }),
  }
}
