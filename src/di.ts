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
// Account and networks (issue 7)
import { BalanceStore } from './application/account/balance-store'
import { DisconnectAccount } from './application/account/disconnect-account'
import { IdentityStore } from './application/account/identity-store'
import { NftHoldingsStore } from './application/account/nft-holdings'
import { NetworksStore } from './application/networks/networks-store'
import { SwitchNetwork } from './application/networks/switch-network'
import { UnsupportedChainWatcher } from './application/networks/unsupported-chain-watcher'
import { BlockchainApi } from './ports/blockchain-api'
import { ChainReader } from './ports/chain-reader'
import { WalletConnectors } from './ports/wallet-connectors'
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
  container.bind(DisconnectAccount).toDynamicValue((ctx) => async () => {
    ctx.get(ConnectionStore).set({ status: 'disconnected' })
    ctx.get(ModalStore).reset('Connect')
  })
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
