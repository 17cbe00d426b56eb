import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { ConnectorsStore } from '../../application/connection/connectors-store'
import { RecentWallets } from '../../application/connection/recent-wallets'
import { WalletConnectEntry } from '../../application/connection/walletconnect-entry'
import { isMobilePlatform } from '../../domain/connection/platform'
import { CloseModal } from '../../application/shell/close-modal'
import type { ProjectCheck } from '../../application/shell/project-check'
import { Analytics } from '../../ports/analytics'
import { ProjectCheckToken } from '../../application/shell/project-check-token'
import { AlertStore } from '../../application/alert-store'
import { SiwxLoader } from '../../application/siwx/siwx-state'
import { Logger } from '../../ports/logger'
import { Platform } from '../../ports/platform'
import { Scheduler } from '../../ports/scheduler'
import { WalletCatalogue } from '../../ports/wallet-catalogue'
import { WalletDirectory } from '../../application/connection/wallet-directory'
import { FetchWalletCatalogue } from '../../infrastructure/http/fetch-wallet-catalogue'
import { serviceIdentity } from '../service-identity'
import { OnDemandHttpClient } from '../../infrastructure/http/on-demand-http-client'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'
import { ModuleLoader } from '../module-loader'
import { EmailLoginLoader, emailLoginLoader } from '../../application/embedded-wallet/tokens'
import { SocialLoginLoader } from '../../application/embedded-wallet/social-token'
import { LegalConsentSource } from '../../application/modal-services'
import { KeyValueStorage } from '../../ports/key-value-storage'

/**
 * The connect views' bindings, a small chunk of their own (the connect module): loaded with the
 * modal's shell, and prefetched while the page is idle, so the first open shows the wallet list
 * without a fetch. What they use beyond the session itself (which the core module binds at mount).
 */
export const bindConnect: Bind = ({ container, config, loader }) => {
  const binder = unlessOverridden(container)
  binder.bind(WalletConnectEntry).toDynamicValue(
    (ctx) =>
      new WalletConnectEntry(
        () => loader.load('walletConnect'),
        isMobilePlatform(ctx.get(Platform).kind),
        ctx.get(Logger),
      ),
  )
  binder
    .bind(WalletCatalogue)
    // Its request machinery loads with the catalogue's first request (with the answer's parser).
    .toDynamicValue(() => new FetchWalletCatalogue(new OnDemandHttpClient(serviceIdentity(config, config.services.walletCatalogue))))
  // Asked at the first open, so its code (the allow-list rule, the service's errors) loads then.
  binder.bind(ProjectCheckToken).toDynamicValue((ctx) => {
    const [catalogue, alerts, logger, analytics] = [ctx.get(WalletCatalogue), ctx.get(AlertStore), ctx.get(Logger), ctx.get(Analytics)]
    let check: Promise<ProjectCheck> | undefined
    return {
      open: () => {
        const first = check === undefined
        check ??= import('../../application/shell/project-check').then(
          ({ ProjectCheck }) => new ProjectCheck({ projectId: config.projectId, catalogue, alerts, logger, origin: () => globalThis.location?.origin }),
        )
        check.then(
          (loaded) => {
            if (first) loaded.follow(analytics.alerts$)
            void loaded.run()
          },
          // Offline, or a deploy replaced the chunk: the next open tries again.
          () => (check = undefined),
        )
      },
    }
  })
  // Only the social buttons and views ask for it, and they show only with the embedded wallet.
  binder.bind(SocialLoginLoader).toDynamicValue(() => emailLoginLoader(() => loader.load('social')))
  // Only the email views ask for it, and they exist only when the embedded wallet is bound (the core module).
  binder.bind(EmailLoginLoader).toDynamicValue(() => emailLoginLoader(() => loader.load('email')))
  binder
    .bind(ConnectorsStore)
    .toDynamicValue((ctx) => {
      // Taken now: the call comes 100 ms later, when the modal may have been destroyed.
      const flow = ctx.get(ModuleLoader)
      return new ConnectorsStore({
          config,
          wallets: ctx.get(WalletDirectory),
          recent: ctx.get(RecentWallets),
          catalogue: ctx.get(WalletCatalogue),
          logger: ctx.get(Logger),
          modal: ctx.get(ModalStore),
          scheduler: ctx.get(Scheduler),
          socials: config.features.socials?.length !== 0,
          // The connection flow, there by the click (a failed fetch is tried again by the click).
          afterOpen: () => void flow.load('connectFlow').catch(() => undefined),
        })
    })
  // Only the terms and privacy checkbox asks for it (features.legalCheckbox).
  binder.bind(LegalConsentSource).toDynamicValue((ctx) => ({ storage: ctx.get(KeyValueStorage), terms: config.termsConditionsUrl, privacy: config.privacyPolicyUrl }))
  binder
    .bind(CloseModal)
    .toDynamicValue((ctx) => {
      const siwx = ctx.get(SiwxLoader)
      return new CloseModal({ modal: ctx.get(ModalStore), connection: ctx.get(ConnectionStore), config, scheduler: ctx.get(Scheduler), hasSession: () => siwx.snapshot.status === 'signed-in' })
    })
}
