import type { CaipNetworkId } from '../../domain/entities'
import type { Eip1193Provider } from '../../domain/chains/wallet-providers'
import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { SnackStore } from '../../application/snack-store'
import { ActivityStore } from '../../application/activity/activity-store'
import { NetworksStore } from '../../application/networks/networks-store'
import { SendBalanceSource, TransactionPreviewToken } from '../../application/send/collaborators'
import { explorerLinkingNotifier } from '../../application/send/explorer-notifier'
import { TransactionApprovals } from '../../application/send/transaction-approvals'
import { connectedCalls } from '../../application/calls/connected-calls'
import { SwapFlow, type SwapSponsorship } from '../../application/swap/swap-flow'
import type { SwapAccount } from '../../application/swap/swap-state'
import { GasSponsorship } from '../../application/sponsorship/gas-sponsorship'
import { SwapFlowService, SwapTokenPickerService } from '../../application/swap/swap-flow-service'
import { SwapTokenPicker } from '../../application/swap/swap-token-picker'
import { SwapApi } from '../../ports/blockchain/swap'
import { ChainFamilies, UnknownConnectorError } from '../../ports/chain-family'
import { Clock } from '../../ports/clock'
import { Logger } from '../../ports/logger'
import { Scheduler } from '../../ports/scheduler'
import { SwapTransactions } from '../../ports/swap-transactions'
import { WalletCalls } from '../../ports/wallet-calls'
import { ViemSwapTransactions } from '../../infrastructure/chains/eip155/send/viem-swap-transactions'
import { Eip155WalletCalls } from '../../infrastructure/chains/eip155/wallet-calls'
import { FetchSwapApi } from '../../infrastructure/http/blockchain/fetch-swap-api'
import { serviceClient } from '../service-client'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'
import { LocaleStore } from '../../application/locale-store'
import { featureFamily } from '../../domain/feature-constants'

/** The app's gas sponsor as the swap asks it: for the account connected in the swaps' family, through its wallet. */
function swapSponsorship(sponsorship: GasSponsorship, connection: ConnectionStore): SwapSponsorship {
  const connectorOf = (account: SwapAccount) => {
    const connected = connection.account(featureFamily('swaps'))
    return connected !== undefined && connected.address.toLowerCase() === account.address.toLowerCase() ? connected.connectorId : undefined
  }
  return {
    check: async (account, calls, gasPrice) => {
      const connectorId = connectorOf(account)
      return connectorId === undefined ? undefined : sponsorship.check({ chainId: account.caipNetworkId, from: account.address, calls, connectorId, gasPrice })
    },
    send: (account, calls) => {
      const connectorId = connectorOf(account)
      if (connectorId === undefined) return Promise.reject(new UnknownConnectorError(account.address))
      return sponsorship.send(connectorId, { chainId: account.caipNetworkId, from: account.address, calls })
    },
  }
}

/**
 * Swapping's part of the composition root, a chunk of its own (its module's `bind`):
 * fetched when a visitor first opens Swap. The swap goes through the connected eip155 wallet.
 * Hands back what stops it.
 */
export const bindSwap: Bind = ({ container, config }) => {
  let made: SwapFlow | undefined
  const binder = unlessOverridden(container)
  binder
    .bind(SwapApi)
    .toDynamicValue(() => new FetchSwapApi(serviceClient(config, config.services.blockchainApi), { swapChainIds: config.swapChainIds }))
  binder.bind(SwapTransactions).toDynamicValue((ctx) => {
    const connection = ctx.get(ConnectionStore)
    const families = ctx.get(ChainFamilies)
    return new ViemSwapTransactions(() => {
      const account = connection.account(featureFamily('swaps'))
      const provider = account === undefined ? undefined : families.get(featureFamily('swaps'))?.getProvider(account.connectorId)
      return Promise.resolve(provider as Eip1193Provider | undefined)
    })
  })
  // Batches (approve + swap under one prompt) through the connected eip155 wallet, when it offers them.
  binder.bind(WalletCalls).toDynamicValue((ctx) => {
    const families = ctx.get(ChainFamilies)
    return new Eip155WalletCalls((connectorId) => families.get(featureFamily('swaps'))?.getProvider(connectorId) as Eip1193Provider | undefined)
  })
  binder.bind(SwapFlowService).toDynamicValue((ctx) => {
    const connection = ctx.get(ConnectionStore)
    const logger = ctx.get(Logger)
    return (made = new SwapFlow({
      api: ctx.get(SwapApi),
      transactions: ctx.get(SwapTransactions),
      calls: connectedCalls(connection, ctx.get(WalletCalls), (error) => logger.warn('The wallet did not say what it offers for batches', error)),
      account: () => {
        const account = connection.account(featureFamily('swaps'))
        return account === undefined ? undefined : { address: account.address, caipNetworkId: account.caipNetworkId as CaipNetworkId }
      },
      balances: ctx.get(SendBalanceSource),
      approvals: ctx.get(TransactionApprovals),
      activity: ctx.get(ActivityStore),
      modal: ctx.get(ModalStore),
      notifier: explorerLinkingNotifier(ctx.get(SnackStore), () => ctx.get(NetworksStore).snapshot.activeNetwork?.blockExplorerUrl),
      scheduler: ctx.get(Scheduler),
      clock: ctx.get(Clock),
      logger,
      get locale() {
        return ctx.get(LocaleStore).locale
      },
      // Bound with the account's module when the host left previews on (features.preview).
      ...(container.isBound(TransactionPreviewToken) ? { preview: ctx.get(TransactionPreviewToken) } : {}),
      // The app's gas sponsor (docs/sponsorship.md), bound with the account's send path.
      ...(container.isBound(GasSponsorship) ? { sponsorship: swapSponsorship(ctx.get(GasSponsorship), connection) } : {}),
    }))
  })
  let picker: SwapTokenPicker | undefined
  binder.bind(SwapTokenPickerService).toDynamicValue(
    (ctx) =>
      (picker = new SwapTokenPicker({ api: ctx.get(SwapApi), flow: ctx.get(SwapFlowService), modal: ctx.get(ModalStore), scheduler: ctx.get(Scheduler), logger: ctx.get(Logger) })),
  )
  // What the modal's destroy() stops: the flow's subscription to the balances, a waiting quote and search.
  return {
    stop: () => {
      made?.dispose()
      picker?.dispose()
    },
  }
}
