import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs'
import { createRouter, goBack, push, replace, reset, type RouterState } from '../domain/navigation/router'
import { resolveOpenView } from '../domain/navigation/open-rules'
import type { ViewName } from '../domain/navigation/views'
import type { ChainNamespace } from '../domain/entities'

export interface ModalState {
  readonly open: boolean
  /** The domain's history router: never empty, its last entry is the current view. */
  readonly router: RouterState
  /** The chain family the wallet lists are narrowed to (`open({ namespace })`); undefined: every family. */
  readonly namespace?: ChainNamespace
}

export interface OpenOptions {
  readonly view?: ViewName
  /** Only wallets of this (configured) chain family are listed and connected. */
  readonly namespace?: ChainNamespace
}

/** What the open rule needs to know about the page and the configuration (spec section 2). */
export interface ModalRouting {
  /** A phone (any mobile browser, Safari on iOS, Telegram). */
  readonly isMobile: boolean
  /** False when the host configured no browser-wallet adapter (WalletConnect only). */
  readonly hasAdapters: boolean
}

/** Which view the modal shows and whether it is open. One per modal instance. */
export class ModalStore {
  private readonly subject = new BehaviorSubject<ModalState>({ open: false, router: createRouter() })
  readonly state$: Observable<ModalState> = this.subject.asObservable()
  readonly view$: Observable<ViewName> = this.state$.pipe(
    map((state) => state.router.view),
    distinctUntilChanged(),
  )
  readonly open$: Observable<boolean> = this.state$.pipe(
    map((state) => state.open),
    distinctUntilChanged(),
  )

  /** Set while the modal is rendered inline: where "closing" goes instead. */
  private home: (() => ViewName) | undefined

  constructor(private readonly routing: ModalRouting = { isMobile: false, hasAdapters: true }) {}

  /**
   * The modal is rendered inline (embedded mode) and cannot close: from now on `close()`, by a use
   * case (after a connect or a disconnect) or by the visitor, starts the history over at `home()`
   * (Account when connected, Connect otherwise).
   */
  embed(home: () => ViewName): void {
    this.home = home
  }

  get snapshot(): ModalState {
    return this.subject.value
  }

  get view(): ViewName {
    return this.subject.value.router.view
  }

  /** The view names on the history, oldest first (derived from the router). */
  get history(): readonly ViewName[] {
    return this.subject.value.router.history.map((entry) => entry.view)
  }

  /**
   * Opens on the requested view, else Account when connected, else Connect (spec section 2). With
   * no adapters while disconnected, or when the host asks for ConnectingWalletConnectBasic (the
   * manual wallet-connect control), a phone gets AllWallets and a desktop ConnectingWalletConnectBasic.
   */
  open(options: OpenOptions, connected: boolean): void {
    const target = resolveOpenView({
      ...(options.view === undefined ? {} : { requestedView: options.view }),
      isConnected: connected,
      hasAdapters: this.routing.hasAdapters,
      manualWalletConnectControl: options.view === 'ConnectingWalletConnectBasic',
      isMobile: this.routing.isMobile,
    })
    this.subject.next({
      open: true,
      router: createRouter(target.view, target.data),
      ...(options.namespace === undefined ? {} : { namespace: options.namespace }),
    })
  }

  close(): void {
    if (this.home !== undefined) this.reset(this.home())
    else if (this.subject.value.open) this.subject.next({ ...this.subject.value, open: false })
  }

  /** Pushing the current view again is a no-op. */
  push(view: ViewName): void {
    this.route(push(this.subject.value.router, view))
  }

  replace(view: ViewName): void {
    this.route(replace(this.subject.value.router, view))
  }

  /** Starts the history over at `view`; with a namespace, the wallet lists narrow to that family. */
  reset(view: ViewName, namespace?: ChainNamespace): void {
    const router = reset(this.subject.value.router, view)
    if (namespace === undefined) this.route(router)
    else this.subject.next({ ...this.subject.value, router, namespace })
  }

  /** Pops the history; with one entry left the modal closes instead. */
  goBack(): void {
    const result = goBack(this.subject.value.router)
    if (result.closed) this.close()
    else this.route(result.state)
  }

  private route(router: RouterState): void {
    if (router !== this.subject.value.router) this.subject.next({ ...this.subject.value, router })
  }
}
