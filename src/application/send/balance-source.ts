import { distinctUntilChanged, map } from 'rxjs'
import type { TokenBalance } from '../../domain/entities'
import type { BalanceState, BalanceStore } from '../account/balance-store'
import type { SendBalanceSource } from './collaborators'

const NONE: readonly TokenBalance[] = []

function tokensOf(state: BalanceState): readonly TokenBalance[] {
  return state.status === 'ready' ? state.tokens : NONE
}

/** The account's balance store seen as the send form's token list (bound in the composition root (src/composition)). */
export function balanceSourceFrom(
  store: Pick<BalanceStore, 'state$' | 'snapshot' | 'refresh'>,
): SendBalanceSource {
  return {
    balances$: store.state$.pipe(map(tokensOf), distinctUntilChanged()),
    get balances() {
      return tokensOf(store.snapshot)
    },
    refresh: (options) => store.refresh(options),
  }
}
