import { BehaviorSubject, combineLatest, distinctUntilChanged, map, of, shareReplay, type Observable, type SchedulerLike } from 'rxjs'
import type { ResolvedConfig } from '../../domain/config'
import { hasInjectedOrAnnouncedWallet, resolveConnectMethodOrder } from '../../domain/connect/connect-method-order'
import { capRecommendedWallets, resolveConnectorTypeOrder } from '../../domain/connect/connector-type-order'
import { RECOMMENDED_WALLETS_LIMIT, WALLET_ROWS_BEFORE_OTHER_METHODS } from '../../domain/constants'
import { chainsOf, WALLETCONNECT_CONNECTOR_ID } from '../../domain/connection/connectors'
import type { ChainNamespace, ConnectMethod, Connector, ConnectorTypeGroup, RecentWallet, WalletListing } from '../../domain/entities'
import type { Logger } from '../../ports/logger'
import type { WalletCatalogue } from '../../ports/wallet-catalogue'
import type { ModalStore } from '../modal-store'
import { connectorRow, listingRow, passesFilter, walletConnectWallet, type ConnectRow } from './connect-rows'
import type { RecentWallets } from './recent-wallets'
import type { WalletDirectory } from './wallet-directory'

export interface ConnectorGroup {
  readonly type: ConnectorTypeGroup
  readonly rows: readonly ConnectRow[]
}

/** What the Connect view shows. */
export interface ConnectViewModel {
  /** Connect methods in connect-method order, only those that work today. */
  readonly methods: readonly ConnectMethod[]
  /** Non-empty wallet groups in connector type order. */
  readonly groups: readonly ConnectorGroup[]
  /** A browser wallet (announced or injected) is present. */
  readonly hasBrowserWallet: boolean
  /** The "All Wallets" entry is shown (feature `allWallets`, on by default). */
  readonly showAllWallets: boolean
  /**
   * Rows held for the catalogue's featured and recommended wallets while its answer is on its way
   * (as many as it can bring), so that what is under the list does not move when they arrive: a
   * click aimed at the email field lands there. None once it answered or failed.
   */
  readonly placeholders: number
  /**
   * How many wallet rows Connect shows before the methods that follow them (email, socials), so
   * that these are in sight on a phone; the rest are behind "More wallets". Undefined: no method
   * follows the wallets.
   */
  readonly walletRowLimit?: number
  /** The wallets are one "Continue with a wallet" row (`features.collapseWallets`, with another method on offer). */
  readonly collapseWallets: boolean
}

interface CatalogueWallets {
  readonly featured: readonly WalletListing[]
  readonly recommended: readonly WalletListing[]
  /** The catalogue has not answered yet. */
  readonly pending?: true
}

/**
 * Methods that work in this version: wallets always; email when the embedded wallet's AUTH
 * connector is there (the host left email on and has a project id); social with it, when any
 * social is configured (the spec's list by default).
 */
function availableMethods(connectors: readonly Connector[], socials: boolean): readonly ConnectMethod[] {
  if (!connectors.some((c) => c.type === 'AUTH')) return ['wallet']
  return socials ? ['wallet', 'email', 'social'] : ['wallet', 'email']
}

/**
 * How long the catalogue call waits after the Connect view asked for it: the call loads the
 * answer's parser (a chunk of its own), and evaluating it while the opening dialog is drawn made
 * the first wallet row appear later (so did fetching the connection flow, which waits as long). The installed wallets need no catalogue; its featured and
 * recommended rows follow a moment later.
 */
export const CATALOGUE_AFTER_OPEN_DELAY_MS = 100

type ConnectConfig = Pick<
  ResolvedConfig,
  'connectMethodsOrder' | 'connectorTypeOrder' | 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds' | 'customWallets' | 'features'
>

export interface ConnectorsStoreDeps {
  readonly config: ConnectConfig
  readonly wallets: WalletDirectory
  readonly recent: RecentWallets
  readonly catalogue: WalletCatalogue
  readonly logger: Logger
  readonly modal?: Pick<ModalStore, 'state$' | 'snapshot'>
  /** Delays the catalogue call (see CATALOGUE_AFTER_OPEN_DELAY_MS); without one it starts at once. */
  readonly scheduler?: SchedulerLike
  /** Whether the host offers social logins (which ones, the social buttons ask the social login). */
  readonly socials?: boolean
  /** What else the Connect view wants a moment after it shows, with the catalogue (the connection flow's chunk). */
  readonly afterOpen?: () => void
}

/**
 * The Connect view's model: connect methods in connect-method order and wallet rows grouped in
 * connector type order (spec section 2), honouring the host's featured, included and excluded
 * wallet ids everywhere. One row per wallet: a wallet shown in an earlier group is not repeated.
 */
export class ConnectorsStore {
  private readonly catalogueWallets = new BehaviorSubject<CatalogueWallets>({ featured: [], recommended: [], pending: true })
  private loading: Promise<void> | undefined
  readonly state$: Observable<ConnectViewModel>

  constructor(private readonly deps: ConnectorsStoreDeps) {
    const namespace$ = this.deps.modal === undefined ? of(undefined) : this.deps.modal.state$.pipe(map((s) => s.namespace), distinctUntilChanged())
    this.state$ = combineLatest([this.deps.wallets.connectors$, this.deps.recent.wallets$, this.catalogueWallets, namespace$]).pipe(
      map(([connectors, recent, listed, namespace]) => this.model(connectors, recent, listed, namespace)),
      shareReplay({ bufferSize: 1, refCount: true }),
    )
  }

  get snapshot(): ConnectViewModel {
    return this.model(this.deps.wallets.connectors, this.deps.recent.wallets, this.catalogueWallets.value, this.deps.modal?.snapshot.namespace)
  }

  /** The wallets found so far, read-only, for views that list wallets outside this model. Never errors. */
  get connectors$(): Observable<readonly Connector[]> {
    return this.deps.wallets.connectors$
  }

  /** The current list of `connectors$`. */
  get connectors(): readonly Connector[] {
    return this.deps.wallets.connectors
  }

  /** The last model built and its inputs: the same inputs give the same object. */
  private last:
    | {
        inputs: readonly [readonly Connector[], readonly RecentWallet[], CatalogueWallets, ChainNamespace | undefined]
        model: ConnectViewModel
      }
    | undefined

  /**
   * The model for these inputs, rebuilt only when one of them changed: the view's first render
   * (from `snapshot`) and the first value of `state$` are then one object, and React does not
   * render the Connect view a second time for nothing.
   */
  private model(
    connectors: readonly Connector[],
    recent: readonly RecentWallet[],
    listed: CatalogueWallets,
    namespace: ChainNamespace | undefined,
  ): ConnectViewModel {
    const last = this.last
    if (
      last !== undefined &&
      last.inputs[0] === connectors &&
      last.inputs[1] === recent &&
      last.inputs[2] === listed &&
      last.inputs[3] === namespace
    ) {
      return last.model
    }
    const model = this.build(namespace === undefined ? connectors : connectors.filter((c) => chainsOf(c).includes(namespace)), recent, listed)
    this.last = { inputs: [connectors, recent, listed, namespace], model }
    return model
  }

  /** Fetches the featured and recommended wallets once (failures are warnings: the groups stay empty). */
  load(): Promise<void> {
    this.loading ??=
      this.deps.scheduler === undefined
        ? this.fetchCatalogue()
        : new Promise<void>((resolve) => {
            this.deps.scheduler?.schedule(() => {
              this.deps.afterOpen?.()
              resolve(this.fetchCatalogue())
            }, CATALOGUE_AFTER_OPEN_DELAY_MS)
          })
    return this.loading
  }

  private async fetchCatalogue(): Promise<void> {
    const include = this.deps.config.includeWalletIds
    const exclude = this.deps.config.excludeWalletIds
    const featuredIds = this.featuredIds()
    const [featured, recommended] = await Promise.all([
      featuredIds.length === 0
        ? Promise.resolve([])
        : this.deps.catalogue
            .getWallets({ page: 1, entries: featuredIds.length, include: featuredIds, exclude })
            .then((page) => sortByIds(page.data, featuredIds))
            .catch((error: unknown) => this.warn('featured wallets', error)),
      this.deps.catalogue
        .getRecommendedWallets({ include, exclude: [...exclude, ...featuredIds] })
        .then((page) => page.data)
        .catch((error: unknown) => this.warn('recommended wallets', error)),
    ])
    this.catalogueWallets.next({ featured, recommended })
  }

  /** The host's featured wallets that its include and exclude lists let through. */
  private featuredIds(): string[] {
    const filter = { include: this.deps.config.includeWalletIds, exclude: this.deps.config.excludeWalletIds }
    return this.deps.config.featuredWalletIds.filter((id) => passesFilter([id], filter))
  }

  /**
   * How many rows the catalogue's answer can bring: the featured wallets and the recommended ones
   * (4, or fewer when the host's include list names fewer others).
   */
  private placeholders(): number {
    // The featured wallets pass the include list, so they are among the wallets it names.
    const featured = this.featuredIds().length
    const included = this.deps.config.includeWalletIds.length
    return featured + Math.min(RECOMMENDED_WALLETS_LIMIT, included === 0 ? RECOMMENDED_WALLETS_LIMIT : included - featured)
  }

  private warn(what: string, error: unknown): WalletListing[] {
    this.deps.logger.warn(`Walletgate: could not load ${what}`, error)
    this.loading = undefined
    return []
  }

  private build(connectors: readonly Connector[], recent: readonly RecentWallet[], listed: CatalogueWallets): ConnectViewModel {
    const filter = { include: this.deps.config.includeWalletIds, exclude: this.deps.config.excludeWalletIds }
    // The catalogue id of an installed wallet, when a listing we know shares its rdns.
    const idByRdns = new Map<string, string>()
    for (const listing of [...listed.featured, ...listed.recommended]) if (listing.rdns) idByRdns.set(listing.rdns, listing.id)
    const available = availableMethods(connectors, this.deps.socials ?? false)
    // The embedded wallet is the email field, never a wallet row.
    const visible = connectors.filter((c) => c.type !== 'AUTH').filter((c) =>
      passesFilter([c.id, c.info?.rdns, c.explorerId, c.info?.rdns ? idByRdns.get(c.info.rdns) : undefined], filter),
    )
    const shown = new Set<string>()
    const take = (row: ConnectRow): boolean => {
      if (shown.has(row.key)) return false
      shown.add(row.key)
      return true
    }

    const groups: Partial<Record<ConnectorTypeGroup, ConnectRow[]>> = {}
    groups.walletConnect = visible.filter((c) => c.id === WALLETCONNECT_CONNECTOR_ID).map((c) => connectorRow(c)).filter(take)
    groups.recent = recent
      .map((r) => visible.find((c) => c.id === r.id || (r.rdns !== undefined && c.info?.rdns === r.rdns)))
      .filter((c): c is Connector => c !== undefined)
      .map((c) => connectorRow(c, 'Recent'))
      .filter(take)
    // A wallet offering several families is one row, in the injected group (WalletConnect keeps its own).
    groups.injected = visible
      .filter((c) => c.type === 'ANNOUNCED' || c.type === 'INJECTED' || (c.type === 'MULTI_CHAIN' && c.id !== WALLETCONNECT_CONNECTOR_ID))
      .map((c) => connectorRow(c, 'Installed'))
      .filter(take)
    groups.featured = listed.featured.map((l) => listingRow(l, visible, this.deps.catalogue, 'Featured')).filter(take)
    groups.custom = this.deps.config.customWallets
      .filter((w) => passesFilter([w.id], filter))
      .map((w): ConnectRow => {
        const href = [w.homepage, w.webappLink, w.desktopLink].find((u) => u !== undefined && /^https?:\/\//i.test(u))
        const walletConnect = walletConnectWallet(w, visible)
        return {
          kind: 'wallet',
          key: w.id,
          name: w.name,
          ...(w.imageUrl === undefined ? {} : { imageUrl: w.imageUrl }),
          ...(href === undefined ? {} : { href }),
          ...(walletConnect === undefined ? {} : { walletConnect }),
        }
      })
      .filter(take)
    groups.external = visible.filter((c) => c.type === 'EXTERNAL' && c.id !== WALLETCONNECT_CONNECTOR_ID).map((c) => connectorRow(c)).filter(take)
    groups.recommended = capRecommendedWallets(
      listed.recommended.map((l) => listingRow(l, visible, this.deps.catalogue, 'Recommended')).filter(take),
    )

    const enabled = (Object.keys(groups) as ConnectorTypeGroup[]).filter((type) => (groups[type]?.length ?? 0) > 0)
    const order = resolveConnectorTypeOrder({ configured: this.deps.config.connectorTypeOrder, enabled })
    const hasBrowserWallet = hasInjectedOrAnnouncedWallet(visible)
    const methods = resolveConnectMethodOrder({
      configured: this.deps.config.connectMethodsOrder,
      hasInjectedOrAnnouncedWallet: hasBrowserWallet,
    }).filter((m) => available.includes(m))
    // A host order naming only methods that do not exist yet would leave the view empty.
    const offered = methods.length > 0 ? methods : [...available]
    return {
      methods: offered,
      ...(offered.at(-1) === 'wallet' ? {} : { walletRowLimit: WALLET_ROWS_BEFORE_OTHER_METHODS }),
      collapseWallets: this.deps.config.features.collapseWallets === true && offered.length > 1,
      groups: order.map((type) => ({ type, rows: groups[type] ?? [] })),
      hasBrowserWallet,
      showAllWallets: this.deps.config.features.allWallets !== false,
      placeholders: listed.pending ? this.placeholders() : 0,
    }
  }
}

function sortByIds(listings: readonly WalletListing[], ids: readonly string[]): WalletListing[] {
  return [...listings].sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id))
}
