import { merge, map, type Subscription } from 'rxjs'
import type { ChainNamespace } from '../../domain/entities'
import type { WalletEvent } from '../../ports/chain-family'
import type { ConnectionStore } from '../connection-store'
import type { DisconnectWallet } from './disconnect-wallet'
import type { WalletDirectory } from './wallet-directory'

/**
 * Keeps each connected namespace in step with what its wallet reports: a new selected account, a
 * new network (configured or not: the networks use cases decide whether it is supported), or the
 * end of the session (no accounts left, or `disconnect`).
 */
export class FollowWalletEvents {
  private subscription: Subscription | undefined

  constructor(
    private readonly wallets: WalletDirectory,
    private readonly connection: ConnectionStore,
    private readonly disconnect: DisconnectWallet,
  ) {}

  start(): void {
    this.subscription ??= merge(
      ...this.wallets.families.map((family) => family.events$.pipe(map((event) => ({ namespace: family.namespace, event })))),
    ).subscribe(({ namespace, event }) => this.apply(namespace, event))
  }

  stop(): void {
    this.subscription?.unsubscribe()
    this.subscription = undefined
  }

  private apply(namespace: ChainNamespace, event: WalletEvent): void {
    const current = this.connection.account(namespace)
    if (current === undefined || current.connectorId !== event.connectorId) return
    switch (event.type) {
      case 'accountsChanged': {
        const address = event.addresses[0]
        if (address === undefined) {
          this.disconnect.walletEnded(namespace, event.connectorId)
        } else {
          // A connection that lists its accounts follows the wallet's list (names kept by address).
          const accounts = current.accounts?.length
            ? event.addresses.map((a) => current.accounts?.find((known) => known.address === a) ?? { address: a })
            : undefined
          const listChanged = accounts !== undefined && accounts.map((a) => a.address).join() !== current.accounts?.map((a) => a.address).join()
          if (address !== current.address || listChanged) {
            this.connection.update(namespace, {
              address,
              caipAddress: `${current.caipNetworkId}:${address}`,
              ...(listChanged ? { accounts } : {}),
            })
          }
        }
        return
      }
      case 'chainChanged':
        if (event.caipNetworkId !== current.caipNetworkId) {
          this.connection.update(namespace, {
            caipNetworkId: event.caipNetworkId,
            caipAddress: `${event.caipNetworkId}:${current.address}`,
          })
        }
        return
      case 'disconnect':
        this.disconnect.walletEnded(namespace, event.connectorId)
        return
    }
  }
}
