import { sameConnectorType, sharesSessionAcrossNamespaces } from '../../domain/connection/connectors'
import type { ChainNamespace } from '../../domain/entities'
import { DisconnectChainError, DisconnectError } from '../../domain/disconnect-errors'
import type { ChainFamilies } from '../../ports/chain-family'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import type { ConnectedAccount, ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'
import type { EventReporter } from './report-event'
import { forgetConnector } from './storage-keys'

/** Stops a WalletConnect attempt and forgets its pairing (a disconnect resets the pairing, spec section 4). */
export interface PairingReset {
  cancel(): void
}

export interface DisconnectWalletDeps {
  readonly families: ChainFamilies
  readonly connection: ConnectionStore
  readonly modal: ModalStore
  readonly storage: KeyValueStorage
  readonly events: EventReporter
  readonly logger: Logger
  readonly pairing?: () => PairingReset | undefined
}

/**
 * Disconnects (spec section 4). Each namespace's account leaves the connection store (stores that
 * hold that namespace's account, network, send or transaction data follow it), its remembered
 * connector is forgotten so a reload does not reconnect it, and any WalletConnect pairing in
 * flight is dropped. Disconnecting a WalletConnect or auth connector also disconnects the other
 * namespaces connected through the same connector type. With no namespace left the modal shows
 * Connect.
 */
export class DisconnectWallet {
  constructor(private readonly deps: DisconnectWalletDeps) {}

  /**
   * Disconnects one namespace (and those sharing its WalletConnect or auth session), or every
   * connected namespace when none is given.
   * @throws DisconnectError ("Failed to disconnect") when disconnecting everything failed in a
   * wallet, DisconnectChainError ("Failed to disconnect chain {chain}") for one namespace.
   */
  async disconnect(namespace?: ChainNamespace): Promise<void> {
    const targets = namespace === undefined ? this.all() : this.withSharedSession(namespace)
    this.deps.pairing?.()?.cancel()
    const failures: unknown[] = []
    for (const account of targets) {
      this.forget(account)
      try {
        await this.deps.families.get(account.namespace)?.disconnect(account.connectorId)
        this.deps.events.report('DISCONNECT_SUCCESS', { connectorId: account.connectorId, namespace: account.namespace })
      } catch (error) {
        failures.push(error)
        this.deps.logger.warn('Walletgate: disconnect failed', error)
        this.deps.events.report('DISCONNECT_ERROR', { connectorId: account.connectorId, namespace: account.namespace, message: String(error) })
      }
    }
    if (targets.length === 0) {
      // Nothing connected (or an attempt in flight): still leave a clean Connect view.
      this.deps.connection.clear()
      forgetConnector(this.deps.storage)
    }
    this.afterRemoval()
    if (failures.length > 0) {
      const cause = failures[0]
      throw namespace === undefined ? new DisconnectError({ cause }) : new DisconnectChainError(namespace, { cause })
    }
  }

  /** The wallet itself ended the session (accountsChanged [] or disconnect): no wallet call. */
  walletEnded(namespace: ChainNamespace, connectorId: string): void {
    const account = this.deps.connection.account(namespace)
    if (account === undefined || account.connectorId !== connectorId) return
    for (const ended of this.withSharedSession(namespace)) {
      this.forget(ended)
      void this.deps.families.get(ended.namespace)?.disconnect(ended.connectorId)
      this.deps.events.report('DISCONNECT_SUCCESS', { connectorId: ended.connectorId, namespace: ended.namespace, initiator: 'wallet' })
    }
    this.afterRemoval()
  }

  private all(): ConnectedAccount[] {
    return this.deps.connection.connectedNamespaces
      .map((n) => this.deps.connection.account(n))
      .filter((a): a is ConnectedAccount => a !== undefined)
  }

  /** The namespace's account, plus every other namespace connected through the same WalletConnect or auth connector type. */
  private withSharedSession(namespace: ChainNamespace): ConnectedAccount[] {
    const account = this.deps.connection.account(namespace)
    if (account === undefined) return []
    if (!sharesSessionAcrossNamespaces(account)) return [account]
    return [account, ...this.all().filter((other) => other.namespace !== namespace && sameConnectorType(account, other))]
  }

  private forget(account: ConnectedAccount): void {
    forgetConnector(this.deps.storage, account.namespace)
    this.deps.connection.remove(account.namespace)
  }

  private afterRemoval(): void {
    if (this.deps.connection.snapshot.status !== 'connected') this.deps.modal.reset('Connect')
  }
}
