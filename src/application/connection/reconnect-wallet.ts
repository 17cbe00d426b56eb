import { catchError, filter, firstValueFrom, map, of, take, timeout, type SchedulerLike } from 'rxjs'
import { STORAGE_KEYS } from '../../domain/constants'
import type { ChainNamespace } from '../../domain/entities'
import type { ChainFamily } from '../../ports/chain-family'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import type { ConnectionStore } from '../connection-store'
import { connectedAccount } from './connected-state'
import type { EventReporter } from './report-event'
import { forgetConnector, readChosenAccount, readLastConnectors } from './storage-keys'
import type { WalletDirectory } from './wallet-directory'

/** How long a reload waits for the remembered wallet to announce itself (Walletgate's choice). */
export const RECONNECT_DISCOVERY_WAIT_MS = 3_000

export interface ReconnectWalletDeps {
  readonly wallets: WalletDirectory
  readonly connection: ConnectionStore
  readonly storage: KeyValueStorage
  readonly scheduler: SchedulerLike
  readonly events: EventReporter
  readonly logger: Logger
}

/**
 * Reconnects silently after a reload, namespace by namespace: waits for each remembered connector
 * to be discovered in its family, then asks it for its authorised accounts without a prompt. A
 * wallet that no longer knows the site makes the modal forget it for that namespace. The namespace
 * of the persisted active network becomes the active one again, and the account the visitor chose
 * among several the wallet shares is the chosen one again.
 */
export class ReconnectWallet {
  constructor(private readonly deps: ReconnectWalletDeps) {}

  /** Resolves true when at least one namespace was restored. Never rejects. */
  async reconnect(): Promise<boolean> {
    const remembered = Object.entries(readLastConnectors(this.deps.storage)) as [ChainNamespace, string][]
    if (remembered.length === 0 || this.deps.connection.snapshot.status !== 'disconnected') return false
    // Read before any namespace is restored: a restored one persists its own network at once,
    // while a slower one (a wallet that registers late) is still on its way.
    const lastUsed = this.deps.storage.get(STORAGE_KEYS.lastUsedChain)
    const restored = await Promise.all(
      remembered.map(([namespace, connectorId]) => this.restore(namespace, connectorId)),
    )
    const active = this.activeNamespace(lastUsed)
    if (active !== undefined) this.deps.connection.activate(active)
    return restored.some(Boolean)
  }

  private async restore(namespace: ChainNamespace, connectorId: string): Promise<boolean> {
    const family = this.deps.wallets.family(namespace)
    if (family === undefined) {
      forgetConnector(this.deps.storage, namespace)
      return false
    }
    if (!(await this.discovered(family, connectorId))) {
      this.deps.logger.warn(`Walletgate: the last ${namespace} wallet (${connectorId}) was not found: not reconnecting`)
      return false
    }
    // A connect the visitor started meanwhile wins.
    if (this.deps.connection.account(namespace) !== undefined) return false
    // A family that breaks its port's promise and throws leaves the wallet remembered (it may answer next time).
    let account = await family.reconnect(connectorId).catch(() => undefined)
    if (account === undefined) return false
    if (account === null || account.addresses.length === 0) {
      forgetConnector(this.deps.storage, namespace)
      return false
    }
    // Back on the account the visitor chose among those the wallet shares, when it still shares it.
    const chosen = readChosenAccount(this.deps.storage, namespace, connectorId)
    if (chosen !== undefined && chosen !== account.addresses[0] && account.accounts?.some((a) => a.address === chosen) === true) {
      account = (await family.chooseAddress?.(connectorId, chosen).catch(() => undefined)) ?? account
    }
    if (this.deps.connection.account(namespace) !== undefined) return false
    const type = family.connectors.find((c) => c.id === connectorId)?.type
    this.deps.connection.upsert(connectedAccount(account, type), { activate: this.deps.connection.activeNamespace === undefined })
    this.deps.events.report('CONNECT_SUCCESS', { method: 'reconnect', connectorId, namespace }, account.addresses[0])
    return true
  }

  private discovered(family: ChainFamily, connectorId: string): Promise<boolean> {
    return firstValueFrom(
      family.connectors$.pipe(
        map((list) => list.some((c) => c.id === connectorId)),
        filter(Boolean),
        take(1),
        timeout({ first: RECONNECT_DISCOVERY_WAIT_MS, scheduler: this.deps.scheduler }),
        catchError(() => of(false)),
      ),
    )
  }

  /** The namespace of the persisted active network, when it is connected. */
  private activeNamespace(lastUsed: string | null): ChainNamespace | undefined {
    const namespace = lastUsed?.split(':')[0] as ChainNamespace | undefined
    return namespace !== undefined && this.deps.connection.account(namespace) !== undefined ? namespace : undefined
  }
}
