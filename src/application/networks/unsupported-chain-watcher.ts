import { distinctUntilChanged, map, type Subscription } from 'rxjs'
import { shouldShowUnsupportedChain } from '../../domain/network/unsupported-chain'
import type { CaipNetworkId } from '../../domain/entities'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'
import type { NetworksStore } from './networks-store'

export interface UnsupportedChainOptions {
  /** The host allows unsupported chains (config `allowUnsupportedChain`). */
  readonly allowUnsupportedChain: boolean
  /** Network switching is available (always, for eip155 wallets that can switch). */
  readonly networkSwitchingEnabled?: boolean
  /** A basic session (no network switching offered) never opens UnsupportedChain. */
  readonly isBasicSession?: () => boolean
}

export interface UnsupportedChainWatcherDeps {
  readonly connection: ConnectionStore
  readonly networks: NetworksStore
  readonly modal: ModalStore
  readonly options: UnsupportedChainOptions
}

/**
 * Opens UnsupportedChain when a connected wallet moves itself to a network the host did not
 * configure (spec section 4), and leaves it for Account once the wallet is back on a configured
 * network.
 */
export class UnsupportedChainWatcher {
  private subscription: Subscription | undefined

  constructor(private readonly deps: UnsupportedChainWatcherDeps) {}

  /** Idempotent. */
  start(): void {
    this.subscription ??= this.deps.connection.state$
      .pipe(
        map((state) => (state.status === 'connected' ? (state.caipNetworkId as CaipNetworkId) : undefined)),
        distinctUntilChanged(),
      )
      .subscribe((caipNetworkId) => this.check(caipNetworkId))
  }

  dispose(): void {
    this.subscription?.unsubscribe()
    this.subscription = undefined
  }

  private check(caipNetworkId: CaipNetworkId | undefined): void {
    if (caipNetworkId === undefined) {
      if (this.deps.modal.view === 'UnsupportedChain') this.deps.modal.reset('Connect')
      return
    }
    const unsupported = shouldShowUnsupportedChain({
      caipNetworkId,
      requestedCaipNetworkIds: this.deps.networks.requestedIds(),
      networkSwitchingEnabled: this.deps.options.networkSwitchingEnabled ?? true,
      allowUnsupportedChain: this.deps.options.allowUnsupportedChain,
      isBasicSession: this.deps.options.isBasicSession?.() ?? false,
    })
    if (unsupported) {
      if (!this.deps.modal.snapshot.open) this.deps.modal.open({ view: 'UnsupportedChain' }, true)
      else this.deps.modal.push('UnsupportedChain')
    } else if (this.deps.modal.view === 'UnsupportedChain') {
      this.deps.modal.reset('Account')
    }
  }
}
