import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'
import { TransactionApprovals } from '../../../../src/application/send/transaction-approvals'
import { SwapFlow, SWAP_QUOTE_DEBOUNCE_MS } from '../../../../src/application/swap/swap-flow'
import type { CaipNetworkId, TokenBalance } from '../../../../src/domain/entities'
import { TransactionRejectedError } from '../../../../src/domain/errors'
import type { PreparedTransaction, SwapTransactions } from '../../../../src/ports/swap-transactions'
import type { Transaction } from '../../../../src/domain/entities'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { InMemoryBlockchainApi } from '../../../fakes/in-memory-blockchain-api'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../account/support'

const CHAIN = 'eip155:31337' as const
const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ETH = `${CHAIN}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`
const DUSD = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`

/** The wallet: records what it was asked to send; a script can make it refuse. */
class RecordingWallet implements SwapTransactions {
  readonly sent: PreparedTransaction[] = []
  refuse = false
  send(request: PreparedTransaction) {
    if (this.refuse) return Promise.reject(new TransactionRejectedError())
    this.sent.push(request)
    return Promise.resolve({ hash: `0x${String(this.sent.length).padStart(64, '0')}` })
  }
  receiptStatus() {
    return Promise.resolve('confirmed' as const)
  }
}

function world(options: { swapChainIds?: number[]; network?: CaipNetworkId; holdings?: 'later' } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const prices = [
    { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 2500, address: ETH },
    { name: 'Devnet USD', symbol: 'dUSD', iconUrl: '', price: 1, address: DUSD },
  ]
  const api = new InMemoryBlockchainApi({
    supportedChains: [CHAIN],
    ...(options.swapChainIds ? { swapChainIds: options.swapChainIds } : {}),
    prices,
    swapTokens: {
      [CHAIN]: [
        { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: '' },
        { name: 'Devnet USD', symbol: 'dUSD', address: DUSD, decimals: 6, logoUri: '' },
      ],
    },
  })
  const held: TokenBalance[] = [
    aNativeBalance({ chainId: CHAIN, quantity: { decimals: '18', numeric: '10' } }),
    aTokenBalance({ chainId: CHAIN, address: DUSD, symbol: 'dUSD', quantity: { decimals: '6', numeric: '5000' } }),
  ]
  const balances$ = new BehaviorSubject<readonly TokenBalance[]>(options.holdings === 'later' ? [] : held)
  const refreshes: unknown[] = []
  const modal = new ModalStore()
  modal.open({ view: 'Account' }, true)
  const approvals = new TransactionApprovals(modal)
  const wallet = new RecordingWallet()
  const pending: Transaction[] = []
  const flow = new SwapFlow({
    api,
    transactions: wallet,
    account: () => ({ address: USER, caipNetworkId: options.network ?? CHAIN }),
    balances: {
      balances$,
      get balances() {
        return balances$.value
      },
      refresh: (o) => void refreshes.push(o),
    },
    approvals,
    activity: { addPending: (t) => void pending.push(t) },
    modal,
    notifier: { showSuccess: () => undefined, showError: () => undefined },
    scheduler,
    clock: new ManualClock(),
    logger: new RecordingLogger(),
  })
  /** Lets the debounce pass and every answer arrive. */
  const settle = async () => {
    for (let i = 0; i < 5; i++) {
      scheduler.flush()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  const arrive = () => balances$.next(held)
  return { flow, api, wallet, modal, approvals, prices, settle, pending, refreshes, scheduler, arrive }
}

async function quoted(w: ReturnType<typeof world>, from: string, to: string, amount: string) {
  await w.flow.start()
  w.flow.selectFrom(from)
  w.flow.selectTo(to)
  w.flow.setAmount(amount)
  await w.settle()
  expect(w.flow.snapshot.quote.status).toBe('ready')
}

describe('SwapFlow', () => {
  it('says "Network not supported for Swaps" on a network outside the swap list, before any request', async () => {
    const w = world({ swapChainIds: [1] })
    await w.flow.start()
    expect(w.flow.snapshot.tokens).toEqual({ status: 'error', unsupported: true, message: 'Network not supported for Swaps' })
    expect(w.api.calls).toEqual([])
  })

  it('quotes once typing pauses, with the minimum at 1 % slippage', async () => {
    const w = world()
    await w.flow.start()
    w.flow.setAmount('0')
    w.flow.setAmount('1')
    expect(w.flow.snapshot.quote.status).toBe('loading')
    expect(w.api.calls.filter((c) => c === 'getSwapQuotes')).toHaveLength(0)
    w.scheduler.flush()
    await w.settle()
    expect(w.api.calls.filter((c) => c === 'getSwapQuotes')).toHaveLength(1)
    const state = w.flow.snapshot.quote
    expect(state.status === 'ready' && state.quote.toAmount).toBe(2500_000000n)
    expect(state.status === 'ready' && state.quote.minimum).toBe(2475_000000n)
    expect(SWAP_QUOTE_DEBOUNCE_MS).toBeGreaterThan(0)
  })

  it('says "Insufficient balance" for more than the holding, and asks for no quote', async () => {
    const w = world()
    await w.flow.start()
    w.flow.setAmount('11')
    await w.settle()
    expect(w.flow.snapshot.formError).toBe('Insufficient balance')
    expect(w.api.calls).not.toContain('getSwapQuotes')
  })

  it('checks the typed amount again when the balances arrive after it', async () => {
    const w = world({ holdings: 'later' })
    await w.flow.start()
    w.flow.setAmount('1')
    expect(w.flow.snapshot.formError).toBe('Insufficient balance')
    w.arrive()
    expect(w.flow.snapshot.formError).toBeUndefined()
    await w.settle()
    expect(w.flow.snapshot.quote.status).toBe('ready')
  })

  it('approves exactly the amount when the allowance is short, then swaps: one approval entry per wallet request', async () => {
    const w = world()
    await quoted(w, DUSD, ETH, '100')
    await w.flow.review()
    expect(w.flow.snapshot.preview?.needsApproval).toBe(true)
    const entries: string[] = []
    w.approvals.current$.subscribe((c) => c && entries.push(c.summary.title))
    await w.flow.confirm()
    expect(entries).toEqual(['Approve 100 dUSD', 'Swap 100 dUSD for ETH'])
    expect(w.wallet.sent.map((t) => t.to)).toEqual([DUSD.split(':')[2], ETH.split(':')[2]])
    expect(BigInt(`0x${w.wallet.sent[0]!.data.slice(-64)}`)).toBe(100_000000n)
    expect(w.modal.view).toBe('Account')
    expect(w.pending).toHaveLength(1)
    expect(w.refreshes).toEqual([{ forceUpdate: true }])
  })

  it('asks for no approval when the allowance suffices, and none for the native coin', async () => {
    const w = world()
    w.api.setAllowance(DUSD, USER, 100_000000n)
    await quoted(w, DUSD, ETH, '100')
    await w.flow.review()
    expect(w.flow.snapshot.preview?.needsApproval).toBe(false)
    await w.flow.confirm()
    expect(w.wallet.sent).toHaveLength(1)
  })

  it('sends nothing when the fresh quote pays less than the previewed minimum, and shows it', async () => {
    const w = world()
    await quoted(w, ETH, DUSD, '1')
    await w.flow.review()
    w.prices[0]!.price = 2400 // the pool moved 4 %
    await w.flow.confirm()
    const submit = w.flow.snapshot.submit
    expect(submit.status).toBe('requoted')
    expect(submit.status === 'requoted' && submit.quote.toAmount).toBe(2400_000000n)
    expect(w.wallet.sent).toEqual([])
    w.flow.acceptNewQuote()
    await w.flow.confirm()
    expect(w.wallet.sent).toHaveLength(1)
  })

  it('swaps once for a double click, and a rejection sends nothing and keeps the preview', async () => {
    const w = world()
    await quoted(w, ETH, DUSD, '1')
    await w.flow.review()
    w.wallet.refuse = true
    await w.flow.confirm()
    expect(w.flow.snapshot.submit).toEqual({ status: 'failed', message: 'Transaction rejected' })
    expect(w.flow.snapshot.preview).toBeDefined()
    expect(w.flow.snapshot.amount).toBe('1')
    w.wallet.refuse = false
    await Promise.all([w.flow.confirm(), w.flow.confirm()])
    expect(w.wallet.sent).toHaveLength(1)
  })
})
