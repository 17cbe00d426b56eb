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

/**
 * Opens UnsupportedChain when a connected wallet moves itself to a network the host did not
 * configure (spec section 4), and leaves it for Account once the wallet is back on a configured
 * network.
 */
export class UnsupportedChainWatcher {
  private subscription: Subscription | undefined

  constructor(
    private readonly connection: ConnectionStore,
    private readonly networks: NetworksStore,
    private readonly modal: ModalStore,
    private readonly options: UnsupportedChainOptions,
  ) {}

  /** Idempotent. */
  start(): void {
    this.subscription ??= this.connection.state$
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
      if (this.modal.view === 'UnsupportedChain') this.modal.reset('Connect')
      return
    }
    const unsupported = shouldShowUnsupportedChain({
      caipNetworkId,
      requestedCaipNetworkIds: this.networks.requestedIds(),
      networkSwitchingEnabled: this.options.networkSwitchingEnabled ?? true,
      allowUnsupportedChain: this.options.allowUnsupportedChain,
      isBasicSession: this.options.isBasicSession?.() ?? false,
    })
    if (unsupported) {
      if (!this.modal.snapshot.open) this.modal.open({ view: 'UnsupportedChain' }, true)
      else this.modal.push('UnsupportedChain')
    } else if (this.modal.view === 'UnsupportedChain') {
      this.modal.reset('Account')
    }
  }
}
