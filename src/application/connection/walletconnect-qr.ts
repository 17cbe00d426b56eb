import {
  BehaviorSubject,
  combineLatest,
  distinctUntilChanged,
  map,
  of,
  race,
  startWith,
  switchMap,
  take,
  timer,
  type Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs'
import { isPairingExpired } from '../../domain/connection/pairing'
import { isMobilePlatform, preparesPairingBeforeTap, type PlatformKind } from '../../domain/connection/platform'
import { DEEP_LINK_HAND_OVER_MS, walletConnectDeepLink } from '../../domain/connection/wallet-deep-link'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../domain/constants'
import type { Clock } from '../../ports/clock'
import type { Platform } from '../../ports/platform'
import { type WalletConnectPairings } from '../../ports/wallet-connectors'
import { WALLETCONNECT_CONNECTOR_ID } from '../../domain/connection/connectors'
import type { PairingExpiryDecision, WalletConnectPairingExpiry } from '../../ports/walletconnect-pairing-expiry'
import type { ModalStore } from '../modal-store'
import type { WalletConnectWallet } from './connect-rows'
import type { ConnectExternal } from './connect-external'

/** What the ConnectingWalletConnect view shows next to the connection status. */
export type WalletConnectQrState =
  /** No pairing yet (WalletConnect loading, or the attempt ended). */
  | { readonly status: 'preparing' }
  | {
      readonly status: 'ready'
      readonly uri: string
      /** Whole seconds until the pairing counts as expired (under 10 s left); a new one replaces it by then. */
      readonly secondsLeft: number
    }

/**
 * What became of the last tap on "Open <Wallet>": `opening` until the page is hidden (the wallet
 * app took over: `handed-over`) or is still visible 2.5 s later (`not-handed-over`: the view
 * offers the QR code and the link to copy instead).
 */
export type HandOverState = 'idle' | 'opening' | 'handed-over' | 'not-handed-over'

type WalletConnectViewName = 'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic'

export interface WalletConnectQrDeps {
  readonly pairings: WalletConnectPairings
  readonly connectExternal: ConnectExternal
  readonly modal: ModalStore
  readonly platform: Platform
  readonly clock: Clock
  readonly scheduler: SchedulerLike
}

/**
 * The WalletConnect connect: starts it through the connection flow (ConnectExternal, shown in the
 * ConnectingWalletConnect views), turns the adapter's pairings into a QR and a countdown that
 * ticks on the injected scheduler and clock, and opens a chosen wallet's deep link.
 *
 * Safari on iOS and Telegram (spec section 4): the pairing is prepared when the wallet is chosen,
 * the tap opens the link synchronously with it, and leaving the view keeps the pairing so that
 * choosing the wallet again reuses it while it is unexpired. When a pairing reaches its end the
 * adapter asks this class (WalletConnectPairingExpiry) whether a fresh one replaces it.
 */
export class WalletConnectQr implements WalletConnectPairingExpiry {
  readonly state$: Observable<WalletConnectQrState>
  private readonly walletSubject = new BehaviorSubject<WalletConnectWallet | null>(null)
  /** The wallet chosen from a list (null: the generic WalletConnect row or the Basic view). */
  readonly wallet$: Observable<WalletConnectWallet | null> = this.walletSubject.asObservable()
  private readonly handOverSubject = new BehaviorSubject<HandOverState>('idle')
  readonly handOver$: Observable<HandOverState> = this.handOverSubject.asObservable()
  private handOverWatch: Subscription | undefined
  /** Set while the running attempt moves from the Basic view to a wallet's view: that unmount is no leave. */
  private handingOff = false
  /** Left on iOS Safari / Telegram with a pairing kept for reuse: it stops, not refreshes, at its end. */
  private keeping = false

  constructor(private readonly deps: WalletConnectQrDeps) {
    this.state$ = this.deps.pairings.pairing$.pipe(
      switchMap((pairing) =>
        pairing === null
          ? of<WalletConnectQrState>({ status: 'preparing' })
          : combineLatest([of(pairing), timer(0, 1000, this.deps.scheduler).pipe(startWith(0))]).pipe(
              map(([p]): WalletConnectQrState => {
                const now = this.deps.clock.now()
                const secondsLeft = isPairingExpired(p, now)
                  ? 0
                  : Math.floor((p.expiresAtMs - PAIRING_EXPIRY_MARGIN_MS - now) / 1000)
                return { status: 'ready', uri: p.uri, secondsLeft }
              }),
            ),
      ),
      distinctUntilChanged((a, b) => a.status === b.status && (a.status === 'preparing' || (b.status === 'ready' && a.uri === b.uri && a.secondsLeft === b.secondsLeft))),
    )
  }

  /** desktop, mobile, ios-safari or telegram. */
  get platformKind(): PlatformKind {
    return this.deps.platform.kind
  }

  /** Phones open a chosen wallet by its deep link; desktops show the QR code. */
  get opensDeepLinks(): boolean {
    return isMobilePlatform(this.deps.platform.kind)
  }

  get wallet(): WalletConnectWallet | null {
    return this.walletSubject.value
  }

  get handOver(): HandOverState {
    return this.handOverSubject.value
  }

  /**
   * Starts a WalletConnect connect shown in `view` (ConnectingWalletConnect from the Connect row,
   * ConnectingWalletConnectBasic when a host opens that view); resolves when the attempt ended.
   * On a phone the Connect row shows the wallet list instead: a phone cannot scan the QR code it
   * shows, and its visitor opens the wallet app from the list. Never rejects.
   */
  connect(view: WalletConnectViewName = 'ConnectingWalletConnect'): Promise<void> {
    this.select(null)
    if (this.opensDeepLinks && view === 'ConnectingWalletConnect') {
      this.deps.modal.push('AllWallets')
      return Promise.resolve()
    }
    return this.deps.connectExternal.connect(WALLETCONNECT_CONNECTOR_ID, view)
  }

  /**
   * Connects over WalletConnect to a wallet chosen from a list: ConnectingWalletConnect carries it.
   * The pairing starts now, before any tap on its link. From the Basic view the pairing already
   * shown moves along with it. Resolves when the attempt ended; never rejects.
   */
  chooseWallet(wallet: WalletConnectWallet): Promise<void> {
    this.select(wallet)
    const running = this.deps.connectExternal.snapshot
    if (
      this.deps.modal.view === 'ConnectingWalletConnectBasic' &&
      running.status === 'connecting' &&
      running.connector.id === WALLETCONNECT_CONNECTOR_ID
    ) {
      this.handingOff = true
      this.deps.connectExternal.show('ConnectingWalletConnect')
      return Promise.resolve()
    }
    return this.deps.connectExternal.connect(WALLETCONNECT_CONNECTOR_ID, 'ConnectingWalletConnect')
  }

  /**
   * The chosen wallet's link with the current pairing (its `mobile_link` on a phone, its
   * `desktop_link` on a desktop), or undefined while none is ready.
   */
  get walletLink(): string | undefined {
    const wallet = this.walletSubject.value
    const pairing = this.deps.pairings.pairing
    const link = this.opensDeepLinks ? wallet?.mobileLink : wallet?.desktopLink
    if (link === undefined || pairing === null || isPairingExpired(pairing, this.deps.clock.now())) return undefined
    return walletConnectDeepLink(link, pairing.uri)
  }

  /**
   * The tap on "Open <Wallet>": opens the wallet's deep link with the prepared pairing at once,
   * synchronously (call it straight from the click handler: Safari blocks a navigation that
   * follows an await), then watches whether the wallet took over. False when no pairing is ready.
   */
  openWallet(): boolean {
    const url = this.walletLink
    if (url === undefined) return false
    this.deps.platform.openLink(url)
    this.handOverWatch?.unsubscribe()
    this.handOverSubject.next('opening')
    this.handOverWatch = race(
      this.deps.platform.hidden$.pipe(
        take(1),
        map((): HandOverState => 'handed-over'),
      ),
      timer(DEEP_LINK_HAND_OVER_MS, this.deps.scheduler).pipe(map((): HandOverState => 'not-handed-over')),
    ).subscribe((state) => this.handOverSubject.next(state))
    return true
  }

  /** Warms WalletConnect up (SDK and relay link) so the QR shows sooner. Never rejects. */
  preconnect(): Promise<void> {
    return this.deps.pairings.preconnect()
  }

  /** The person stopped the connect: stop the pairing and forget the attempt. */
  cancel(): void {
    this.stopKeeping()
    this.stopWatching()
    this.deps.connectExternal.cancel()
    this.deps.pairings.cancel()
  }

  /**
   * A WalletConnect view went away. Moving from the Basic view to a chosen wallet keeps
   * everything; on Safari on iOS and in Telegram the attempt and its prepared pairing stay until
   * the pairing expires (connecting until paired; reused when the wallet is chosen again);
   * elsewhere the pairing stops and the attempt is forgotten.
   */
  leave(): void {
    if (this.handingOff) {
      this.handingOff = false
      return
    }
    const kept = this.deps.pairings.pairing
    if (preparesPairingBeforeTap(this.deps.platform.kind) && kept !== null) {
      // The visitor may have gone to the wallet and come back before approving: the attempt
      // stays (status connecting, spec section 4) and a later approval still connects. The
      // pairing is reused if the wallet is chosen again; once it could no longer be reused,
      // the attempt stops (pairingExpiring).
      this.stopWatching()
      this.keeping = true
      return
    }
    this.cancel()
  }

  /**
   * The attempt's pairing has 10 s left (asked once by the adapter, at the moment it would replace
   * it). While a WalletConnect view shows the attempt a fresh pairing replaces it. After the
   * visitor left on Safari on iOS or in Telegram the kept attempt stops instead, before any new
   * relay proposal is made; a browser wallet chosen since then keeps its own attempt.
   */
  pairingExpiring(): PairingExpiryDecision {
    if (!this.keeping) return 'refresh'
    const current = this.deps.connectExternal.snapshot
    if (current.status === 'connecting' && current.connector.id === WALLETCONNECT_CONNECTOR_ID) this.cancel()
    else {
      this.stopKeeping()
      this.deps.pairings.cancel()
    }
    return 'stop'
  }

  private select(wallet: WalletConnectWallet | null): void {
    this.stopKeeping()
    this.stopWatching()
    this.walletSubject.next(wallet)
  }

  private stopKeeping(): void {
    this.keeping = false
  }

  private stopWatching(): void {
    this.handOverWatch?.unsubscribe()
    this.handOverWatch = undefined
    if (this.handOverSubject.value !== 'idle') this.handOverSubject.next('idle')
  }
}

/** The countdown as m:ss. */
export function formatCountdown(secondsLeft: number): string {
  const s = Math.max(0, secondsLeft)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
