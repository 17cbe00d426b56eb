/** The send form, its review and its confirm over fakes: a connected account on eip155:31337 holding ETH and dUSD. */
import type { InMemoryEnsNames } from '../../../fakes/in-memory-ens-names'
import { BehaviorSubject, asyncScheduler, type SchedulerLike } from 'rxjs'
import type { NameProfile, TokenBalance } from '../../../../src/domain/entities'
import type { Transaction } from '../../../../src/domain/transactions/transaction'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalStore } from '../../../../src/application/modal-store'
import type { SendBalanceSource } from '../../../../src/application/send/collaborators'
import { ConfirmSend } from '../../../../src/application/send/confirm-send'
import { ReviewSend, type ReviewSendDeps, type SendPreview } from '../../../../src/application/send/review-send'
import { SendForm } from '../../../../src/application/send/send-form'
import { sendErrorMessage } from '../../../../src/domain/send/send-errors'
import { TransactionApprovals } from '../../../../src/application/send/transaction-approvals'
import type { AnalyticsEvent } from '../../../../src/ports/analytics'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { FakeTokenTransfers } from '../../../fakes/fake-token-transfers'
import { InMemoryNamesApi } from '../../../fakes/blockchain/in-memory-names-api'
import { InMemoryFamilyRules } from '../../../fakes/in-memory-family-rules'
import { RecordingLogger } from '../../../fakes/recording-logger'
export { RecordingLogger }

export const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const DUSD_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
export const NOW = Date.parse('2026-11-22T03:00:00.000Z')

export const ETH: TokenBalance = aNativeBalance({
  name: 'Ether',
  symbol: 'ETH',
  price: 2500,
  value: 2500,
  quantity: { decimals: '18', numeric: '1' },
})
export const DUSD: TokenBalance = aTokenBalance({
  name: 'Devnet USD',
  symbol: 'dUSD',
  address: `eip155:31337:${DUSD_CONTRACT}`,
  price: 1,
  value: 100,
  quantity: { decimals: '6', numeric: '100' },
})

export class FakeBalances implements SendBalanceSource {
  readonly subject = new BehaviorSubject<readonly TokenBalance[]>([ETH, DUSD])
  readonly balances$ = this.subject.asObservable()
  readonly refreshes: { forceUpdate: boolean }[] = []
  get balances(): readonly TokenBalance[] {
    return this.subject.value
  }
  refresh(options: { forceUpdate: boolean }): Promise<void> {
    this.refreshes.push(options)
    return Promise.resolve()
  }
}

export class RecordingNotifier {
  readonly successes: string[] = []
  readonly errors: string[] = []
  showSuccess(message: string): void {
    this.successes.push(message)
  }
  showError(message: string): void {
    this.errors.push(message)
  }
}


export function aNameProfile(name: string, address: string, coinType = 2147514985): NameProfile {
  return {
    name,
    registered_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    addresses: { [String(coinType)]: { address, created: '2026-11-01T00:00:00.000Z' } },
    attributes: {},
  }
}

export interface SendWorld {
  form: SendForm
  review: ReviewSend
  confirm: ConfirmSend
  connection: ConnectionStore
  modal: ModalStore
  approvals: TransactionApprovals
  transfers: FakeTokenTransfers
  balances: FakeBalances
  api: InMemoryNamesApi
  notifier: RecordingNotifier
  logger: RecordingLogger
  pending: Transaction[]
  events: AnalyticsEvent[]
}

export function connect(connection: ConnectionStore, caipNetworkId = 'eip155:31337', namespace: 'eip155' | 'solana' = 'eip155'): void {
  connection.set({
    status: 'connected',
    connectorId: 'dev.walletgate.devnet',
    namespace,
    caipAddress: `${caipNetworkId}:${FROM}`,
    address: FROM,
    caipNetworkId,
  })
}

export function aSendWorld(
  options: {
    scheduler?: SchedulerLike
    names?: NameProfile[]
    locale?: string
    ens?: InMemoryEnsNames
    /** The chain's preview of the transfer, the host's deny-list and the account's past receivers. */
    previews?: Pick<ReviewSendDeps, 'preview' | 'denyList' | 'servedDenyList' | 'pastReceivers' | 'sponsorship'>
  } = {},
): SendWorld {
  const connection = new ConnectionStore()
  connect(connection)
  const modal = new ModalStore()
  modal.open({}, true)
  const approvals = new TransactionApprovals(modal)
  const transfers = new FakeTokenTransfers()
  const balances = new FakeBalances()
  const api = new InMemoryNamesApi({ names: options.names ?? [] })
  const notifier = new RecordingNotifier()
  const logger = new RecordingLogger()
  const pending: Transaction[] = []
  const events: AnalyticsEvent[] = []
  const scheduler = options.scheduler ?? asyncScheduler
  const nativeCurrencies = { 'eip155:31337': { symbol: 'ETH', decimals: 18 } }
  const rules = new InMemoryFamilyRules()
  const form = new SendForm({ connection, balances, api, ens: options.ens, rules, scheduler, logger, locale: options.locale ?? 'en-US' })
  const review = new ReviewSend({ form, balances, transfers, modal, logger, nativeCurrencies, ...options.previews })
  const confirm = new ConfirmSend({
    form,
    review,
    balances,
    transfers,
    approvals,
    activity: { addPending: (tx) => pending.push(tx) },
    modal,
    connection,
    notifier,
    clock: { now: () => NOW },
    logger,
    analytics: {
      sendEvent: (event) => {
        events.push(event)
        return Promise.resolve()
      },
    },
  })
  return { form, review, confirm, connection, modal, approvals, transfers, balances, api, notifier, logger, pending, events }
}

/** Fills the form. */
export function fill(world: SendWorld, form: { token?: TokenBalance; amount?: string; receiver?: string }): void {
  if (form.token) world.form.selectToken(form.token)
  if (form.amount !== undefined) world.form.setAmount(form.amount)
  if (form.receiver !== undefined) world.form.setReceiver(form.receiver)
}

/** The text the views show: the review's failure on the form, else the confirm's on the review. */
export function shownError(world: SendWorld): string | undefined {
  const review = world.review.snapshot
  if (review.status === 'failed') return sendErrorMessage(review.error)
  const confirm = world.confirm.snapshot
  return confirm.status === 'failed' ? sendErrorMessage(confirm.error) : undefined
}

/** The reviewed transfer, if the review is ready. */
export function previewOf(world: SendWorld): SendPreview | undefined {
  const review = world.review.snapshot
  return review.status === 'ready' ? review.preview : undefined
}
