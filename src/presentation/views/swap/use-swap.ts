import { useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import type { SwapFlow, SwapState } from '../../../application/swap/swap-flow'
import { SwapFlowService } from '../../../application/swap/swap-flow-service'
import { useService } from '../../di-context'

/** The modal's swap flow and its current state; loads the network's swap tokens on first show. */
export function useSwap(): { swap: SwapFlow; state: SwapState } {
  const swap = useService(SwapFlowService)
  const state = useObservableState(swap.state$, () => swap.snapshot)
  useEffect(() => {
    void swap.start()
  }, [swap])
  return { swap, state }
}

/** Percent with two decimals, "< 0.01 %" for less. */
export function impactText(percent: number | undefined): string {
  if (percent === undefined) return 'Unknown'
  return percent > 0 && percent < 0.01 ? '< 0.01 %' : `${percent.toFixed(2)} %`
}
