import { BehaviorSubject, combineLatest, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs'
import { STORAGE_KEYS } from '../../domain/constants'
import { type ResolvedConfig } from '../../domain/config'
import { toCaipNetwork } from '../../domain/network/network-config'
import type { CaipNetwork, CaipNetworkId } from '../../domain/entities'
import { isCaipNetworkId } from '../../domain/network/caip-network-id'
import { isRequestedNetwork } from '../../domain/network/unsupported-chain'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { ConnectionStore } from '../connection-store'

export interface NetworksState {
  /** The host's configured networks, in its order. */
  readonly networks: readonly CaipNetwork[]
  /**
   * CAIP-2 of the active network: the connected wallet's network (configured or not), else the
   * persisted last-used network, else the host's default network, else the first configured one.
   */
  readonly activeCaipNetworkId: CaipNetworkId
  /** The configured network behind `activeCaipNetworkId`; undefined on an unconfigured network. */
  readonly activeNetwork: CaipNetwork | undefined
  /** False when a connected wallet sits on a network the host did not configure. */
  readonly supported: boolean
}

/**
 * The configured networks and which one is active, with the active network persisted under the
 * spec's last-used-chain storage key (spec sections 4 and 9). Derived from the connection: while
 * a wallet is connected its network is the active one.
 */
export class NetworksStore {
  readonly networks: readonly CaipNetwork[]
  private readonly defaultNetwork: string | undefined
  /** The chosen network; undefined until chosen (the persisted one is read lazily). */
  private readonly selected = new BehaviorSubject<CaipNetworkId | undefined>(undefined)
  private initial: CaipNetworkId | undefined
  readonly state$: Observable<NetworksState>
  private persisting: Subscription | undefined

  constructor(
    config: Pick<ResolvedConfig, 'networks' | 'defaultNetwork'>,
    private readonly connection: ConnectionStore,
    private readonly storage: KeyValueStorage,
  ) {
    this.networks = config.networks.map(toCaipNetwork)
    this.defaultNetwork = config.defaultNetwork
    this.state$ = combineLatest([this.connection.state$, this.selected]).pipe(
      map(() => this.snapshot),
      distinctUntilChanged(
        (a, b) => a.activeCaipNetworkId === b.activeCaipNetworkId && a.supported === b.supported,
      ),
    )
  }

  get snapshot(): NetworksState {
    const connection = this.connection.snapshot
    const walletNetwork = connection.status === 'connected' ? connection.caipNetworkId : undefined
    const activeCaipNetworkId = (walletNetwork ?? this.selectedNetwork()) as CaipNetworkId
    const activeNetwork = this.find(activeCaipNetworkId)
    return {
      networks: this.networks,
      activeCaipNetworkId,
      activeNetwork,
      supported: walletNetwork === undefined || isRequestedNetwork(activeCaipNetworkId, this.requestedIds()),
    }
  }

  find(caipNetworkId: string): CaipNetwork | undefined {
    return this.networks.find((n) => n.caipNetworkId === caipNetworkId)
  }

  requestedIds(): CaipNetworkId[] {
    return this.networks.map((n) => n.caipNetworkId)
  }

  /** Makes a configured network the active one and persists it. Unknown ids are ignored. */
  select(caipNetworkId: CaipNetworkId): void {
    if (this.find(caipNetworkId) === undefined) return
    this.storage.set(STORAGE_KEYS.lastUsedChain, caipNetworkId)
    if (this.selectedNetwork() !== caipNetworkId) this.selected.next(caipNetworkId)
  }

  /** Persists the wallet's network whenever it moves to a configured one. Idempotent. */
  start(): void {
    this.persisting ??= this.connection.state$.subscribe((state) => {
      if (state.status === 'connected' && this.find(state.caipNetworkId) !== undefined) {
        this.select(state.caipNetworkId as CaipNetworkId)
      }
    })
  }

  dispose(): void {
    this.persisting?.unsubscribe()
    this.persisting = undefined
  }

  /** Storage is read on first use, not when the modal is created. */
  private selectedNetwork(): CaipNetworkId {
    this.initial ??= this.initialNetwork(this.defaultNetwork)
    return this.selected.value ?? this.initial
  }

  private initialNetwork(defaultNetwork: string | undefined): CaipNetworkId {
    const stored = this.storage.get(STORAGE_KEYS.lastUsedChain)
    if (stored !== null && isCaipNetworkId(stored) && this.find(stored) !== undefined) return stored
    const fallback = defaultNetwork !== undefined ? this.findDefault(defaultNetwork) : undefined
    const first = this.networks[0]
    if (first === undefined) throw new RangeError('At least one network must be configured')
    return fallback?.caipNetworkId ?? first.caipNetworkId
  }

  /** The host's `defaultNetwork` as a CAIP-2 id (`eip155:31338`) or a bare chain id (`31338`). */
  private findDefault(value: string): CaipNetwork | undefined {
    return this.find(value) ?? this.networks.find((n) => String(n.id) === value)
  }
}
