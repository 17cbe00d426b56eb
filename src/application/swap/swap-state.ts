/**
 * The swap flow's state, its dependencies and the words it says itself (./swap-flow.ts owns the
 * state; the form, quote, confirm and batch parts read and write it through the flow).
 */
import type { TransactionPreview } from '../preview/transaction-preview'
import type { SchedulerLike } from 'rxjs'
import type { CaipNetworkId, SwapToken } from '../../domain/entities'
import type { CallsCapabilities, WalletCall } from '../../domain/calls/wallet-calls'
import type { Failure } from '../../domain/failure'
import type { SwapApi } from '../../ports/blockchain/swap'
import type { Clock } from '../../ports/clock'
import type { Logger } from '../../ports/logger'
import type { SwapTransactions } from '../../ports/swap-transactions'
import type { SentTransfer } from '../../ports/token-transfers'
import type { ActivityStore } from '../activity/activity-store'
import type { ConnectedCalls } from '../calls/connected-calls'
import type { ModalStore } from '../modal-store'
import type { SponsorshipVerdict } from '../sponsorship/gas-sponsorship'
import type { SendBalanceSource, SendNotifier } from '../send/collaborators'
import type { TransactionApprovals } from '../send/transaction-approvals'

/** A swap token with what the account holds of it and its usd price (0 when unknown). */
export interface SwapTokenRow extends SwapToken {
  /** Base units held. */
  readonly balance: bigint
  readonly balanceText: string
  readonly price: number
}

export interface SwapQuoteInfo {
  readonly fromAmount: bigint
  readonly toAmount: bigint
  /** What the swap pays at least (1 % slippage). */
  readonly minimum: bigint
  readonly toAmountText: string
  readonly minimumText: string
  /** Percent below the market prices (fee and price impact); undefined without prices. */
  readonly priceImpact: number | undefined
  /** Estimated network fee in the native coin's base units, and its text. */
  readonly fee: bigint
  readonly feeText: string
}

export type QuoteState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly quote: SwapQuoteInfo }
  | { readonly status: 'error'; readonly error: Failure; readonly liquidity: boolean }

/** The previewed swap: what the visitor saw and agreed to. */
export interface SwapPreview {
  readonly from: SwapTokenRow
  readonly to: SwapTokenRow
  readonly amountText: string
  readonly quote: SwapQuoteInfo
  /** True when the router's allowance is short (not the native coin): an approval comes first. */
  readonly needsApproval: boolean
  /** With an approval: the wallet takes the approval and the swap as one request (what it offers for batches). */
  readonly batch?: CallsCapabilities
  /** The network's own coin, which pays the fee (its decimals, symbol and price). */
  readonly native?: SwapTokenRow
  /**
   * Whether the app pays the gas (docs/sponsorship.md): `checking` while its paymaster is asked,
   * then its verdict; absent when sponsorship does not apply (the wallet takes no paymaster).
   */
  readonly sponsorship?: SponsorshipVerdict | { readonly status: 'checking' }
}

export type SubmitState =
  | { readonly status: 'idle' }
  | { readonly status: 'checking' }
  | { readonly status: 'approving' }
  | { readonly status: 'swapping' }
  /** A batch the wallet took: waiting until it reports the calls settled. */
  | { readonly status: 'confirming' }
  /** The fresh quote pays less than the previewed minimum: nothing was sent. */
  | { readonly status: 'requoted'; readonly quote: SwapQuoteInfo }
  | { readonly status: 'failed'; readonly error: Failure }

export interface SwapState {
  readonly tokens:
    | { readonly status: 'idle' | 'loading' }
    | { readonly status: 'ready'; readonly list: readonly SwapTokenRow[] }
    | { readonly status: 'error'; readonly error: Failure; readonly unsupported: boolean }
  readonly network: CaipNetworkId | undefined
  readonly account: string | undefined
  readonly from: string | undefined
  readonly to: string | undefined
  readonly amount: string
  /** Why the typed values cannot be swapped (insufficient balance, a bad amount), or undefined. */
  readonly formError: Failure | undefined
  readonly quote: QuoteState
  readonly preview: SwapPreview | undefined
  readonly submit: SubmitState
}

export interface SwapFlowDeps {
  readonly api: Pick<
    SwapApi,
    'getSwapTokens' | 'getSwapQuotes' | 'getSwapAllowance' | 'getGasPrice' | 'getTokenPrices' | 'buildSwapTransaction' | 'buildApproveTransaction'
  >
  readonly transactions: SwapTransactions
  /** The connected wallet's batches (approval and swap under one prompt), when the modal has them. */
  readonly calls?: ConnectedCalls
  /** The connected eip155 account (address and network), or undefined. */
  readonly account: () => { readonly address: string; readonly caipNetworkId: CaipNetworkId } | undefined
  readonly balances: SendBalanceSource
  readonly approvals: TransactionApprovals
  readonly activity: Pick<ActivityStore, 'addPending'>
  readonly modal: Pick<ModalStore, 'push' | 'reset' | 'goBack' | 'view'>
  readonly notifier: SendNotifier
  readonly scheduler: SchedulerLike
  readonly clock: Clock
  readonly logger: Logger
  readonly locale?: string
  /** What the chain would do with the swap, shown on its review; absent: no preview. */
  readonly preview?: SwapPreviewer
  /** The app's gas sponsor for the swap's calls, when the modal has one. */
  readonly sponsorship?: SwapSponsorship
}

/** The app's gas sponsor (../sponsorship/gas-sponsorship.ts) as the swap asks it, for the connected account. */
export interface SwapSponsorship {
  /** The verdict for `calls` from the account, undefined when sponsorship does not apply. Never rejects. */
  check(account: SwapAccount, calls: readonly WalletCall[], gasPrice: bigint): Promise<SponsorshipVerdict | undefined>
  /**
   * Sends `calls` in one wallet request with the app's paymaster service; resolves the hash of the
   * transaction that carried them. Rejects as the wallet does (WalletRequestError).
   */
  send(account: SwapAccount, calls: readonly WalletCall[]): Promise<string>
}

/** What the swap needs of the modal's TransactionPreview. */
export type SwapPreviewer = Pick<TransactionPreview, 'preview' | 'unavailable' | 'clear' | 'state$' | 'snapshot'>

/** Typing pauses this long before a quote is asked for. */
export const SWAP_QUOTE_DEBOUNCE_MS = 400
/** How often and how long a sent approval is watched until mined. */
export const RECEIPT_POLL_MS = 1000
export const RECEIPT_POLLS = 120

/** The failures the flow words itself, by their catalogue keys. */
export const SWAP_FAILURES = {
  insufficientBalance: { code: 'swap.insufficientBalance' },
  invalidAmount: { code: 'swap.invalidAmount' },
  quoteFailed: { code: 'swap.quoteFailed' },
  tokensFailed: { code: 'swap.tokensFailed' },
} as const satisfies Record<string, Failure>

/** The approval's row saying what the allowance is for, in the catalogue's words. */
export const ALLOWS_ROW = {
  label: 'Allows',
  value: 'the swap to spend exactly this amount',
  valueText: { key: 'approve.allowsSwap', params: {} },
} as const

export const INITIAL: SwapState = {
  tokens: { status: 'idle' },
  network: undefined,
  account: undefined,
  from: undefined,
  to: undefined,
  amount: '',
  formError: undefined,
  quote: { status: 'idle' },
  preview: undefined,
  submit: { status: 'idle' },
}

/** What a one-request swap (a batch, a sponsored swap) needs of the confirm step that runs it. */
export interface BatchSteps {
  readonly deps: SwapFlowDeps
  setSubmit(submit: SubmitState): void
  nextId(kind: string): string
  wait(ms: number): Promise<void>
  swapped(preview: SwapPreview, account: SwapAccount, sent: SentTransfer): void
}

/** The connected eip155 account a swap is for. */
export interface SwapAccount {
  readonly address: string
  readonly caipNetworkId: CaipNetworkId
}
