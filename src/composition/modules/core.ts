import { Observable, Subject, asyncScheduler, type SchedulerLike } from 'rxjs'
import type { Container } from 'inversify'
import type { ResolvedConfig } from '../../domain/config'
import { ConnectionStore } from '../../application/connection-store'
import { AlertStore } from '../../application/alert-store'
import { ModalStore } from '../../application/modal-store'
import { SnackStore } from '../../application/snack-store'
import { ViewWarnings } from '../../application/shell/view-warnings'
import { ModalConfig } from '../../application/modal-services'
import { Analytics, type AnalyticsEvent } from '../../ports/analytics'
import type { AlertDescriptor } from '../../domain/messages'
import { ChainFamilies } from '../../ports/chain-family'
import { Telemetry, type TelemetryOutcome } from '../../ports/telemetry'
import { Clock } from '../../ports/clock'
import { KeyValueStorage } from '../../ports/key-value-storage'
import { Logger } from '../../ports/logger'
import { Scheduler } from '../../ports/scheduler'
import { SystemClock } from '../../infrastructure/system-clock'
import { ConsoleLogger } from '../../infrastructure/logging/console-logger'
import { BrowserKeyValueStorage } from '../../infrastructure/storage/browser-key-value-storage'
import { DisconnectWallet } from '../../application/connection/disconnect-wallet'
import { FollowWalletEvents } from '../../application/connection/follow-wallet-events'
import { ReconnectWallet } from '../../application/connection/reconnect-wallet'
import { RecentWallets } from '../../application/connection/recent-wallets'
import { EventReporter } from '../../application/connection/report-event'
import { WalletSession } from '../../application/connection/wallet-session'
import { WalletDirectory } from '../../application/connection/wallet-directory'
import type { ChainWing } from '../../infrastructure/chains/wing'
// WalletConnectConnectors holds no SDK code; the adapter is a dynamic import below.
import { WalletConnectConnectors } from '../../infrastructure/wallets/walletconnect/walletconnect-connectors'
import { WalletConnectPairings } from '../../ports/wallet-connectors'
import { AuthConnectorSource } from '../../infrastructure/embedded-wallet/auth-connector-source'
import { EmbeddedWalletLoader, type EmbeddedWallet } from '../../ports/embedded-wallet'
import { WalletConnectPairingExpiry, type PairingExpiryDecision } from '../../ports/walletconnect-pairing-expiry'
import { toCaipNetwork } from '../../domain/network/network-config'
import type { CaipNetwork, ChainNamespace } from '../../domain/entities'
import { isMobilePlatform, preparesPairingBeforeTap } from '../../domain/connection/platform'
import { Platform } from '../../ports/platform'
import { BrowserPlatform } from '../../infrastructure/platform/browser-platform'
import { SiwxLoader } from '../../application/siwx/siwx-state'
import type { SiwxOnConnect } from '../../ports/siwx'
import type { FeatureModule } from '../feature-module'

/**
 * The modal's core, bound at mount: its configuration, clock, scheduler, logger, storage and
 * platform, the modal's and the connection's stores, and the connection itself (browser wallets,
 * WalletConnect, the embedded wallet, analytics and the connect use cases). Singleton scope: each
 * `get` of a store returns the same instance within the modal's container.
 */
export const core: FeatureModule = {
  id: 'core',
  setup({ container, config, wings }) {
    container.bind(ModalConfig).toConstantValue(config)
    container.bind(Clock).toConstantValue(new SystemClock())
    container.bind(Scheduler).toConstantValue(asyncScheduler)
    container.bind(Logger).toConstantValue(new ConsoleLogger())
    container.bind(KeyValueStorage).toConstantValue(new BrowserKeyValueStorage(storagePrefix(config)))

    // Read lazily: creating a modal touches no window (server rendering); the first get is in a browser.
    container.bind(Platform).toDynamicValue((ctx) => new BrowserPlatform(ctx.get(Logger)))
    container
      .bind(ModalStore)
      .toDynamicValue((ctx) => {
        const platform = ctx.get(Platform)
        return new ModalStore({
          get isMobile() {
            return isMobilePlatform(platform.kind)
          },
          hasAdapters: config.browserWallets || !config.enableWalletConnect,
        })
      })
    container.bind(ConnectionStore).toDynamicValue(() => new ConnectionStore())
    container.bind(SnackStore).toDynamicValue((ctx) => new SnackStore(ctx.get(Scheduler)))
    container.bind(ViewWarnings).toDynamicValue((ctx) => new ViewWarnings(ctx.get(Logger)))

    bindConnection(container, config, wings)
  },
}

/**
 * The embedded wallet's AUTH connector (email login), when the host did not turn email off or ask
 * for WalletConnect only, and has a project id (the frame serves a project's allowed origins only). The frame and its code load on
 * the email path; the same wallet is the application's EmbeddedWalletLoader.
 */
function embeddedWalletSource(container: Container, config: ResolvedConfig): AuthConnectorSource | undefined {
  // `browserWallets: false` is WalletConnect only (spec section 2, "no adapters"): no embedded wallet either.
  if (config.features.email === false || !config.browserWallets || config.projectId === undefined) return undefined
  const storage = () => container.get(KeyValueStorage)
  const source = new AuthConnectorSource(
    () =>
      Promise.all([import('../../infrastructure/embedded-wallet/load-embedded-wallet'), import('../../application/embedded-wallet/approval-prompt')]).then(
        ([{ createEmbeddedWallet }, { showApprovalsInModal, showTroubleAsAlerts }]) => {
          const wallet = createEmbeddedWallet(config, storage())
          showApprovalsInModal(wallet.approval$, container.get(ModalStore))
          showTroubleAsAlerts(wallet.trouble$, container.get(AlertStore))
          return wallet
        },
      ),
    storage,
  )
  container.bind(EmbeddedWalletLoader).toConstantValue(() => source.loaded() as Promise<unknown> as Promise<EmbeddedWallet>)
  return source
}

/**
 * The chain families ("wings") of the configured namespaces, each with its wallet sources, built
 * from the wings' descriptors (src/infrastructure/chains/<namespace>/wing.ts), in the order the
 * host's networks name them.
 */
function chainFamilies(container: Container, config: ResolvedConfig, wings: readonly ChainWing[], auth: AuthConnectorSource | undefined): ChainFamilies {
  const all = [...new Set(config.networks.map((n) => n.chainNamespace))].flatMap((namespace) => {
    const wing = wings.find((w) => w.namespace === namespace)
    return wing === undefined
      ? []
      : [
          wing.family({
            networks: familyNetworks(config, namespace),
            logger: container.get(Logger),
            appName: config.metadata?.name,
            browserWallets: config.browserWallets,
            walletConnect: config.enableWalletConnect ? () => container.get(WalletConnectPairings) as WalletConnectConnectors : undefined,
            embedded: auth,
            embeddedSolana: auth && ((chains) => auth.loaded().then((wallet) => wallet.solanaWallet(chains))),
          }),
        ]
  })
  return { all, get: (namespace) => all.find((family) => family.namespace === namespace) }
}

/** A family's configured networks, the host's default first (a wallet connects on it when it can). */
function familyNetworks(config: ResolvedConfig, namespace: ChainNamespace): CaipNetwork[] {
  return config.networks
    .filter((n) => n.chainNamespace === namespace)
    .map(toCaipNetwork)
    .sort((a, b) => Number(b.caipNetworkId === config.defaultNetwork) - Number(a.caipNetworkId === config.defaultNetwork))
}

/** Browser wallets, WalletConnect, analytics and the connect use cases. */
function bindConnection(container: Container, config: ResolvedConfig, wings: readonly ChainWing[]): void {
  // Bound with the wallet lists (the walletConnect module), which show every WalletConnect attempt.
  const pairingExpiring = (): PairingExpiryDecision =>
    container.isBound(WalletConnectPairingExpiry) ? container.get(WalletConnectPairingExpiry).pairingExpiring() : 'refresh'
  container
    .bind(WalletConnectPairings)
    .toDynamicValue((ctx) =>
      walletConnect(
        ctx.get(Clock),
        ctx.get(Scheduler),
        ctx.get(Logger),
        config,
        preparesPairingBeforeTap(ctx.get(Platform).kind),
        pairingExpiring,
        wings,
        // One-click sign-in: the connection carries the sign-in request when the host configured `siwx`.
        config.siwx === undefined ? undefined : () => container.get(SiwxLoader).load().then((signIn) => signIn.onConnect),
      ),
    )
  const auth = embeddedWalletSource(container, config)
  container.bind(ChainFamilies).toDynamicValue(() => chainFamilies(container, config, wings, auth))
  container.bind(WalletDirectory).toDynamicValue((ctx) => new WalletDirectory(ctx.get(ChainFamilies)))
  container.bind(Analytics).toDynamicValue((ctx) => lazyAnalytics(config, ctx.get(Clock), ctx.get(Logger)))
  container.bind(Telemetry).toDynamicValue((ctx) => lazyTelemetry(config, ctx.get(Clock), ctx.get(Logger)))
  container.bind(RecentWallets).toDynamicValue((ctx) => new RecentWallets(ctx.get(KeyValueStorage)))
  container.bind(EventReporter).toDynamicValue((ctx) => new EventReporter(config, ctx.get(Analytics), ctx.get(Logger)))
  container.bind(DisconnectWallet).toDynamicValue(
    (ctx) =>
      new DisconnectWallet({
        families: ctx.get(ChainFamilies),
        connection: ctx.get(ConnectionStore),
        modal: ctx.get(ModalStore),
        storage: ctx.get(KeyValueStorage),
        events: ctx.get(EventReporter),
        logger: ctx.get(Logger),
        pairing: () => (config.enableWalletConnect ? container.get(WalletConnectPairings) : undefined),
      }),
  )
  container.bind(ReconnectWallet).toDynamicValue(
    (ctx) =>
      new ReconnectWallet({
        wallets: ctx.get(WalletDirectory),
        connection: ctx.get(ConnectionStore),
        storage: ctx.get(KeyValueStorage),
        scheduler: ctx.get(Scheduler),
        events: ctx.get(EventReporter),
        logger: ctx.get(Logger),
      }),
  )
  container
    .bind(FollowWalletEvents)
    .toDynamicValue(
      (ctx) => new FollowWalletEvents(ctx.get(WalletDirectory), ctx.get(ConnectionStore), ctx.get(DisconnectWallet)),
    )
  container
    .bind(WalletSession)
    .toDynamicValue(
      (ctx) => new WalletSession(ctx.get(WalletDirectory), ctx.get(FollowWalletEvents), ctx.get(ReconnectWallet)),
    )
}

/**
 * WalletConnect, created on first use: the adapter module (and the SDK it imports) is a dynamic
 * import, so the page's initial JS holds none of it. A loopback relay is an offline devnet: the
 * Verify attestation (a hosted iframe) is skipped there.
 */
function walletConnect(
  clock: Clock,
  scheduler: SchedulerLike,
  logger: Logger,
  config: ResolvedConfig,
  reusePairing: boolean,
  pairingExpiring: () => PairingExpiryDecision,
  wings: readonly ChainWing[],
  signIn: (() => Promise<SiwxOnConnect | undefined>) | undefined,
): WalletConnectConnectors {
  const relayUrl = config.services.relay
  const loopback = /^wss?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:|\/|$)/i.test(relayUrl)
  return new WalletConnectConnectors(
    () =>
      Promise.all([import('../../infrastructure/wallets/walletconnect/universal-provider-wallet-connect'), Promise.all(wings.map((wing) => wing.parts()))]).then(
        ([{ UniversalProviderWalletConnect }, parts]) =>
          new UniversalProviderWalletConnect({
            projectId: config.projectId ?? 'walletgate',
            relayUrl,
            metadata: {
              name: config.metadata?.name ?? 'Walletgate',
              description: config.metadata?.description ?? '',
              url: config.metadata?.url ?? globalThis.location.origin,
              icons: config.metadata?.icons ?? [],
            },
            networks: config.networks.map(toCaipNetwork),
            // Every configured family whose wing speaks WalletConnect asks the wallet in one session.
            namespaces: Object.fromEntries(wings.flatMap((wing, i) => (parts[i]?.walletConnect ? [[wing.namespace, parts[i].walletConnect]] : []))),
            clock,
            scheduler,
            logger,
            verifyAttestation: loopback ? 'skip' : 'hosted',
            customStoragePrefix: `${storagePrefix(config)}wc`,
            pairingExpiring,
            ...(signIn === undefined ? {} : { signIn }),
          }),
      ),
    logger,
    { reusePairing },
  )
}

/**
 * Analytics (spec section 7) over POST /e of the analytics service. The adapter is a chunk of its
 * own, loaded with the first event (which the modal sends on open at the earliest): the page's
 * initial JS carries only this stand-in. Its alert (a project the service refuses) is kept for
 * whoever follows later, as the adapter's own stream does.
 */
function lazyAnalytics(config: ResolvedConfig, clock: Clock, logger: Logger): Analytics {
  let loading: Promise<Analytics> | undefined
  let alerted: AlertDescriptor | undefined
  const alerts = new Subject<AlertDescriptor>()
  return {
    alerts$: new Observable<AlertDescriptor>((subscriber) => {
      if (alerted !== undefined) subscriber.next(alerted)
      return alerts.subscribe(subscriber)
    }),
    sendEvent(event: AnalyticsEvent): Promise<void> {
      loading ??= import('../reporting-hub').then((hub) => hub.analyticsParts()).then(([{ FetchAnalytics }, { serviceClient }]) => {
        const analytics = new FetchAnalytics(serviceClient(config, config.services.analytics), clock, { logger })
        analytics.alerts$.subscribe((alert) => alerts.next((alerted = alert)))
        return analytics
      })
      return loading.then(
        (analytics) => analytics.sendEvent(event),
        (cause: unknown) => {
          // Offline, or a deploy replaced the chunk: the next event tries again.
          loading = undefined
          logger.warn('Analytics event not sent', cause)
        },
      )
    },
  }
}

/**
 * Error telemetry (spec sections 7 and 8) over POST /e of the analytics service. The adapter is a
 * chunk of its own, loaded with the first report: a page where no wrapped action fails never
 * downloads it, and the page's initial JS carries only this stand-in.
 */
function lazyTelemetry(config: ResolvedConfig, clock: Clock, logger: Logger): Telemetry {
  let loading: Promise<Telemetry> | undefined
  return {
    reportError(error: unknown): Promise<TelemetryOutcome> {
      loading ??= import('../reporting-hub').then((hub) => hub.telemetryParts()).then(
        ([{ FetchTelemetry, EventPoster }, { serviceClient }]) =>
          new FetchTelemetry(new EventPoster(serviceClient(config, config.services.analytics), clock), clock, { logger }),
      )
      return loading.then(
        (telemetry) => telemetry.reportError(error),
        (cause: unknown) => {
          // Offline, or a deploy replaced the chunk: the next report tries again.
          loading = undefined
          logger.warn('Walletgate: error telemetry could not be loaded', cause)
          return 'failed' as const
        },
      )
    },
  }
}

function storagePrefix(config: ResolvedConfig): string {
  return `walletgate:${config.projectId ?? 'default'}:`
}
