import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { ModalStore } from '../../../../src/application/modal-store'
import { TransactionApprovals } from '../../../../src/application/send/transaction-approvals'
import type { ConnectedCalls } from '../../../../src/application/calls/connected-calls'
import { SwapFlow, SWAP_QUOTE_DEBOUNCE_MS, type SwapSponsorship } from '../../../../src/application/swap/swap-flow'
import type { SponsorshipVerdict } from '../../../../src/application/sponsorship/gas-sponsorship'
import type { WalletCall } from '../../../../src/domain/calls/wallet-calls'
import type { CallsCapabilities, CallsOutcome, CallsRequest } from '../../../../src/domain/calls/wallet-calls'
import { WalletRequestError } from '../../../../src/ports/chain-family'
import type { CaipNetworkId, TokenBalance } from '../../../../src/domain/entities'
import { TransactionRejectedError } from '../../../../src/domain/errors'
import type { PreparedTransaction, SwapTransactions } from '../../../../src/ports/swap-transactions'
import type { Transaction } from '../../../../src/domain/transactions/transaction'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { InMemorySwapApi } from '../../../fakes/blockchain/in-memory-swap-api'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../account/support'
import { en } from '../../../../src/presentation/i18n/catalogue'
import type { Failure } from '../../../../src/domain/failure'

/** A failure of the state as English reads it (the catalogue's words for its code). */
function english(failure: Failure | undefined): string | undefined {
  if (failure === undefined) return undefined
  const text = (en as Record<string, string | undefined>)[failure.code]
  return text?.replace(/\{(\w+)\}/g, (whole, name: string) => String(failure.params?.[name] ?? whole))
}

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

/**
 * The app's gas sponsor as the swap sees it: answers `verdict` (once `answer()` is called when
 * held), records the calls it was asked about and sent; `refuse` makes the send fail.
 */
class RecordingSponsor implements SwapSponsorship {
  readonly asked: WalletCall[][] = []
  readonly sent: WalletCall[][] = []
  refuse: Error | undefined
  private release: (() => void) | undefined
  constructor(
    private readonly verdict: SponsorshipVerdict | undefined,
    private readonly held = false,
  ) {}
  async check(_account: unknown, calls: readonly WalletCall[]) {
    this.asked.push([...calls])
    if (this.held) await new Promise<void>((resolve) => (this.release = resolve))
    return this.verdict
  }
  answer() {
    this.release?.()
  }
  send(_account: unknown, calls: readonly WalletCall[]) {
    if (this.refuse) return Promise.reject(this.refuse)
    this.sent.push([...calls])
    return Promise.resolve('0x5e')
  }
}

/**
 * A wallet that sends batches: what it offers, the batches it was asked to send, and the statuses
 * it reports in turn (the last one repeats); `refuse` makes sendCalls fail with that error.
 */
class BatchingWallet implements ConnectedCalls {
  readonly sent: CallsRequest[] = []
  statusAsked = 0
  refuse: Error | undefined
  constructor(
    private readonly offered: CallsCapabilities | undefined,
    private readonly statuses: readonly CallsOutcome[] = ['confirmed'],
  ) {}
  capabilities() {
    return Promise.resolve(this.offered)
  }
  send(request: CallsRequest) {
    if (this.refuse) return Promise.reject(this.refuse)
    this.sent.push(request)
    return Promise.resolve(`batch-${this.sent.length}`)
  }
  status() {
    const outcome = this.statuses[Math.min(this.statusAsked++, this.statuses.length - 1)]!
    return Promise.resolve({ outcome, transactionHashes: outcome === 'pending' ? [] : ['0xa1', '0xb2'] })
  }
}

function world(options: { swapChainIds?: number[]; network?: CaipNetworkId; holdings?: 'later'; calls?: ConnectedCalls; sponsorship?: SwapSponsorship } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const prices = [
    { name: 'Ether', symbol: 'ETH', iconUrl: '', price: 2500, address: ETH },
    { name: 'Devnet USD', symbol: 'dUSD', iconUrl: '', price: 1, address: DUSD },
  ]
  const api = new InMemorySwapApi({
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
    ...(options.calls ? { calls: options.calls } : {}),
    ...(options.sponsorship ? { sponsorship: options.sponsorship } : {}),
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
    for (let i = 0; i < 8; i++) {
      scheduler.flush()
      await new Promise((resolve) => setImmediate(resolve))
    }
  }
  const arrive = () => balances$.next([...held])
  /** The holdings read again with one token's amount changed. */
  const setHeld = (symbol: string, numeric: string) =>
    balances$.next(held.map((b) => (b.symbol === symbol ? { ...b, quantity: { ...b.quantity, numeric } } : b)))
  /** Moves virtual time and lets answers arrive until `work` is done (a batch followed to its end). */
  const drive = async (work: Promise<void>) => {
    let done = false
    void work.finally(() => (done = true))
    for (let i = 0; i < 2000 && !done; i++) {
      scheduler.flush()
      await new Promise((resolve) => setImmediate(resolve))
    }
    await work
  }
  return { flow, api, wallet, modal, approvals, prices, settle, pending, refreshes, scheduler, arrive, setHeld, drive }
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
    expect(w.flow.snapshot.tokens).toMatchObject({ status: 'error', unsupported: true })
    expect(english(w.flow.snapshot.tokens.status === 'error' ? w.flow.snapshot.tokens.error : undefined)).toBe('Network not supported for Swaps')
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
    expect(english(w.flow.snapshot.formError)).toBe('Insufficient balance')
    expect(w.api.calls).not.toContain('getSwapQuotes')
  })

  it('checks the typed amount again when the balances arrive after it', async () => {
    const w = world({ holdings: 'later' })
    await w.flow.start()
    w.flow.setAmount('1')
    expect(english(w.flow.snapshot.formError)).toBe('Insufficient balance')
    w.arrive()
    expect(w.flow.snapshot.formError).toBeUndefined()
    await w.settle()
    expect(w.flow.snapshot.quote.status).toBe('ready')
  })

  it('keeps a ready quote when the holdings are read again and the amount still fits; says so when it no longer does', async () => {
    const w = world()
    await quoted(w, DUSD, ETH, '100')
    const quote = w.flow.snapshot.quote
    const asked = w.api.calls.filter((c) => c === 'getSwapQuotes').length
    w.arrive()
    expect(w.flow.snapshot.quote).toBe(quote)
    await w.settle()
    expect(w.flow.snapshot.quote).toBe(quote)
    expect(w.api.calls.filter((c) => c === 'getSwapQuotes')).toHaveLength(asked)
    // The holding falls below the amount: the form says so and drops the quote.
    w.setHeld('dUSD', '50')
    expect(english(w.flow.snapshot.formError)).toBe('Insufficient balance')
    expect(w.flow.snapshot.quote.status).toBe('idle')
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
    expect(w.flow.snapshot.submit).toEqual({ status: 'failed', error: { code: 'error.TRANSACTION_REJECTED' } })
    expect(w.flow.snapshot.preview).toBeDefined()
    expect(w.flow.snapshot.amount).toBe('1')
    w.wallet.refuse = false
    await Promise.all([w.flow.confirm(), w.flow.confirm()])
    expect(w.wallet.sent).toHaveLength(1)
  })

  describe('with a wallet that sends batches', () => {
    const TOKEN = DUSD.split(':')[2]
    const ROUTER = ETH.split(':')[2]

    it('sends approve + swap as ONE request under one entry, follows it until confirmed, then shows Account', async () => {
      const calls = new BatchingWallet({ atomic: 'supported' }, ['pending', 'pending', 'confirmed'])
      const w = world({ calls })
      await quoted(w, DUSD, ETH, '100')
      await w.flow.review()
      expect(w.flow.snapshot.preview?.batch).toEqual({ atomic: 'supported' })
      const entries: string[] = []
      w.approvals.current$.subscribe((c) => c && entries.push(c.summary.title))
      const statuses: string[] = []
      w.flow.state$.subscribe((s) => statuses.at(-1) !== s.submit.status && statuses.push(s.submit.status))
      await w.drive(w.flow.confirm())
      expect(entries).toEqual(['Approve and swap 100 dUSD for ETH'])
      expect(w.wallet.sent).toEqual([])
      expect(calls.sent).toHaveLength(1)
      expect(calls.sent[0]).toMatchObject({ chainId: CHAIN, from: USER, atomicRequired: true })
      expect(calls.sent[0]!.calls.map((c) => c.to)).toEqual([TOKEN, ROUTER])
      expect(BigInt(`0x${calls.sent[0]!.calls[0]!.data!.slice(-64)}`)).toBe(100_000000n)
      expect(calls.statusAsked).toBe(3)
      expect(statuses).toEqual(['idle', 'checking', 'swapping', 'confirming', 'idle'])
      expect(w.modal.view).toBe('Account')
      expect(w.pending.map((t) => t.id)).toEqual(['0xb2'])
      expect(w.refreshes).toEqual([{ forceUpdate: true }])
    })

    it('asks a wallet that is not atomic for one request too, without requiring atomicity', async () => {
      const calls = new BatchingWallet({ atomic: 'unsupported' })
      const w = world({ calls })
      await quoted(w, DUSD, ETH, '100')
      await w.flow.review()
      await w.flow.confirm()
      expect(calls.sent.map((r) => r.atomicRequired)).toEqual([false])
      expect(w.modal.view).toBe('Account')
    })

    it('asks no batch without an approval to make, nor of a wallet that offers none on the network', async () => {
      const calls = new BatchingWallet({ atomic: 'supported' })
      const w = world({ calls })
      await quoted(w, ETH, DUSD, '1')
      await w.flow.review()
      expect(w.flow.snapshot.preview?.batch).toBeUndefined()
      await w.flow.confirm()
      expect(calls.sent).toEqual([])
      expect(w.wallet.sent).toHaveLength(1)

      const none = new BatchingWallet(undefined)
      const v = world({ calls: none })
      await quoted(v, DUSD, ETH, '100')
      await v.flow.review()
      await v.flow.confirm()
      expect(none.sent).toEqual([])
      expect(v.wallet.sent).toHaveLength(2)
    })

    it('falls back to the two requests when the wallet turns the batch down before asking anyone', async () => {
      const calls = new BatchingWallet({ atomic: 'ready' })
      calls.refuse = new WalletRequestError('unsupportedMethod', 'Atomicity not supported', { code: 5760 })
      const w = world({ calls })
      await quoted(w, DUSD, ETH, '100')
      await w.flow.review()
      const entries: string[] = []
      w.approvals.current$.subscribe((c) => c && entries.push(c.summary.title))
      await w.flow.confirm()
      expect(entries).toEqual(['Approve and swap 100 dUSD for ETH', 'Approve 100 dUSD', 'Swap 100 dUSD for ETH'])
      expect(w.wallet.sent.map((t) => t.to)).toEqual([TOKEN, ROUTER])
      expect(w.modal.view).toBe('Account')
    })

    it('a rejected batch sends nothing and keeps the preview; a double click sends one batch', async () => {
      const calls = new BatchingWallet({ atomic: 'supported' })
      const w = world({ calls })
      await quoted(w, DUSD, ETH, '100')
      await w.flow.review()
      calls.refuse = new WalletRequestError('rejected', 'User rejected the request', { code: 4001 })
      await w.flow.confirm()
      expect(w.flow.snapshot.submit).toEqual({ status: 'failed', error: { code: 'error.TRANSACTION_REJECTED' } })
      expect(w.flow.snapshot.preview?.amountText).toBe('100')
      expect(w.modal.view).toBe('SwapPreview')
      expect(w.wallet.sent).toEqual([])
      calls.refuse = undefined
      await Promise.all([w.flow.confirm(), w.flow.confirm()])
      expect(calls.sent).toHaveLength(1)
      expect(w.wallet.sent).toEqual([])
    })

    it('says in plain words when the batch failed, landed only in part or is still unconfirmed, and keeps the preview', async () => {
      const cases: [CallsOutcome, string][] = [
        ['failed', 'The approval and swap failed; nothing was swapped.'],
        ['partial', 'The approval went through but the swap failed; nothing was swapped. Try again.'],
        ['pending', 'The wallet has not confirmed the swap yet. Check Activity before trying again.'],
      ]
      for (const [outcome, message] of cases) {
        const calls = new BatchingWallet({ atomic: 'unsupported' }, [outcome])
        const w = world({ calls })
        await quoted(w, DUSD, ETH, '100')
        await w.flow.review()
        const started = w.scheduler.now()
        await w.drive(w.flow.confirm())
        expect(w.flow.snapshot.submit.status).toBe('failed')
        expect(english(w.flow.snapshot.submit.status === 'failed' ? w.flow.snapshot.submit.error : undefined)).toBe(message)
        // Still pending: asked 120 times, a second apart, before giving up.
        expect(w.scheduler.now() - started).toBe(outcome === 'pending' ? 119_000 : 0)
        expect(w.flow.snapshot.preview).toBeDefined()
        expect(w.pending).toEqual([])
        expect(w.modal.view).toBe('SwapPreview')
      }
    })
  })

  describe('with the app paying the gas', () => {
    const TOKEN = DUSD.split(':')[2]
    const ROUTER = ETH.split(':')[2]
    const SPONSORED = { status: 'sponsored', sponsorName: 'Walletgate Devnet' } as const

    it('asks the sponsor about approve + swap when the review opens, then sends them as ONE request with its paymaster', async () => {
      const sponsor = new RecordingSponsor(SPONSORED, true)
      const calls = new BatchingWallet({ atomic: 'supported' })
      const w = world({ sponsorship: sponsor, calls })
      await quoted(w, DUSD, ETH, '100')
      await w.flow.review()
      await w.settle()
      expect(w.modal.view).toBe('SwapPreview')
      expect(w.flow.snapshot.preview?.sponsorship).toEqual({ status: 'checking' })
      // The swap waits for the answer: who pays decides how it is sent.
      await w.flow.confirm()
      expect(w.flow.snapshot.submit.status).toBe('idle')
      sponsor.answer()
      await w.settle()
      expect(w.flow.snapshot.preview?.sponsorship).toEqual(SPONSORED)
      expect(sponsor.asked.map((c) => c.map((call) => call.to))).toEqual([[TOKEN, ROUTER]])

      const rows: string[][] = []
      w.approvals.current$.subscribe((c) => c && rows.push(c.summary.rows.map((r) => `${r.label}: ${r.value}`)))
      await w.drive(w.flow.confirm())
      expect(sponsor.sent).toHaveLength(1)
      expect(sponsor.sent[0]!.map((c) => c.to)).toEqual([TOKEN, ROUTER])
      expect(BigInt(`0x${sponsor.sent[0]![0]!.data!.slice(-64)}`)).toBe(100_000000n)
      expect(calls.sent).toEqual([])
      expect(w.wallet.sent).toEqual([])
      expect(rows).toHaveLength(1)
      expect(rows[0]).toContain('Network fee: Gas paid by Walletgate Devnet')
      expect(w.modal.view).toBe('Account')
      expect(w.pending.map((t) => t.id)).toEqual(['0x5e'])
    })

    it('asks about the swap alone when no approval is needed', async () => {
      const sponsor = new RecordingSponsor(SPONSORED)
      const w = world({ sponsorship: sponsor })
      await quoted(w, DUSD, ETH, '100')
      w.api.setAllowance(DUSD, USER, 10n ** 18n)
      await w.flow.review()
      await w.settle()
      expect(sponsor.asked.map((c) => c.map((call) => call.to))).toEqual([[ROUTER]])
      await w.drive(w.flow.confirm())
      expect(sponsor.sent.map((c) => c.map((call) => call.to))).toEqual([[ROUTER]])
    })

    it('keeps the reason the visitor pays, and swaps the usual way; with no verdict says nothing', async () => {
      const refused = new RecordingSponsor({ status: 'notSponsored', reason: 'account-daily-limit' })
      const w = world({ sponsorship: refused })
      await quoted(w, DUSD, ETH, '100')
      await w.flow.review()
      await w.settle()
      expect(w.flow.snapshot.preview?.sponsorship).toEqual({ status: 'notSponsored', reason: 'account-daily-limit' })
      await w.drive(w.flow.confirm())
      expect(refused.sent).toEqual([])
      expect(w.wallet.sent).toHaveLength(2)

      const none = world({ sponsorship: new RecordingSponsor(undefined) })
      await quoted(none, DUSD, ETH, '100')
      await none.flow.review()
      await none.settle()
      expect(none.flow.snapshot.preview).toBeDefined()
      expect(none.flow.snapshot.preview?.sponsorship).toBeUndefined()
    })

    it('a sponsored swap the visitor rejects sends nothing else and keeps the preview', async () => {
      const sponsor = new RecordingSponsor(SPONSORED)
      sponsor.refuse = new WalletRequestError('rejected', 'User rejected the request', { code: 4001 })
      const w = world({ sponsorship: sponsor })
      await quoted(w, DUSD, ETH, '100')
      await w.flow.review()
      await w.settle()
      await w.drive(w.flow.confirm())
      expect(w.flow.snapshot.submit.status).toBe('failed')
      expect(w.wallet.sent).toEqual([])
      expect(w.pending).toEqual([])
      expect(w.flow.snapshot.preview?.sponsorship).toEqual(SPONSORED)
      expect(w.modal.view).toBe('SwapPreview')
    })
  })
})
