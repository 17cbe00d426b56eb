/**
 * Several connector sources of one chain family as one `WalletConnectors` (browser wallets plus
 * WalletConnect): the list is their lists in order; a call goes to the source that lists the id,
 * else to the first source (browser wallets may announce themselves late).
 */
import { combineLatest, map, merge, type Observable } from 'rxjs'
import type { ChainNamespace, Connector } from '../../../domain/entities'
import type { Eip1193Provider, WalletAccount, WalletConnectors, WalletEvent } from '../../../ports/wallet-connectors'

export class CompositeWalletConnectors implements WalletConnectors {
  readonly namespace: ChainNamespace
  readonly connectors$: Observable<readonly Connector[]>
  readonly events$: Observable<WalletEvent>

  constructor(private readonly parts: readonly [WalletConnectors, ...WalletConnectors[]]) {
    this.namespace = parts[0].namespace
    this.connectors$ = combineLatest(parts.map((p) => p.connectors$)).pipe(map((lists) => this.joined(lists)))
    this.events$ = merge(...parts.map((p) => p.events$))
  }

  get connectors(): readonly Connector[] {
    return this.joined(this.parts.map((p) => p.connectors))
  }

  private lastLists: readonly (readonly Connector[])[] = []
  private lastJoined: readonly Connector[] = []

  /** The parts' lists in order, as the same array while no part's list changed (views compare by identity). */
  private joined(lists: readonly (readonly Connector[])[]): readonly Connector[] {
    const same = lists.length === this.lastLists.length && lists.every((list, i) => list === this.lastLists[i])
    if (!same) {
      this.lastLists = lists
      this.lastJoined = lists.flat()
    }
    return this.lastJoined
  }

  private partFor(connectorId: string): WalletConnectors {
    return this.parts.find((p) => p.connectors.some((c) => c.id === connectorId)) ?? this.parts[0]
  }

  startDiscovery(): void {
    for (const part of this.parts) part.startDiscovery()
  }

  connect(connectorId: string): Promise<WalletAccount> {
    return this.partFor(connectorId).connect(connectorId)
  }

  reconnect(connectorId: string): Promise<WalletAccount | null> {
    return this.partFor(connectorId).reconnect(connectorId)
  }

  disconnect(connectorId: string): Promise<void> {
    return this.partFor(connectorId).disconnect(connectorId)
  }

  getProvider(connectorId: string): Eip1193Provider | undefined {
    return this.partFor(connectorId).getProvider(connectorId)
  }
}
