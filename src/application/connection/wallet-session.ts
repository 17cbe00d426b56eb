import type { WalletConnectors } from '../../ports/wallet-connectors'
import type { FollowWalletEvents } from './follow-wallet-events'
import type { ReconnectWallet } from './reconnect-wallet'

/**
 * Starts the browser side of a modal once, when it is first mounted: wallet discovery, following
 * wallet events and the silent reconnect of the last wallet.
 */
export class WalletSession {
  private started: Promise<boolean> | undefined

  constructor(
    private readonly wallets: WalletConnectors,
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
