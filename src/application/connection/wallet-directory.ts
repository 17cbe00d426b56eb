import { combineLatest, map, of, type Observable } from 'rxjs'
import type { ChainNamespace, Connector } from '../../domain/entities'
import type { ChainFamilies, ChainFamily } from '../../ports/chain-family'

/**
 * One wallet list for every chain family: the families' connectors joined by id, so a wallet that
 * offers several families (an EVM + Solana extension, WalletConnect) is one connector of type
 * MULTI_CHAIN carrying `chains`. Order: first appearance, families in the host's order.
 */
export class WalletDirectory {
  readonly connectors$: Observable<readonly Connector[]>
  private lastLists: readonly (readonly Connector[])[] = []
  private lastJoined: readonly Connector[] = []

  constructor(private readonly familyList: ChainFamilies) {
    const all = familyList.all
    this.connectors$ =
      all.length === 0 ? of([]) : combineLatest(all.map((f) => f.connectors$)).pipe(map((lists) => this.joined(lists)))
  }

  get connectors(): readonly Connector[] {
    return this.joined(this.familyList.all.map((f) => f.connectors))
  }

  get families(): readonly ChainFamily[] {
    return this.familyList.all
  }

  family(namespace: ChainNamespace): ChainFamily | undefined {
    return this.familyList.get(namespace)
  }

  /** The families that list this connector, in the host's order. */
  familiesOf(connectorId: string): ChainFamily[] {
    return this.familyList.all.filter((f) => f.connectors.some((c) => c.id === connectorId))
  }

  connector(connectorId: string): Connector | undefined {
    return this.connectors.find((c) => c.id === connectorId)
  }

  startDiscovery(): void {
    for (const family of this.familyList.all) family.startDiscovery()
  }

  /** The joined list, as the same array while no family's list changed (views compare by identity). */
  private joined(lists: readonly (readonly Connector[])[]): readonly Connector[] {
    const same = lists.length === this.lastLists.length && lists.every((list, i) => list === this.lastLists[i])
    if (same) return this.lastJoined
    this.lastLists = lists
    const byId = new Map<string, Connector>()
    for (const list of lists) {
      for (const connector of list) {
        const known = byId.get(connector.id)
        if (known === undefined) byId.set(connector.id, connector)
        else if (!(known.chains ?? [known.chain]).includes(connector.chain)) {
          byId.set(connector.id, {
            ...known,
            // The embedded wallet stays AUTH in every family: it is the email field, never a wallet row.
            type: known.type === 'AUTH' && connector.type === 'AUTH' ? 'AUTH' : 'MULTI_CHAIN',
            chains: [...(known.chains ?? [known.chain]), connector.chain],
          })
        }
      }
    }
    this.lastJoined = [...byId.values()]
    return this.lastJoined
  }
}
