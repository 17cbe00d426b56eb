import type { Logger } from '../../ports/logger'
import type { WalletConnectWallet } from './connect-rows'
import type { WalletConnectQr } from './walletconnect-qr'

/**
 * The Connect view's way into WalletConnect. The QR use case and the catalogue lists come in a
 * chunk of their own (src/composition/bindings/wallet-connect.ts), fetched when the visitor points at a WalletConnect
 * row or chooses one, so the Connect view's prefetched code does not carry them.
 */
export class WalletConnectEntry {
  constructor(
    /** Loads the lists' chunk and hands out the QR use case. */
    private readonly qr: () => Promise<WalletConnectQr>,
    /** Phones open wallets by deep link; desktops show a QR code. */
    readonly opensDeepLinks: boolean,
    private readonly logger: Logger,
  ) {}

  private run(action: (qr: WalletConnectQr) => Promise<void>): Promise<void> {
    return this.qr().then(action, (error: unknown) => {
      // Offline, or a deploy replaced the chunk: the next click tries again.
      this.logger.warn('Walletgate: WalletConnect could not be loaded', error)
    })
  }

  /** Loads WalletConnect ahead of a click (pointer over or focus on a WalletConnect row). Never rejects. */
  preconnect(): Promise<void> {
    return this.run((qr) => qr.preconnect())
  }

  /** The WalletConnect row: the QR (desktop) or the wallet list (phone). Never rejects. */
  connect(): Promise<void> {
    return this.run((qr) => qr.connect())
  }

  /** A catalogue wallet reached over WalletConnect. Never rejects. */
  chooseWallet(wallet: WalletConnectWallet): Promise<void> {
    return this.run((qr) => qr.chooseWallet(wallet))
  }
}
