/** The modal instance's own services, bound by the composition root: its configuration and its lazily loaded features. */
import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { ResolvedConfig } from '../domain/config'
import type { LocaleStore } from './locale-store'
import type { ConnectExternal } from './connection/connect-external'
import type { GrantedPermissions, PermissionsRequest } from '../domain/sessions/smart-sessions'

/** The host's validated configuration for this modal instance. */
export const ModalConfig = Symbol('ModalConfig') as ServiceIdentifier<ResolvedConfig>

/**
 * Loads the modal's on-demand bindings, each from its own chunk: the connect views' use cases and
 * wallet lists (`loadConnect`, small, prefetched when the page is idle), and what a connected
 * visitor needs beyond them: account, networks, send, activity (`load`, which also starts the
 * network rules). Both are idempotent; a failed chunk load is retried on the next call.
 */
export interface FeatureLoader {
  loadConnect(): Promise<void>
  /**
   * The connection flow (connecting a chosen wallet), bound on top of `loadConnect()`: a chunk of
   * its own, fetched when the Connect view first shows, not before any open.
   */
  connectFlow(): Promise<ConnectExternal>
  /** Whether `connectFlow()` has finished. */
  readonly connectFlowLoaded: boolean
  /**
   * Binds what the catalogue wallet lists need (All Wallets, the WalletConnect views' list): a chunk
   * of its own, fetched when such a view opens, not with the Connect view.
   */
  loadWalletLists(): Promise<void>
  /** Whether `loadWalletLists()` has finished. */
  readonly walletListsLoaded: boolean
  load(): Promise<Features>
  /** Whether `load()` has finished, so views that need the features can render at once. */
  readonly loaded: boolean
  /**
   * Binds one area of views that only some visitors open (name registration, buying crypto): a
   * chunk of its own on top of `load()`, fetched when the area's first view opens.
   */
  loadArea(area: FeatureArea): Promise<void>
  /** Whether `loadArea(area)` has finished. */
  areaLoaded(area: FeatureArea): boolean
  /** Stops the loaded features; later loads bind nothing. */
  dispose(): void
}

/** What the facade needs of the lazily loaded features, without importing their modules. */
export interface Features {
  /** Starts the network rules: persist the active network, watch for unsupported chains. */
  start(): void
  /** Asks the wallet to move to a configured network; rejects with the switch's error. */
  switchNetwork(caipNetworkId: string): Promise<void>
  /** Smart sessions' grant (its own chunk, bound on the first call); rejects with the use case's errors. */
  grantPermissions(request: PermissionsRequest): Promise<GrantedPermissions>
  /** Releases subscriptions and clients. */
  dispose(): void
  /** Binds an area of views from its own chunk, once; `dispose()` stops it. */
  bindArea(area: FeatureArea): Promise<void>
  /** Whether `bindArea(area)` has finished. */
  areaBound(area: FeatureArea): boolean
  /** The connected account's name (reverse lookup on connect, or the name just registered); null without one. */
  readonly profileName$: Observable<string | null>
}

/** Areas of views bound on demand by `FeatureLoader.loadArea`. */
export type FeatureArea = 'names' | 'onramp' | 'swap' | 'sessions'
export const FeatureLoader = Symbol('FeatureLoader') as ServiceIdentifier<FeatureLoader>

/**
 * The modal's LocaleStore, as the views read it: a token apart from the class, so the message
 * catalogue, which comes with the first script, does not import the store's module (with that
 * import the bundler split rxjs's BehaviorSubject out of the first script: 0.3 KB gzip more).
 */
export const ModalLocale = Symbol('ModalLocale') as ServiceIdentifier<LocaleStore>
