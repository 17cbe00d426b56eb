import 'reflect-metadata'
import { asyncScheduler } from 'rxjs'
import { Container } from 'inversify'
import type { ResolvedConfig } from './domain/config'
import { ConnectionStore } from './application/connection-store'
import { ModalStore } from './application/modal-store'
import { SnackStore } from './application/snack-store'
import { ModalConfig } from './application/tokens'
import { ActivityStore } from './application/activity/activity-store'
import { BalanceStore } from './application/account/balance-store'
import { balanceSourceFrom } from './application/send/balance-source'
import { SendBalanceSource } from './application/send/collaborators'
import { SendTokens } from './application/send/send-tokens'
import { TransactionApprovals } from './application/send/transaction-approvals'
import { Analytics } from './ports/analytics'
import { BlockchainApi } from './ports/blockchain-api'
import { TokenTransfers } from './ports/token-transfers'
import { WalletConnectors } from './ports/wallet-connectors'
import { ViemTokenTransfers } from './infrastructure/chains/eip155/send/viem-token-transfers'
import { Clock } from './ports/clock'
import { KeyValueStorage } from './ports/key-value-storage'
import { Logger } from './ports/logger'
import { Scheduler } from './ports/scheduler'
import { SystemClock } from './infrastructure/system-clock'
import { ConsoleLogger } from './infrastructure/logging/console-logger'
import { BrowserKeyValueStorage } from './infrastructure/storage/browser-key-value-storage'
// Connection (issue 6)
import { AllWalletsStore } from './application/connection/all-wallets-store'
import { ConnectExternal } from './application/connection/connect-external'
import { ConnectorsStore } from './application/connection/connectors-store'
import { DisconnectWallet } from './application/connection/disconnect-wallet'
import { FollowWalletEvents } from './application/connection/follow-wallet-events'
import { ReconnectWallet } from './application/connection/reconnect-wallet'
import { RecentWallets } from './application/connection/recent-wallets'
import { EventReporter } from './application/connection/report-event'
import { WalletSession } from './application/connection/wallet-session'
import { CloseModal } from './application/shell/close-modal'
import { WalletCatalogue } from './ports/wallet-catalogue'
import { FetchAnalytics } from './infrastructure/http/fetch-analytics'
import { FetchWalletCatalogue } from './infrastructure/http/fetch-wallet-catalogue'
import { Eip6963EvmWallets } from './infrastructure/wallets/eip155/eip6963-evm-wallets'
// Account and networks (issue 7)
import { DisconnectAccount } from './application/account/disconnect-account'
import { IdentityStore } from './application/account/identity-store'
import { NftHoldingsStore } from './application/account/nft-holdings'
import { NetworksStore } from './application/networks/networks-store'
import { SwitchNetwork } from './application/networks/switch-network'
import { UnsupportedChainWatcher } from './application/networks/unsupported-chain-watcher'
import { ChainReader } from './ports/chain-reader'
import { FetchBlockchainApi } from './infrastructure/http/fetch-blockchain-api'
import { FetchHttpClient } from './infrastructure/http/fetch-http-client'
import { ViemChainReader } from './infrastructure/chains/eip155/viem-chain-reader'

/** Lets a test or a host swap bindings after the defaults are in place (`container.rebind(T)`). */
export type ContainerOverrides = (container: Container) => void

/**
 * The composition root: the only module that knows every adapter. One container per modal
 * instance, so two modals on a page never share state. Singleton scope: each `get` of a store
 * returns the same instance within this container.
 */
export function createContainer(config: ResolvedConfig, overrides?: ContainerOverrides): Container {
  const container = new Container({ defaultScope: 'Singleton' })

  container.bind(ModalConfig).toConstantValue(config)
  container.bind(Clock).toConstantValue(new SystemClock())
  container.bind(Scheduler).toConstantValue(asyncScheduler)
  container.bind(Logger).toConstantValue(new ConsoleLogger())
  container.bind(KeyValueStorage).toConstantValue(new BrowserKeyValueStorage(storagePrefix(config)))

  container.bind(ModalStore).toResolvedValue(() => new ModalStore())
  container.bind(ConnectionStore).toResolvedValue(() => new ConnectionStore())
  container.bind(SnackStore).toDynamicValue((ctx) => new SnackStore(ctx.get(Scheduler)))

  bindConnection(container, config)

  bindAccountAndNetworks(container, config)

  bindSendAndActivity(container, config)

  overrides?.(container)
  return container
}

/** Account, balances, identity, NFTs and networks (issue 7). */
function bindAccountAndNetworks(container: Container, config: ResolvedConfig): void {
  // The blockchain service client; bound here until the adapters are wired elsewhere.
  container.bind(BlockchainApi).toDynamicValue(
    (ctx) =>
      new FetchBlockchainApi(
        new FetchHttpClient({
          baseUrl: config.services.blockchainApi,
          projectId: config.projectId ?? '',
          sdkVersion: 'walletgate-0.1.0',
          ...(config.clientId === undefined ? {} : { clientId: config.clientId }),
        }),
        ctx.get(Clock),
        { logger: ctx.get(Logger) },
      ),
  )
  container.bind(ChainReader).toResolvedValue(() => new ViemChainReader())
  container
    .bind(NetworksStore)
    .toDynamicValue((ctx) => new NetworksStore(config, ctx.get(ConnectionStore), ctx.get(KeyValueStorage)))
  container
    .bind(BalanceStore)
    .toDynamicValue(
      (ctx) =>
        new BalanceStore(
          ctx.get(ConnectionStore),
          ctx.get(NetworksStore),
          ctx.get(BlockchainApi),
          ctx.get(ChainReader),
          ctx.get(SnackStore),
          ctx.get(Scheduler),
          ctx.get(Logger),
        ),
    )
  container
    .bind(IdentityStore)
    .toDynamicValue((ctx) => new IdentityStore(ctx.get(ConnectionStore), ctx.get(BlockchainApi), ctx.get(Logger)))
  container
    .bind(NftHoldingsStore)
    .toDynamicValue((ctx) => new NftHoldingsStore(ctx.get(ConnectionStore), ctx.get(BlockchainApi), ctx.get(Logger)))
  container.bind(SwitchNetwork).toDynamicValue(
    (ctx) =>
      new SwitchNetwork(
        ctx.get(NetworksStore),
        ctx.get(ConnectionStore),
        ctx.get(ModalStore),
        (connectorId) => {
          const connectors = ctx.get(WalletConnectors, { optional: true })
          return connectors?.getProvider(connectorId)
        },
        ctx.get(Logger),
      ),
  )
  container
    .bind(UnsupportedChainWatcher)
    .toDynamicValue(
      (ctx) =>
        new UnsupportedChainWatcher(ctx.get(ConnectionStore), ctx.get(NetworksStore), ctx.get(ModalStore), {
          allowUnsupportedChain: config.allowUnsupportedChain,
        }),
    )
  // Until the connection use cases provide one: forget the account and show Connect.
  container.bind(DisconnectAccount).toDynamicValue((ctx) => () => ctx.get(DisconnectWallet).disconnect())
}

/** Sdk version sent to the services as `sv`. */
const SDK_VERSION = 'walletgate-0.1.0'

function serviceClient(config: ResolvedConfig, baseUrl: string): FetchHttpClient {
  return new FetchHttpClient({
    baseUrl,
    projectId: config.projectId ?? '',
    sdkVersion: SDK_VERSION,
    ...(config.clientId === undefined ? {} : { clientId: config.clientId }),
  })
}

/** Browser wallets, the wallet catalogue, analytics and the connect use cases (issue 6). */
function bindConnection(container: Container, config: ResolvedConfig): void {
  container.bind(WalletConnectors).toDynamicValue((ctx) => new Eip6963EvmWallets(ctx.get(Logger)))
  container
    .bind(WalletCatalogue)
    .toResolvedValue(() => new FetchWalletCatalogue(serviceClient(config, config.services.walletCatalogue)))
  container
    .bind(Analytics)
    .toDynamicValue(
      (ctx) => new FetchAnalytics(serviceClient(config, config.services.analytics), ctx.get(Clock), { logger: ctx.get(Logger) }),
    )
  container.bind(RecentWallets).toDynamicValue((ctx) => new RecentWallets(ctx.get(KeyValueStorage)))
  container.bind(EventReporter).toDynamicValue((ctx) => new EventReporter(config, ctx.get(Analytics), ctx.get(Logger)))
  container.bind(ConnectExternal).toDynamicValue(
    (ctx) =>
      new ConnectExternal(
        ctx.get(WalletConnectors),
        ctx.get(ConnectionStore),
        ctx.get(ModalStore),
        ctx.get(RecentWallets),
        ctx.get(KeyValueStorage),
        ctx.get(EventReporter),
        ctx.get(Logger),
      ),
  )
  container.bind(DisconnectWallet).toDynamicValue(
    (ctx) =>
      new DisconnectWallet(
        ctx.get(WalletConnectors),
        ctx.get(ConnectionStore),
        ctx.get(ModalStore),
        ctx.get(KeyValueStorage),
        ctx.get(EventReporter),
        ctx.get(Logger),
      ),
  )
  container.bind(ReconnectWallet).toDynamicValue(
    (ctx) =>
      new ReconnectWallet(
        ctx.get(WalletConnectors),
        ctx.get(ConnectionStore),
        ctx.get(KeyValueStorage),
        ctx.get(Scheduler),
        ctx.get(EventReporter),
        ctx.get(Logger),
      ),
  )
  container
    .bind(FollowWalletEvents)
    .toDynamicValue(
      (ctx) => new FollowWalletEvents(ctx.get(WalletConnectors), ctx.get(ConnectionStore), ctx.get(DisconnectWallet)),
    )
  container
    .bind(WalletSession)
    .toDynamicValue(
      (ctx) => new WalletSession(ctx.get(WalletConnectors), ctx.get(FollowWalletEvents), ctx.get(ReconnectWallet)),
    )
  container
    .bind(ConnectorsStore)
    .toDynamicValue(
      (ctx) =>
        new ConnectorsStore(config, ctx.get(WalletConnectors), ctx.get(RecentWallets), ctx.get(WalletCatalogue), ctx.get(Logger)),
    )
  container
    .bind(CloseModal)
    .toDynamicValue((ctx) => new CloseModal(ctx.get(ModalStore), ctx.get(ConnectionStore), config, ctx.get(Scheduler)))
  container
    .bind(AllWalletsStore)
    .toDynamicValue((ctx) => new AllWalletsStore(config, ctx.get(WalletCatalogue), ctx.get(Scheduler), ctx.get(Logger)))
}

function storagePrefix(config: ResolvedConfig): string {
  return `walletgate:${config.projectId ?? 'default'}:`
}

/** Send, approve and activity (issue 8). */
function bindSendAndActivity(container: Container, config: ResolvedConfig): void {
  container.bind(TokenTransfers).toDynamicValue((ctx) => {
    const connection = ctx.get(ConnectionStore)
    return new ViemTokenTransfers(async () => {
      const state = connection.snapshot
      if (state.status !== 'connected' || state.namespace !== 'eip155') return undefined
      return container.get(WalletConnectors).getProvider(state.connectorId)
    })
  })
  container.bind(SendBalanceSource).toDynamicValue((ctx) => balanceSourceFrom(ctx.get(BalanceStore)))
  container.bind(TransactionApprovals).toDynamicValue((ctx) => new TransactionApprovals(ctx.get(ModalStore)))
  container.bind(ActivityStore).toDynamicValue(
    (ctx) =>
      new ActivityStore({
        api: ctx.get(BlockchainApi),
        connection: ctx.get(ConnectionStore),
        transfers: ctx.get(TokenTransfers),
        scheduler: ctx.get(Scheduler),
        notifier: ctx.get(SnackStore),
        logger: ctx.get(Logger),
        utcOffsetMinutes: -new Date(ctx.get(Clock).now()).getTimezoneOffset(),
      }),
  )
  container.bind(SendTokens).toDynamicValue(
    (ctx) =>
      new SendTokens({
        connection: ctx.get(ConnectionStore),
        balances: ctx.get(SendBalanceSource),
        api: ctx.get(BlockchainApi),
        transfers: ctx.get(TokenTransfers),
        approvals: ctx.get(TransactionApprovals),
        activity: ctx.get(ActivityStore),
        modal: ctx.get(ModalStore),
        notifier: ctx.get(SnackStore),
        clock: ctx.get(Clock),
        scheduler: ctx.get(Scheduler),
        logger: ctx.get(Logger),
        analytics: ctx.get(Analytics, { optional: true }),
        nativeCurrencies: Object.fromEntries(
          config.networks.map((n) => [`${n.chainNamespace}:${String(n.id)}`, n.nativeCurrency]),
        ),
      }),
  )
}
