import { combineLatest, distinctUntilChanged, map, of, startWith, switchMap, timer, type Observable, type SchedulerLike } from 'rxjs'
import { isPairingExpired } from '../../domain/connection/pairing'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../domain/constants'
import type { Clock } from '../../ports/clock'
import { WALLETCONNECT_CONNECTOR_ID, type WalletConnectPairings } from '../../ports/wallet-connectors'
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
 * The WalletConnect connect: starts it through the connection flow (ConnectExternal, shown in the
 * ConnectingWalletConnect view) and turns the adapter's pairings into a QR and a countdown that
 * ticks on the injected scheduler and clock.
 */
export class WalletConnectQr {
  readonly state$: Observable<WalletConnectQrState>

  constructor(
    private readonly pairings: WalletConnectPairings,
    private readonly connectExternal: ConnectExternal,
    private readonly clock: Clock,
    private readonly scheduler: SchedulerLike,
  ) {
    this.state$ = this.pairings.pairing$.pipe(
      switchMap((pairing) =>
        pairing === null
          ? of<WalletConnectQrState>({ status: 'preparing' })
          : combineLatest([of(pairing), timer(0, 1000, this.scheduler).pipe(startWith(0))]).pipe(
              map(([p]): WalletConnectQrState => {
                const now = this.clock.now()
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

  /**
   * Starts a WalletConnect connect shown in `view` (ConnectingWalletConnect from the Connect row,
   * ConnectingWalletConnectBasic when a host opens that view); resolves when the attempt ended.
   * Never rejects.
   */
  connect(view: 'ConnectingWalletConnect' | 'ConnectingWalletConnectBasic' = 'ConnectingWalletConnect'): Promise<void> {
    return this.connectExternal.connect(WALLETCONNECT_CONNECTOR_ID, view)
  }

  /** Warms WalletConnect up (SDK and relay link) so the QR shows sooner. Never rejects. */
  preconnect(): Promise<void> {
    return this.pairings.preconnect()
  }

  /** The person left the view: stop the pairing and forget the attempt. */
  cancel(): void {
    this.connectExternal.cancel()
    this.pairings.cancel()
  }
}

/** The countdown as m:ss. */
export function formatCountdown(secondsLeft: number): string {
  const s = Math.max(0, secondsLeft)
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`
}
