import { BehaviorSubject, combineLatest, distinctUntilChanged, filter, map, shareReplay, type Observable, type Subscription } from 'rxjs'
import type { Container } from 'inversify'
import { InvalidConfigError, parseConfig, type ServiceUrls, type WalletModalConfig } from './domain/config'
import { serviceDefaultsIssue } from './domain/validation/service-origins'
import type { ChainNamespace, ThemeMode } from './domain/entities'
import { ALERT_ERRORS } from './domain/messages'
import { AlertStore } from './application/alert-store'
import { resolveEmbeddedCloseView } from './domain/navigation/open-rules'
import { ProjectCheckToken } from './application/shell/project-check-token'
import { ConnectionStore, type NamespaceAccounts } from './application/connection-store'
import { ModalStore } from './application/modal-store'
import { ThemeStore } from './application/theme-store'
import { LocaleStore } from './application/locale-store'
import { DisconnectWallet } from './application/connection/disconnect-wallet'
import { WalletSession } from './application/connection/wallet-session'
import { readLastConnectors } from './application/connection/storage-keys'
import { KeyValueStorage } from './ports/key-value-storage'
import { wrapAction } from './application/telemetry/wrap-action'
import { Telemetry } from './ports/telemetry'
import { WalletConnectPairings } from './ports/wallet-connectors'
import { ChainFamilies } from './ports/chain-family'
import type { ProviderOf } from './domain/chains/wallet-providers'
import { Logger } from './ports/logger'
import { SocialLoginLoader } from './application/embedded-wallet/social-token'
import { ModalConfig, ModalLocale } from './application/modal-services'
import { ModuleLoader, type AccountDetails, type Features } from './composition/module-loader'
import { createContainer } from './composition/container'
import { SiwxLoader, type SiwxHandle } from './application/siwx/siwx-state'
import type { GrantedPermissions, PermissionsRequest } from './domain/sessions/smart-sessions'
import { namespaceStatesOf, shallowEqual } from './wallet-modal-state'
import { browserLocale, whenIdle } from './page'

import type {
  CreateWalletModalOptions,
  DisconnectOptions,
  ModalRenderer,
  OpenOptions,
  WalletModal,
  WalletModalSiwx,
  WalletModalState,
} from './wallet-modal-types'

export type {
  CreateWalletModalOptions,
  DisconnectOptions,
  ModalRenderer,
  NamespaceConnectionState,
  OpenOptions,
  WalletModal,
  WalletModalSiwx,
  WalletModalState,
} from './wallet-modal-types'

/**
 * A modal instance and its container. Without a renderer nothing is ever drawn (the headless
 * entry point): the stores and commands work the same, and no presentation module is referenced.
 * @internal
 */
export function createModalCore(
  config: WalletModalConfig,
  options: CreateWalletModalOptions,
  loadRenderer: ((locale: string) => Promise<ModalRenderer>) | undefined,
): { modal: WalletModal; container: Container } {
  const families = options.families ?? []
  const resolved = parseConfig(config, families.map((wing) => wing.namespace))
  const container = createContainer(resolved, (c) => {
    c.bind(ThemeStore).toDynamicValue(() => new ThemeStore(resolved.themeMode))
    c.bind(LocaleStore).toDynamicValue(() => new LocaleStore(resolved.locale, resolved.messages, browserLocale))
    c.bind(ModalLocale).toService(LocaleStore)
    c.bind(AlertStore).toDynamicValue(
      () => new AlertStore(resolved.projectId === undefined ? ALERT_ERRORS.projectIdNotConfigured : null),
    )
    options.overrides?.(c)
  }, families)
  // What the host left unset, kept to check against the page's origin once there is a page.
  return { modal: new WalletModalInstance(container, config.services, loadRenderer), container }
}

const NO_DETAILS: AccountDetails = { profileName: null, balance: null }

class WalletModalInstance implements WalletModal {
  private readonly modal: ModalStore
  private readonly connection: ConnectionStore
  private readonly theme: ThemeStore
  private readonly alerts: AlertStore
  private readonly signIn: SiwxLoader
  readonly siwx: WalletModalSiwx
  readonly state$: Observable<WalletModalState>
  private unmount: (() => void) | undefined
  private mounting: Promise<void> | undefined
  private destroyed = false
  private sessionStarted = false
  private readonly connectedSubscription: Subscription
  /** What the account features tell of the connected account (its name, its balance), once loaded. */
  private readonly details = new BehaviorSubject<AccountDetails>(NO_DETAILS)
  private detailsSubscription: Subscription | undefined
  /**
   * Whether a returning visitor's wallets are being reconnected (see `WalletModalState.restoring`);
   * undefined until the session starts, when it is whether there are wallets to reconnect.
   */
  private readonly restoring = new BehaviorSubject<boolean | undefined>(undefined)
  /** Before the session starts, whether storage held wallets to reconnect: read once, not on every state read. */
  private lastWallets: boolean | undefined
  private prefetchScheduled = false
  /** Counts open() and close() calls: an open whose chunks arrive after a later call was overtaken. */
  private openTicket = 0

  constructor(
    private readonly container: Container,
    private readonly hostServices: Partial<ServiceUrls> | undefined,
    private readonly loadRenderer: ((locale: string) => Promise<ModalRenderer>) | undefined,
  ) {
    this.modal = container.get(ModalStore)
    this.connection = container.get(ConnectionStore)
    this.theme = container.get(ThemeStore)
    this.alerts = container.get(AlertStore)
    this.signIn = container.get(SiwxLoader)
    const withSignIn = <T>(call: (signIn: SiwxHandle) => Promise<T>): Promise<T> => this.signIn.load().then(call)
    this.siwx = {
      getSessions: (filter) => withSignIn((s) => s.getSessions(filter)),
      signIn: () => withSignIn((s) => s.signIn()),
      signOut: () => withSignIn((s) => s.signOut()),
    }
    // A connected wallet needs the network rules (persist the active network, open UnsupportedChain
    // when the wallet leaves the configured networks, sign-in) even while the modal is closed.
    this.connectedSubscription = this.connection.state$
      .pipe(filter((state) => state.status === 'connected'))
      .subscribe(
        () =>
          void this.loadFeatures().then(
            (features) =>
              (this.detailsSubscription ??= features.account$.subscribe((details) => this.details.next(details))),
            () => undefined,
          ),
      )
    this.state$ = combineLatest([
      this.modal.state$,
      this.connection.state$,
      this.connection.accounts$,
      this.theme.mode$,
      this.alerts.alert$,
      this.signIn.state$,
      this.details,
      this.restoring,
      this.container.get(LocaleStore).state$,
    ]).pipe(
      map(() => this.getState()),
      distinctUntilChanged(shallowEqual),
      shareReplay({ bufferSize: 1, refCount: true }),
    )
  }

  /** The last state handed out: an unchanged state is the same object (useSyncExternalStore needs that). */
  private lastState: WalletModalState | undefined

  getState(): WalletModalState {
    const next = this.readState()
    if (this.lastState !== undefined && shallowEqual(this.lastState, next)) return this.lastState
    this.lastState = next
    return next
  }

  private readState(): WalletModalState {
    const connection = this.connection.snapshot
    const connected = connection.status === 'connected' ? connection : undefined
    const details = connected === undefined ? NO_DETAILS : this.details.value
    const network = connected === undefined ? undefined : this.container.get(ModalConfig).networks.find((n) => `${n.chainNamespace}:${n.id}` === connected.caipNetworkId)
    return {
      open: this.modal.snapshot.open,
      view: this.modal.view,
      status: connection.status,
      caipAddress: connected?.caipAddress,
      address: connected?.address,
      profileName: details.profileName ?? undefined,
      caipNetworkId: connected?.caipNetworkId,
      networkName: network?.name,
      networkImageUrl: network?.imageUrl,
      balance: details.balance?.balance,
      balanceSymbol: details.balance?.symbol,
      restoring: this.restoring.value ?? (this.lastWallets ??= this.hasLastWallets()),
      locale: this.container.get(LocaleStore).locale,
      themeMode: this.theme.mode,
      themeVariables: this.container.get(ModalConfig).themeVariables,
      alert: this.alerts.alert,
      namespaces: this.namespaceStates(this.connection.accounts),
      siwx: this.signIn.snapshot,
    }
  }

  private lastAccounts: NamespaceAccounts | undefined
  private lastNamespaces: WalletModalState['namespaces'] = {}

  /** The public view of every connected namespace; the same object while the accounts are. */
  private namespaceStates(accounts: NamespaceAccounts): WalletModalState['namespaces'] {
    if (accounts === this.lastAccounts) return this.lastNamespaces
    this.lastAccounts = accounts
    this.lastNamespaces = namespaceStatesOf(accounts)
    return this.lastNamespaces
  }

  subscribe(listener: (state: WalletModalState) => void): () => void {
    const subscription = this.state$.subscribe(listener)
    return () => subscription.unsubscribe()
  }

  async open(options: OpenOptions = {}): Promise<void> {
    if (this.destroyed) return
    const ticket = ++this.openTicket
    this.startSession()
    try {
      await this.render()
    } catch (error) {
      // Offline, or a deploy replaced the chunks: say so in the console, and the next open retries.
      this.container.get(Logger).warn('Walletgate: the modal could not be loaded', error)
      return
    }
    // A close() (or another open()) came while the chunks loaded: the latest call wins.
    if (ticket !== this.openTicket || this.destroyed) return
    if (options.view !== undefined && this.hasView?.(options.view) === false) {
      throw new TypeError(`Walletgate: open({ view: '${String(options.view)}' }) names no view of this version`)
    }
    this.modal.open({ view: options.view, namespace: this.openNamespace(options.namespace) }, this.connection.snapshot.status === 'connected')
    // Once the opened view is drawn: the check's chunk and request do not delay the first wallet row.
    whenIdle(() => this.checkProject())
  }

  /** The namespace to narrow the wallet list to: only a configured one. */
  private openNamespace(namespace: ChainNamespace | undefined): ChainNamespace | undefined {
    if (namespace === undefined) return undefined
    const configured = this.container.get(ModalConfig).networks.some((n) => n.chainNamespace === namespace)
    if (configured) return namespace
    this.container
      .get(Logger)
      .warn(`Walletgate: open({ namespace: '${String(namespace)}' }) names a chain family with no configured network; showing every wallet`)
    return undefined
  }

  close(): void {
    this.openTicket++
    this.modal.close()
  }

  // Wrapped actions (spec section 8): an unexpected failure is reported as telemetry, then rethrown.
  async disconnect(options: DisconnectOptions = {}): Promise<void> {
    await wrapAction(this.container.get(Telemetry), () => this.container.get(DisconnectWallet).disconnect(options.namespace))
  }

  async switchNetwork(caipNetworkId: string): Promise<void> {
    await wrapAction(this.container.get(Telemetry), async () => {
      const features = await this.loadFeatures()
      await features.switchNetwork(caipNetworkId)
    })
  }

  // The use case and its adapters are a chunk of their own, fetched on the first call.
  grantPermissions(request: PermissionsRequest): Promise<GrantedPermissions> {
    return wrapAction(this.container.get(Telemetry), () => this.loadFeatures().then((features) => features.grantPermissions(request)))
  }

  async getProvider<N extends ChainNamespace>(namespace: N): Promise<ProviderOf<N> | undefined> {
    const account = this.connection.account(namespace)
    if (account === undefined) return undefined
    // The family's wing knows its provider type; the contract keeps it opaque.
    return this.container.get(ChainFamilies).get(namespace)?.getProvider(account.connectorId) as ProviderOf<N> | undefined
  }

  setThemeMode(mode: ThemeMode): void {
    this.theme.setMode(mode)
  }

  setLocale(locale: string, messages?: Readonly<Record<string, string>>): void {
    this.container.get(LocaleStore).set(locale, messages)
  }

  mount(element?: HTMLElement): Promise<void> {
    if (this.destroyed) return Promise.resolve()
    this.startSession()
    // The overlay is prepared when the page is idle (shell fetched, closed dialog rendered), or on
    // the first open() if that comes sooner.
    if (element === undefined) {
      this.prefetchWhenIdle()
      return this.mounting ?? Promise.resolve()
    }
    // Inline there is nothing to close: a connect, a disconnect or × shows Account or Connect.
    this.modal.embed(() => resolveEmbeddedCloseView(this.connection.snapshot.status === 'connected'))
    if (this.unmount !== undefined) {
      // Moving from overlay to an element (or between elements): remount.
      this.unmount()
      this.unmount = undefined
      this.mounting = undefined
    }
    // Inline, the visitor sees the modal with the page: the project is checked once it is idle.
    return this.render(element).then(() => whenIdle(() => this.checkProject()))
  }

  restored(): Promise<boolean> {
    if (this.destroyed) return Promise.resolve(false)
    this.startSession()
    return this.container
      .get(WalletSession)
      .start()
      .catch(() => false)
  }

  preload(): Promise<void> {
    if (this.destroyed) return Promise.resolve()
    const connected = this.connection.snapshot.status === 'connected'
    return Promise.all([
      // The visitor's language comes with the shell, so the first open needs no fetch.
      this.loadRenderer?.(this.container.get(LocaleStore).locale).then(({ prepareStyles }) => prepareStyles()),
      this.container.get(ModuleLoader).loadAt('onOpen'),
      // A connected visitor opens to Account: its bindings too.
      connected ? this.loadFeatures() : undefined,
    ]).then(() => undefined)
  }

  /**
   * Once the page is idle, fetches the shell and the connect views' bindings (a few KB) and
   * renders the closed overlay (an empty <dialog>), so the first open only has to draw the
   * Connect view: no fetch, no new React root. Once per modal.
   */
  private prefetchWhenIdle(): void {
    if (this.prefetchScheduled || typeof window === 'undefined') return
    this.prefetchScheduled = true
    const run = () =>
      void this.preload()
        .then(() => {
          // Not when the host has meanwhile mounted it into an element (or destroyed it).
          if (!this.destroyed && this.mounting === undefined) return this.render()
        })
        .catch(() => undefined)
    whenIdle(run)
  }

  /** The drawn views of the shell, once loaded (a headless modal draws none: the host does). */
  private hasView: ((name: string) => boolean) | undefined

  /** Renders once the shell and the connect views' bindings are loaded; once per mount target. */
  private render(element?: HTMLElement): Promise<void> {
    const loadRenderer = this.loadRenderer
    const onOpen = this.container.get(ModuleLoader).loadAt('onOpen')
    if (loadRenderer === undefined) return onOpen.then(() => undefined)
    // The visitor's language is fetched with the shell: the first render has its texts (an offline
    // language shows English).
    this.mounting ??= Promise.all([loadRenderer(this.container.get(LocaleStore).locale), onOpen]).then(
      ([{ mountModal, hasView }]) => {
        this.hasView = hasView
        if (this.destroyed) return
        this.unmount = mountModal(this.container, element)
      },
    )
    this.mounting.catch(() => (this.mounting = undefined))
    return this.mounting
  }

  /** Browser-only start: wallet discovery, silent reconnect, the services' origin check. Once per modal. */
  private startSession(): void {
    if (this.sessionStarted) return
    this.sessionStarted = true
    this.checkServiceOrigins()
    this.restoring.next(this.hasLastWallets())
    void this.container
      .get(WalletSession)
      .start()
      .finally(() => this.restoring.next(false))
    // Back from a social provider on the redirect path: the login finishes now (its code loads only then).
    if (globalThis.location?.hash.includes('walletgate_social') === true) {
      void this.container
        .get(ModuleLoader)
        .loadAt('onOpen')
        .then(() => this.container.get(SocialLoginLoader)().then((login) => login.resumeRedirect()))
        .catch((error: unknown) => this.container.get(Logger).warn('Walletgate: social login', error))
    }
  }

  /** Wallets of a last visit to reconnect, in a browser (a server has no storage, and no location). */
  private hasLastWallets(): boolean {
    return globalThis.location !== undefined && Object.keys(readLastConnectors(this.container.get(KeyValueStorage))).length > 0
  }

  /**
   * Asks the service about the project once the visitor sees the modal (open, or an inline mount
   * at idle), never at page load; analytics alerts are said from then on, in the check's words.
   */
  private checkProject(): void {
    if (!this.destroyed && this.container.isBound(ProjectCheckToken)) this.container.get(ProjectCheckToken).open()
  }

  /**
   * The devnet defaults of `services` on a page that is not on the developer's machine: the
   * "Invalid App Configuration" alert, and an InvalidConfigError naming `services` in the console.
   * Checked here, in the browser, because a modal created during server rendering has no origin.
   */
  private checkServiceOrigins(): void {
    const hostname = globalThis.location?.hostname
    if (hostname === undefined) return
    const issue = serviceDefaultsIssue(this.hostServices, hostname)
    if (issue === undefined) return
    this.alerts.show(ALERT_ERRORS.invalidAppConfiguration)
    const error = new InvalidConfigError([issue])
    this.container.get(Logger).error(`Walletgate: ${error.message}`, error)
  }

  /**
   * Binds what a connected visitor needs (the modules that load on connect: account, networks, send
   * and activity, which start the network rules). Once per modal; a failed chunk load is logged and
   * retried on the next call.
   */
  private loadFeatures(): Promise<Features> {
    const loader = this.container.get(ModuleLoader)
    return loader
      .loadAt('onConnect')
      .then(() => loader.load('account'))
      .catch((error: unknown) => {
        if (!this.destroyed) this.container.get(Logger).warn('Could not load the account features', error)
        throw error
      })
  }

  destroy(): void {
    this.destroyed = true
    if (this.sessionStarted) this.container.get(WalletSession).stop()
    // No WebSocket to the WalletConnect relay outlives the modal (the session stays persisted).
    if (this.sessionStarted && this.container.isBound(WalletConnectPairings)) {
      void this.container.get(WalletConnectPairings).close()
    }
    this.modal.close()
    this.unmount?.()
    this.unmount = undefined
    this.connectedSubscription.unsubscribe()
    this.detailsSubscription?.unsubscribe()
    this.container.get(ModuleLoader).dispose()
    this.signIn.dispose()
    this.container.unbindAll()
  }
}
