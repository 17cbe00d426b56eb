/**
 * TransactionPreview: what the chain would do with a review's transactions, before the wallet is
 * asked. It simulates the calls (TransactionSimulator) and nets what moves into per-token changes
 * of the visitor's account, with the symbols, decimals and dollar prices the caller knows (the
 * balances, the swap's tokens) or the chain tells. One preview at a time: a newer request
 * supersedes the one in flight. Its state never errors: a chain that cannot simulate is
 * `unavailable`, and the review works as before.
 */
import { BehaviorSubject, type Observable } from 'rxjs'
import type { CaipNetwork, CaipNetworkId } from '../../domain/entities'
import { balanceChanges, NATIVE_ASSET } from '../../domain/preview/balance-changes'
import { approvalRisks, riskWarnings, type RiskWarning, type TokenNeed } from '../../domain/preview/risk-warnings'
import type { Logger } from '../../ports/logger'
import type { SimulatedCall, SimulatedToken, TransactionSimulator } from '../../ports/transaction-simulator'

/** A token the caller knows how to write: no `address` for the native coin. */
export interface PreviewToken {
  readonly address?: string
  readonly symbol: string
  readonly decimals: number
  /** Dollars per whole token, when known (> 0). */
  readonly priceUsd?: number
  readonly iconUrl?: string
}

/** One line of the preview: `delta` base units in (positive) or out (negative). */
export interface PreviewChange {
  readonly asset: string
  readonly delta: bigint
  readonly nft: boolean
  /** Undefined when neither the caller nor the chain names the token. */
  readonly token?: PreviewToken
}

export interface PreviewInput {
  readonly chainId: CaipNetworkId
  readonly from: string
  readonly calls: readonly SimulatedCall[]
  readonly tokens: readonly PreviewToken[]
  /** What the action needs of each token it may spend: an approval above it is warned about. */
  readonly needs?: readonly TokenNeed[]
}

/** Every state but idle carries the risk lines read from the calls themselves (approvals). */
export type TransactionPreviewState =
  | { readonly status: 'idle' }
  | { readonly status: 'simulating'; readonly input: PreviewInput; readonly risks: readonly RiskWarning[] }
  | { readonly status: 'ready'; readonly input: PreviewInput; readonly risks: readonly RiskWarning[]; readonly changes: readonly PreviewChange[]; readonly gasUsed: bigint }
  | { readonly status: 'reverted'; readonly input: PreviewInput; readonly risks: readonly RiskWarning[]; readonly reason: string }
  | { readonly status: 'unavailable'; readonly input: PreviewInput; readonly risks: readonly RiskWarning[] }

export interface TransactionPreviewDeps {
  readonly simulator: TransactionSimulator
  /** The configured network of a CAIP-2 id (its RPC URLs), or undefined. */
  readonly network: (chainId: CaipNetworkId) => CaipNetwork | undefined
  readonly logger: Logger
}

const IDLE: TransactionPreviewState = { status: 'idle' }

export class TransactionPreview {
  private readonly subject = new BehaviorSubject<TransactionPreviewState>(IDLE)
  readonly state$: Observable<TransactionPreviewState> = this.subject.asObservable()
  private controller: AbortController | undefined

  constructor(private readonly deps: TransactionPreviewDeps) {}

  get snapshot(): TransactionPreviewState {
    return this.subject.value
  }

  /** Simulates `input`; resolves the state it settled in (a superseded request resolves its own end). */
  async preview(input: PreviewInput): Promise<TransactionPreviewState> {
    this.controller?.abort()
    const controller = new AbortController()
    this.controller = controller
    const risks = approvalRisks(input.calls, input.needs ?? [])
    this.subject.next({ status: 'simulating', input, risks })
    const network = this.deps.network(input.chainId)
    let state: TransactionPreviewState
    if (network === undefined) {
      state = { status: 'unavailable', input, risks }
    } else {
      try {
        const outcome = await this.deps.simulator.simulate(network, { from: input.from, calls: input.calls }, { signal: controller.signal })
        if (outcome.status === 'ok') {
          const changes = balanceChanges(outcome.transfers, input.from).map((change) => describe(change, input.tokens, outcome.tokens, network))
          const stuck = outcome.nftReceiverWithoutHook === true ? riskWarnings({ nftReceiverWithoutHook: true }) : []
          state = { status: 'ready', input, risks: [...risks, ...stuck], changes, gasUsed: outcome.gasUsed }
        } else if (outcome.status === 'reverted') {
          state = { status: 'reverted', input, risks, reason: outcome.reason }
        } else {
          this.deps.logger.warn('Transaction preview unavailable', outcome.cause)
          state = { status: 'unavailable', input, risks }
        }
      } catch (error) {
        if (controller.signal.aborted) return this.subject.value
        this.deps.logger.warn('Transaction preview failed', error)
        state = { status: 'unavailable', input, risks }
      }
    }
    if (this.controller !== controller) return state
    this.subject.next(state)
    return state
  }

  /** The chain cannot be asked (the transactions themselves could not be had): "Preview unavailable". */
  unavailable(chainId: CaipNetworkId, from: string): void {
    this.controller?.abort()
    this.controller = undefined
    this.subject.next({ status: 'unavailable', input: { chainId, from, calls: [], tokens: [] }, risks: [] })
  }

  /** Forgets the preview (the review closed or its form changed). */
  clear(): void {
    this.controller?.abort()
    this.controller = undefined
    if (this.subject.value.status !== 'idle') this.subject.next(IDLE)
  }
}

function describe(
  change: { asset: string; delta: bigint; nft: boolean },
  known: readonly PreviewToken[],
  chain: readonly SimulatedToken[],
  network: CaipNetwork,
): PreviewChange {
  const base = { asset: change.asset, delta: change.delta, nft: change.nft }
  if (change.asset === NATIVE_ASSET) {
    const token = known.find((t) => t.address === undefined) ?? { symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }
    return { ...base, token }
  }
  const mine = known.find((t) => t.address?.toLowerCase() === change.asset)
  if (mine !== undefined) return { ...base, token: mine }
  const told = chain.find((t) => t.address.toLowerCase() === change.asset)
  if (told?.symbol !== undefined && (told.decimals !== undefined || change.nft)) {
    return { ...base, token: { address: change.asset, symbol: told.symbol, decimals: change.nft ? 0 : (told.decimals ?? 0) } }
  }
  return base
}
