import { BehaviorSubject, Subject, filter, take, type Observable, type Subscription } from 'rxjs'
import type { CaipNetwork, CaipNetworkId } from '../../domain/entities'
import type { ViewName } from '../../domain/navigation/views'
import { ChainAdapterNotFoundError, NetworkNotFoundError, NoConnectionClientError } from '../../domain/errors'
import { WalletRequestError, type ChainFamilies, type WalletErrorKind } from '../../ports/chain-family'
import type { Logger } from '../../ports/logger'
import { boundMessage } from '../../domain/validation/text-bounds'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'
import type { NetworksStore } from './networks-store'

export type SwitchNetworkState =
  | { readonly status: 'idle' }
  | {
      readonly status: 'switching'
      readonly target: CaipNetwork
      /** `add` while the wallet is asked to learn the network first. */
      readonly step: 'switch' | 'add'
      /** The target is in another chain family than the active one (spec section 4). */
      readonly namespaceSwitching: boolean
    }
  | { readonly status: 'switched'; readonly target: CaipNetwork }
  | {
      readonly status: 'error'
      readonly target: CaipNetwork | undefined
      readonly error: Error
      /**
       * The view the visitor was on when the switch failed, which says so; undefined when the
       * modal was closed. The error is dropped (back to idle) once the visitor leaves that view,
       * so it never turns up later on another one.
       */
      readonly shownOn: ViewName | undefined
    }

export type SwitchNetworkResult = { readonly ok: true } | { readonly ok: false; readonly error: Error }

export interface SwitchNetworkOptions {
  /**
   * Drive the modal's views: show SwitchNetwork while the wallet decides, Account after a
   * success, and go back one view after a failure (spec section 4). Off for host API calls.
   * Account replaces only the switch's own views: a view the new network brought meanwhile (the
   * sign view, when it has no sign-in session) stays.
   */
  readonly navigate?: boolean
}

/** Fired after every successful switch; the send form resets on it (spec section 4). */
export interface NetworkChanged {
  readonly from: CaipNetworkId
  readonly to: CaipNetworkId
  readonly namespaceChanged: boolean
}

/** The wallet refused or failed to switch; `kind` says why in any family's terms. */
export class SwitchNetworkRejectedError extends Error {
  override readonly name = 'SwitchNetworkRejectedError' as const
  readonly code = 'SWITCH_NETWORK_REJECTED' as const
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * A later switch replaced this one before it finished: the wallet ends where the latest call
 * asked, and this call does not claim that outcome (nor fails because of it).
 */
export class SwitchNetworkSupersededError extends Error {
  override readonly name = 'SwitchNetworkSupersededError' as const
  readonly code = 'SWITCH_NETWORK_SUPERSEDED' as const
  /** Family-neutral like the wallet's refusals: an expected outcome, not a fault to report. */
  readonly kind = 'superseded' as const
  constructor(readonly target: CaipNetworkId | undefined) {
    super('A later network switch replaced this one')
  }
}

export interface SwitchNetworkDeps {
  readonly networks: NetworksStore
  readonly connection: ConnectionStore
  readonly modal: ModalStore
  readonly families: ChainFamilies
  readonly logger: Logger
}

/**
 * Switching networks (spec section 4). Within the active chain family the family's wing asks the
 * wallet (adding the network first when the wallet does not know it). Switching to a network of
 * another family marks namespace switching, makes that family's account the active one (when it
 * is connected; else the visitor is shown Connect for that family), resets the send form
 * (`networkChanged$`) and persists the active network. A failure goes back one view. Without a
 * connected wallet the network is only selected and persisted.
 *
 * Calls run one at a time, and the last call wins: a call made while another waits for the wallet
 * starts once that one is answered (from where the wallet then is); a call that a later one
 * replaced before it finished resolves `{ ok: false, error: SwitchNetworkSupersededError }` and
 * leaves state and views to the later call. No call resolves ok unless the wallet is on its
 * target.
 */
export class SwitchNetwork {
  private readonly subject = new BehaviorSubject<SwitchNetworkState>({ status: 'idle' })
  readonly state$: Observable<SwitchNetworkState> = this.subject.asObservable()
  private readonly changed = new Subject<NetworkChanged>()
  /** Every successful switch. Never errors. */
  readonly networkChanged$: Observable<NetworkChanged> = this.changed.asObservable()

  constructor(private readonly deps: SwitchNetworkDeps) {}

  /** Drops a shown error once its view is left. */
  private dismissal: Subscription | undefined

  /** The ticket of the latest call: only that call may settle the state. */
  private latest = 0
  /** Calls started and not yet finished. */
  private running = 0
  /** Settles when every call so far has finished; never rejects. */
  private queue: Promise<unknown> = Promise.resolve()

  get snapshot(): SwitchNetworkState {
    return this.subject.value
  }

  /**
   * Never rejects: a failure is in the result and in `state$`. A call replaced by a later one
   * before it finished resolves with SwitchNetworkSupersededError.
   */
  execute(caipNetworkId: string, options: SwitchNetworkOptions = {}): Promise<SwitchNetworkResult> {
    const ticket = ++this.latest
    this.dismissal?.unsubscribe()
    const start = (): Promise<SwitchNetworkResult> =>
      ticket === this.latest ? this.run(caipNetworkId, options, ticket) : Promise.resolve(superseded(caipNetworkId))
    // Idle: start at once (the view sees the switching state in the same tick).
    const result = this.running === 0 ? start() : this.queue.then(start)
    this.running++
    const done = () => {
      this.running--
    }
    this.queue = result.then(done, done)
    return result
  }

  private async run(caipNetworkId: string, options: SwitchNetworkOptions, ticket: number): Promise<SwitchNetworkResult> {
    const navigate = options.navigate ?? false
    const target = this.deps.networks.find(caipNetworkId)
    if (target === undefined) return this.fail(undefined, new NetworkNotFoundError(), false)
    const from = this.deps.networks.snapshot.activeCaipNetworkId
    const active = this.deps.connection.snapshot

    if (active.status !== 'connected') {
      this.deps.networks.select(target.caipNetworkId)
      return this.succeed(target, from, false, false)
    }
    const namespaceSwitching = active.namespace !== target.chainNamespace
    if (namespaceSwitching) {
      this.subject.next({ status: 'switching', target, step: 'switch', namespaceSwitching: true })
      const account = this.deps.connection.account(target.chainNamespace)
      if (account === undefined) {
        // No wallet of that family yet: the network becomes the active one and the visitor is
        // offered that family's wallets.
        this.deps.networks.select(target.caipNetworkId)
        const result = this.succeed(target, from, true, false)
        if (navigate) this.deps.modal.reset('Connect', target.chainNamespace)
        return result
      }
      this.deps.connection.activate(target.chainNamespace)
      if (account.caipNetworkId === target.caipNetworkId) {
        this.deps.networks.select(target.caipNetworkId)
        return this.succeed(target, from, true, navigate)
      }
    } else if (active.caipNetworkId === target.caipNetworkId) {
      this.deps.networks.select(target.caipNetworkId)
      return this.succeed(target, from, false, navigate)
    }
    return this.askWallet(target, from, namespaceSwitching, navigate, ticket)
  }

  /** The active family's wallet moves to `target` (the target's family is the active one here). */
  private async askWallet(
    target: CaipNetwork,
    from: CaipNetworkId,
    namespaceSwitching: boolean,
    navigate: boolean,
    ticket: number,
  ): Promise<SwitchNetworkResult> {
    const account = this.deps.connection.account(target.chainNamespace)
    const family = this.deps.families.get(target.chainNamespace)
    if (account === undefined || family === undefined) return this.fail(target, new ChainAdapterNotFoundError(), navigate)
    if (family.getProvider(account.connectorId) === undefined) return this.fail(target, new NoConnectionClientError(), navigate)

    this.subject.next({ status: 'switching', target, step: 'switch', namespaceSwitching })
    if (navigate) this.deps.modal.push('SwitchNetwork')
    try {
      await family.switchNetwork(account.connectorId, target, (step) => {
        if (ticket === this.latest) this.subject.next({ status: 'switching', target, step, namespaceSwitching })
      })
    } catch (error) {
      if (ticket !== this.latest) return this.supersededBy(navigate, target)
      const rejected = new SwitchNetworkRejectedError(
        error instanceof WalletRequestError ? error.kind : 'failed',
        // The wallet's own words, bounded: they are shown and reported.
        error instanceof Error && error.message !== '' ? boundMessage(error.message) : 'The wallet did not switch networks',
        { cause: error },
      )
      if (navigate && this.deps.modal.view === 'SwitchNetwork') this.deps.modal.goBack()
      return this.fail(target, rejected, false)
    }
    // The wallet is on the target now, whether or not this call still counts: the next call
    // starts from where the wallet really is.
    const now = this.deps.connection.account(target.chainNamespace)
    if (now !== undefined && now.caipNetworkId !== target.caipNetworkId) {
      this.deps.connection.update(target.chainNamespace, {
        caipNetworkId: target.caipNetworkId,
        caipAddress: `${target.caipNetworkId}:${now.address}`,
      })
    }
    if (ticket !== this.latest) return this.supersededBy(navigate, target)
    this.deps.networks.select(target.caipNetworkId)
    return this.succeed(target, from, namespaceSwitching, navigate)
  }

  private succeed(target: CaipNetwork, from: CaipNetworkId, namespaceChanged: boolean, navigate: boolean): SwitchNetworkResult {
    this.subject.next({ status: 'switched', target })
    if (from !== target.caipNetworkId || namespaceChanged) {
      this.changed.next({ from, to: target.caipNetworkId, namespaceChanged })
    }
    // The wallet tells its new network before it answers, so sign-in may already have put its view
    // up for a network without a session: Account must not cover it (a session is one account on
    // one chain, and with sign-in required Account would be open unsigned).
    if (navigate && this.deps.modal.snapshot.open && this.deps.connection.snapshot.status === 'connected' && SWITCH_VIEWS.includes(this.deps.modal.view)) {
      this.deps.modal.reset('Account')
    }
    return { ok: true }
  }

  /** A later call took over: its own view comes with it, so this one's SwitchNetwork view goes. */
  private supersededBy(navigate: boolean, target: CaipNetwork): SwitchNetworkResult {
    if (navigate && this.deps.modal.view === 'SwitchNetwork') this.deps.modal.goBack()
    return superseded(target.caipNetworkId)
  }

  private fail(target: CaipNetwork | undefined, error: Error, navigate: boolean): SwitchNetworkResult {
    this.deps.logger.warn('Network switch failed', error)
    if (navigate) this.deps.modal.goBack()
    const shownOn = this.deps.modal.snapshot.open ? this.deps.modal.view : undefined
    this.subject.next({ status: 'error', target, error, shownOn })
    this.dismissal?.unsubscribe()
    if (shownOn !== undefined) {
      this.dismissal = this.deps.modal.state$
        .pipe(
          filter((state) => !state.open || state.router.view !== shownOn),
          take(1),
        )
        .subscribe(() => {
          if (this.subject.value.status === 'error') this.subject.next({ status: 'idle' })
        })
    }
    return { ok: false, error }
  }
}

/** The views of a switch made in the modal: the list the network was picked from, and the wait for the wallet. */
const SWITCH_VIEWS: readonly ViewName[] = ['Networks', 'SwitchNetwork']

function superseded(target: string): SwitchNetworkResult {
  return { ok: false, error: new SwitchNetworkSupersededError(target as CaipNetworkId) }
}
