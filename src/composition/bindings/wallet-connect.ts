import { AllWalletsStore } from '../../application/connection/all-wallets-store'
import { Logger } from '../../ports/logger'
import { Scheduler } from '../../ports/scheduler'
import { WalletCatalogue } from '../../ports/wallet-catalogue'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'
import { ModalStore } from '../../application/modal-store'
import { ConnectExternal } from '../../application/connection/connect-external'
import { WalletConnectQr } from '../../application/connection/walletconnect-qr'
import { Clock } from '../../ports/clock'
import { Platform } from '../../ports/platform'
import { WalletConnectPairings } from '../../ports/wallet-connectors'
import { WalletConnectPairingExpiry } from '../../ports/walletconnect-pairing-expiry'

/**
 * The catalogue wallet lists' and the WalletConnect QR's bindings (the walletConnect module):
 * fetched when All Wallets or a WalletConnect view opens, or the visitor points at a WalletConnect
 * row, so the Connect view's idle prefetch does not carry them. Hands out the QR use case (for the
 * Connect view's WalletConnect entry).
 */
export const bindWalletConnect: Bind = ({ container, config }) => {
  const binder = unlessOverridden(container)
  binder
    .bind(AllWalletsStore)
    .toDynamicValue((ctx) => new AllWalletsStore({ config, catalogue: ctx.get(WalletCatalogue), scheduler: ctx.get(Scheduler), logger: ctx.get(Logger) }))
  binder
    .bind(WalletConnectQr)
    .toDynamicValue(
      (ctx) =>
        new WalletConnectQr({
          pairings: ctx.get(WalletConnectPairings),
          connectExternal: ctx.get(ConnectExternal),
          modal: ctx.get(ModalStore),
          platform: ctx.get(Platform),
          clock: ctx.get(Clock),
          scheduler: ctx.get(Scheduler),
        }),
    )
  // The QR knows whether the visitor still sees the attempt, so it decides a pairing's end.
  binder.bind(WalletConnectPairingExpiry).toService(WalletConnectQr)
  return { handle: container.get(WalletConnectQr) }
}
