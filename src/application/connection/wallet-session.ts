import type { FollowWalletEvents } from './follow-wallet-events'
import type { ReconnectWallet } from './reconnect-wallet'
import type { WalletDirectory } from './wallet-directory'

/**
 * Starts the browser side of a modal once, when it is first mounted: wallet discovery in every
 * chain family, following wallet events and the silent reconnect of the last wallets.
 */
export class WalletSession {
  private started: Promise<boolean> | undefined

  constructor(
    private readonly wallets: WalletDirectory,
    private readonly follow: FollowWalletEvents,
    private readonly reconnect: ReconnectWallet,
  ) {}

  /** Idempotent; resolves true when a previous session was restored. */
  start(): Promise<boolean> {
    this.started ??= (() => {
      this.follow.start()
      this.wallets.startDiscovery()
      return this.reconnect.reconnect()
    })()
    return this.started
  }

  stop(): void {
    this.follow.stop()
  }
}
