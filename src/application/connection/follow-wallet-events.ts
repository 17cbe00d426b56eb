import type { Subscription } from 'rxjs'
import type { WalletConnectors, WalletEvent } from '../../ports/wallet-connectors'
import type { ConnectionStore } from '../connection-store'
import type { DisconnectWallet } from './disconnect-wallet'

/**
 * Keeps the connection in step with what the connected wallet reports: a new selected account, a
 * new chain (configured or not: the networks use cases decide whether it is supported), or the
 * end of the session (no accounts left, or `disconnect`).
 */
export class FollowWalletEvents {
  private subscription: Subscription | undefined

  constructor(
    private readonly wallets: WalletConnectors,
    private readonly connection: ConnectionStore,
    private readonly disconnect: DisconnectWallet,
  ) {}

  start(): void {
    this.subscription ??= this.wallets.events$.subscribe((event) => this.apply(event))
  }

  stop(): void {
    this.subscription?.unsubscribe()
    this.subscription = undefined
  }

  private apply(event: WalletEvent): void {
    const current = this.connection.snapshot
    if (current.status !== 'connected' || current.connectorId !== event.connectorId) return
    switch (event.type) {
      case 'accountsChanged': {
        const address = event.addresses[0]
        if (address === undefined) {
          this.disconnect.walletEnded(event.connectorId)
        } else if (address !== current.address) {
          this.connection.set({ ...current, address, caipAddress: `${current.caipNetworkId}:${address}` })
        }
        return
      }
      case 'chainChanged':
        if (event.caipNetworkId !== current.caipNetworkId) {
          this.connection.set({
            ...current,
            caipNetworkId: event.caipNetworkId,
            caipAddress: `${event.caipNetworkId}:${current.address}`,
          })
        }
        return
      case 'disconnect':
        this.disconnect.walletEnded(event.connectorId)
        return
    }
  }
}
