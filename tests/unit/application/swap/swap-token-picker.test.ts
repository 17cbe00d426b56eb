import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'
import { TransactionApprovals } from '../../../../src/application/send/transaction-approvals'
import { SwapFlow } from '../../../../src/application/swap/swap-flow'
import { pickerRows, SwapTokenPicker } from '../../../../src/application/swap/swap-token-picker'
import type { TokenBalance } from '../../../../src/domain/entities'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { InMemorySwapApi } from '../../../fakes/blockchain/in-memory-swap-api'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../account/support'

const CHAIN = 'eip155:31337' as const
const USER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const ETH = `${CHAIN}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`
const DUSD = `${CHAIN}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
const DVT = `${CHAIN}:0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512`

function world(options: { connected?: boolean; openedOn?: 'Swap' | 'host' } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const api = new InMemorySwapApi({
    supportedChains: [CHAIN],
    prices: [
      { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 2500, address: ETH },
      { name: 'Devnet USD', symbol: 'dUSD', iconUrl: '', price: 1, address: DUSD },
    ],
    swapTokens: {
      [CHAIN]: [
        { name: 'Ether', symbol: 'ETH', address: ETH, decimals: 18, logoUri: '' },
        { name: 'Devnet USD', symbol: 'dUSD', address: DUSD, decimals: 6, logoUri: '' },
        { name: 'Devnet Token', symbol: 'DVT', address: DVT, decimals: 18, logoUri: '' },
      ],
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

describe('SwapTokenPicker', () => {
  it('opens for a side and lists the held tokens (most valuable first), then the popular ones not held', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    expect(w.modal.view).toBe('SwapSelectToken')
    await w.picker.start()
    const rows = w.rows()
    expect(rows.held.map((r) => r.symbol)).toEqual(['ETH', 'dUSD'])
    expect(rows.results.map((r) => r.symbol)).toEqual(['DVT'])
    expect(rows.quick.map((r) => r.symbol)).toEqual(['ETH', 'dUSD', 'DVT'])
    expect(rows.current).toBe(DUSD)
  })

  it('searches once typing pauses, only for the last text, and narrows the held tokens at once', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    await w.picker.start()
    const before = w.api.calls.filter((c) => c === 'searchSwapTokens').length
    w.picker.setQuery('d')
    w.picker.setQuery('dv')
    expect(w.picker.snapshot.search).toEqual({ status: 'loading', query: 'dv' })
    expect(w.rows().held).toEqual([])
    await w.settle()
    expect(w.api.calls.filter((c) => c === 'searchSwapTokens').length - before).toBe(1)
    expect(w.rows().results.map((r) => r.symbol)).toEqual(['DVT'])
    w.picker.setQuery('usd')
    expect(w.rows().held.map((r) => r.symbol)).toEqual(['dUSD'])
  })

  it('picks for the side that opened it and goes back to Swap with the amount kept', async () => {
    const w = world()
    await w.flow.start()
    w.flow.setAmount('1.5')
    w.picker.open('to')
    await w.picker.start()
    w.picker.pick(w.rows().results[0]!)
    expect(w.flow.snapshot.to).toBe(DVT)
    expect(w.flow.snapshot.from).toBe(ETH)
    expect(w.flow.snapshot.amount).toBe('1.5')
    expect(w.modal.view).toBe('Swap')
    expect(w.modal.history).toEqual(['Account', 'Swap'])
  })

  it("swaps the sides when the other side's token is picked", async () => {
    const w = world()
    await w.flow.start()
    const { from, to } = w.flow.snapshot
    w.picker.open('from')
    w.picker.pick(w.rows().held.find((r) => r.address === to)!)
    expect(w.flow.snapshot.from).toBe(to)
    expect(w.flow.snapshot.to).toBe(from)
  })

  it('finds a pasted address and says so of an address no token is at', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    w.picker.setQuery(` ${DVT.split(':')[2]!.toLowerCase()} `)
    await w.settle()
    expect(w.rows().results.map((r) => r.address)).toEqual([DVT])
    expect(w.rows().unknownAddress).toBe(false)
    w.picker.setQuery('0x000000000000000000000000000000000000dEaD')
    expect(w.rows().unknownAddress).toBe(false)
    await w.settle()
    expect(w.rows().unknownAddress).toBe(true)
    w.picker.setQuery('zzz')
    await w.settle()
    expect(w.rows().unknownAddress).toBe(false)
  })

  it('shows a failed search as an error and finds on retry', async () => {
    const w = world()
    await w.flow.start()
    w.picker.open('to')
    w.api.failNext('searchSwapTokens', new Error('offline'))
    w.picker.setQuery('dvt')
    await w.settle()
    expect(w.picker.snapshot.search).toMatchObject({ status: 'error', error: { code: 'swap.searchFailed' } })
    w.picker.retry()
    await w.settle()
    expect(w.rows().results.map((r) => r.symbol)).toEqual(['DVT'])
  })

  it('with nothing connected asks for a wallet; opened from a host page, a pick lands on Swap', async () => {
    const none = world({ connected: false, openedOn: 'host' })
    await none.picker.start()
    expect(none.picker.snapshot.needsAccount).toBe(true)

    const w = world({ openedOn: 'host' })
    await w.picker.start()
    expect(w.picker.snapshot.needsAccount).toBe(false)
    w.picker.pick(w.rows().results[0]!)
    expect(w.flow.snapshot.to).toBe(DVT)
    expect(w.modal.view).toBe('Swap')
    expect(w.modal.history).toEqual(['Swap'])
  })
})
