import { useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import type { SwapFlow, SwapState } from '../../../application/swap/swap-flow'
import { SwapFlowService } from '../../../application/swap/swap-flow-service'
import { useService } from '../../di-context'
import type { I18n } from '../../i18n/i18n'
import { numberText } from '../../i18n/format'

/** The modal's swap flow and its current state; loads the network's swap tokens on first show. */
export function useSwap(): { swap: SwapFlow; state: SwapState } {
  const swap = useService(SwapFlowService)
  const state = useObservableState(swap.state$, () => swap.snapshot)
  useEffect(() => {
    void swap.start()
  }, [swap])
  return { swap, state }
}

/** Percent with two decimals, "< 0.01 %" for less, in the visitor's writing. */
export function impactText(percent: number | undefined, i18n: Pick<I18n, 't' | 'locale'>): string {
  if (percent === undefined) return i18n.t('swap.unknown')
  return percent > 0 && percent < 0.01 ? `< ${numberText(i18n, '0.01')} %` : `${numberText(i18n, percent.toFixed(2))} %`
}
