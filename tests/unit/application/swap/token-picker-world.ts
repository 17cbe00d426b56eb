/** A swap form and its token picker over the in-memory swap service, for the picker's tests and its view's. */
import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs'
import { ModalStore } from '../../../../src/application/modal-store'
import { TransactionApprovals } from '../../../../src/application/send/transaction-approvals'
import { SwapFlow } from '../../../../src/application/swap/swap-flow'
import { pickerRows, SwapTokenPicker } from '../../../../src/application/swap/swap-token-picker'
import type { SwapToken, TokenBalance } from '../../../../src/domain/entities'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { InMemorySwapApi } from '../../../fakes/blockchain/in-memory-swap-api'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../account/support'
import { IN_MEMORY_SEED } from '../../../contract/http/blockchain/in-memory-world'

export const CHAIN = 'eip155:31337' as const
const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
export const ETH = `${CHAIN}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`
export const DUSD = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
export const DVT = `${CHAIN}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`

export function pickerWorld(options: { connected?: boolean; openedOn?: 'Swap' | 'host'; extraTokens?: readonly SwapToken[] } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const api = new InMemorySwapApi({
    supportedChains: [CHAIN],
    // The contract suites' ETH and dUSD (same chain and addresses), and a third token nobody holds.
    prices: IN_MEMORY_SEED.prices ?? [],
    swapTokens: {
      [CHAIN]: [...(IN_MEMORY_SEED.swapTokens?.[CHAIN] ?? []), { name: 'Devnet Token', symbol: 'DVT', address: DVT, decimals: 18, logoUri: '' }, ...(options.extraTokens ?? [])],
    },
  })
  const held: TokenBalance[] = [
    aNativeBalance({ chainId: CHAIN, quantity: { decimals: '18', numeric: '10' } }),
    aTokenBalance({ chainId: CHAIN, address: DUSD, symbol: 'dUSD', quantity: { decimals: '6', numeric: '5000' } }),
  ]
  const balances$ = new BehaviorSubject<readonly TokenBalance[]>(held)
  const modal = new ModalStore()
  if (options.openedOn === 'host') {
    modal.open({ view: 'SwapSelectToken' }, true)
  } else {
    modal.open({ view: 'Account' }, true)
    modal.push('Swap')
  }
  const logger = new RecordingLogger()
  const flow = new SwapFlow({
    api,
    transactions: { send: () => Promise.reject(new Error('unused')), receiptStatus: () => Promise.resolve('confirmed' as const) },
    account: () => (options.connected === false ? undefined : { address: USER, caipNetworkId: CHAIN }),
    balances: { balances$, get balances() { return balances$.value }, refresh: () => undefined },
    approvals: new TransactionApprovals(modal),
    activity: { addPending: () => undefined },
    modal,
    notifier: { showSuccess: () => undefined, showError: () => undefined },
    scheduler,
    clock: new ManualClock(),
    logger,
  })
  const picker = new SwapTokenPicker({ api, flow, modal, scheduler, logger })
  /** Lets the debounce pass and every answer arrive. */
  const settle = async () => {
    for (let i = 0; i < 8; i++) {
      scheduler.flush()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  const rows = () => pickerRows(picker.snapshot, flow.snapshot)
  return { api, flow, picker, modal, settle, rows, logger }
}
