import type { Container } from 'inversify'
import type { ResolvedConfig } from './domain/config'
import { ConnectionStore } from './application/connection-store'
import { ModalStore } from './application/modal-store'
import { AllWalletsStore } from './application/connection/all-wallets-store'
import { ConnectExternal } from './application/connection/connect-external'
import { ConnectorsStore } from './application/connection/connectors-store'
import { RecentWallets } from './application/connection/recent-wallets'
import { EventReporter } from './application/connection/report-event'
import { WalletConnectQr } from './application/connection/walletconnect-qr'
import { CloseModal } from './application/shell/close-modal'
import { Clock } from './ports/clock'
import { KeyValueStorage } from './ports/key-value-storage'
import { Logger } from './ports/logger'
import { Platform } from './ports/platform'
import { Scheduler } from './ports/scheduler'
import { WalletCatalogue } from './ports/wallet-catalogue'
import { WalletConnectPairings } from './ports/wallet-connectors'
import { WalletDirectory } from './application/connection/wallet-directory'
import { WalletConnectPairingExpiry } from './ports/walletconnect-pairing-expiry'
import { FetchWalletCatalogue } from './infrastructure/http/fetch-wallet-catalogue'
import { serviceClient } from './di-service-client'
import { unlessOverridden, type Binder } from './di-binder'

/**
 * The connect views' part of the composition root, a small chunk of its own (see `featureLoader`
 * in src/di.ts): loaded with the modal's shell, and prefetched while the page is idle, so the
 * first open shows the wallet list without a fetch.
 */
export function bindConnect(container: Container, config: ResolvedConfig): void {
  bindConnectViews(unlessOverridden(container), config)
}

/** What the connect views use beyond the session itself (which src/di.ts binds eagerly). */
function bindConnectViews(binder: Binder, config: ResolvedConfig): void {
  binder
    .bind(WalletConnectQr)
    .toDynamicValue(
      (ctx) =>
        new WalletConnectQr(
          ctx.get(WalletConnectPairings),
          ctx.get(ConnectExternal),
          ctx.get(ModalStore),
          ctx.get(Platform),
          ctx.get(Clock),
          ctx.get(Scheduler),
        ),
    )
  // The QR knows whether the visitor still sees the attempt, so it decides a pairing's end.
  binder.bind(WalletConnectPairingExpiry).toService(WalletConnectQr)
  binder
    .bind(WalletCatalogue)
    .toDynamicValue(() => new FetchWalletCatalogue(serviceClient(config, config.services.walletCatalogue)))
  binder.bind(ConnectExternal).toDynamicValue(
    (ctx) =>
      new ConnectExternal(
        ctx.get(WalletDirectory),
        ctx.get(ConnectionStore),
        ctx.get(ModalStore),
        ctx.get(RecentWallets),
        ctx.get(KeyValueStorage),
        ctx.get(EventReporter),
        ctx.get(Logger),
        () => {
          const kind = ctx.get(Platform).kind
          return { isSafariIos: kind === 'ios-safari', isTelegram: kind === 'telegram' }
        },
      ),
  )
  binder
    .bind(ConnectorsStore)
    .toDynamicValue(
      (ctx) =>
        new ConnectorsStore(
          config,
          ctx.get(WalletDirectory),
          ctx.get(RecentWallets),
          ctx.get(WalletCatalogue),
          ctx.get(Logger),
          ctx.get(ModalStore),
        ),
    )
  binder
    .bind(CloseModal)
    .toDynamicValue((ctx) => new CloseModal(ctx.get(ModalStore), ctx.get(ConnectionStore), config, ctx.get(Scheduler)))
  binder
    .bind(AllWalletsStore)
    .toDynamicValue((ctx) => new AllWalletsStore(config, ctx.get(WalletCatalogue), ctx.get(Scheduler), ctx.get(Logger)))
}
