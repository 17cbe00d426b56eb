import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'

/** A WalletConnect pairing URI and when it expires (epoch ms). */
export interface WalletConnectPairingInfo {
  readonly uri: string
  readonly expiresAtMs: number
}

/**
 * The QR side of a WalletConnect connect: the pairing of the attempt that connecting the
 * WalletConnect connector started. The pairing is replaced by a fresh one before it expires; null
 * when no attempt is waiting for the wallet.
 */
export interface WalletConnectPairings {
  /** Replays the current pairing (or null); never errors. */
  readonly pairing$: Observable<WalletConnectPairingInfo | null>
  /** The current pairing, synchronously (a tap must open the wallet's link without waiting). */
  readonly pairing: WalletConnectPairingInfo | null
  /** Loads WalletConnect and opens the relay link ahead of a connect (never rejects). */
  preconnect(): Promise<void>
  /** Stops the attempt waiting for the wallet (the person walked away); its connect rejects. */
  cancel(): void
  /**
   * Closes the relay link (the modal is destroyed): no WebSocket stays open. A session stays
   * persisted for the next page load. Waits for a WalletConnect still loading. Never rejects.
   */
  close(): Promise<void>
}
export const WalletConnectPairings = Symbol('WalletConnectPairings') as ServiceIdentifier<WalletConnectPairings>
