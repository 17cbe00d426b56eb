import { UpdateEmail } from '../../application/embedded-wallet/update-email'
import { EmbeddedSession } from '../../application/embedded-wallet/embedded-session'
import { EmbeddedSessionToken } from '../../application/embedded-wallet/tokens'
import { EmbeddedWalletLoader } from '../../ports/embedded-wallet'
import type { Container } from 'inversify'
import { combineLatest, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs'
import { writeAccountCookie } from '../../infrastructure/storage/account-cookie'
import type { ResolvedConfig } from '../../domain/config'
import type { TokenBalance } from '../../domain/entities'
import { formatBalanceNumeric } from '../../domain/format/amount'
import type { Features } from '../module-loader'
import type { Bind } from '../feature-module'
import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { SnackStore } from '../../application/snack-store'
import { DisconnectWallet } from '../../application/connection/disconnect-wallet'
import { Analytics } from '../../ports/analytics'
import { Clock } from '../../ports/clock'
import { KeyValueStorage } from '../../ports/key-value-storage'
import { Logger } from '../../ports/logger'
import { Scheduler } from '../../ports/scheduler'
import { ChainFamilies } from '../../ports/chain-family'
import { serviceClient } from '../service-client'
import { unlessOverridden, type Binder } from '../binder'
import { ActivityStore, TransactionsStore } from '../../application/activity/activity-store'
import { BalanceStore } from '../../application/account/balance-store'
import { balanceSourceFrom } from '../../application/send/balance-source'
import { SendBalanceSource, TransactionPreviewToken } from '../../application/send/collaborators'
import { ConfirmSend } from '../../application/send/confirm-send'
import { ReviewSend, type ReviewSendDeps } from '../../application/send/review-send'
import { SendForm } from '../../application/send/send-form'
import { ensNamesFor } from '../../infrastructure/chains/eip155/ens/viem-ens-names'
import { visitorTimeZone } from '../../infrastructure/platform/time-zone'
import { isRestrictedTimeZone, RESTRICTED_TIMEZONES } from '../../domain/region'
import { TransactionApprovals } from '../../application/send/transaction-approvals'
import { ActivityApi } from '../../ports/blockchain/activity'
import { BalancesApi } from '../../ports/blockchain/balances'
import { IdentityApi } from '../../ports/blockchain/identity'
import { NamesApi } from '../../ports/blockchain/names'
import { SupportedChainsApi } from '../../ports/blockchain/supported-chains'
import { TokenTransfers } from '../../ports/token-transfers'
import { ConnectedWalletTransfers } from '../../application/send/connected-wallet-transfers'
import { DisconnectAccount, disconnectAndClose } from '../../application/account/disconnect-account'
import { SwitchAccountType } from '../../application/account/switch-account-type'
import { ChooseAccount } from '../../application/account/choose-account'
import { ChooseAccountName } from '../../application/names/choose-account-name'
import { explorerLinkingNotifier } from '../../application/send/explorer-notifier'
import { IdentityStore } from '../../application/account/identity-store'
import { AccountActions } from '../../application/account/account-actions'
import { NftHoldingsStore } from '../../application/account/nft-holdings'
import { NetworksStore } from '../../application/networks/networks-store'
import { SwitchNetwork } from '../../application/networks/switch-network'
import { UnsupportedChainWatcher } from '../../application/networks/unsupported-chain-watcher'
import { ChainReader } from '../../ports/chain-reader'
import { SiwxLoader } from '../../application/siwx/siwx-state'
import { GrantPermissionsToken } from '../../application/sessions/tokens'
import type { FetchHttpClient } from '../../infrastructure/http/fetch-http-client'
import { FetchActivityApi } from '../../infrastructure/http/blockchain/fetch-activity-api'
import { FetchBalancesApi } from '../../infrastructure/http/blockchain/fetch-balances-api'
import { FetchIdentityApi } from '../../infrastructure/http/blockchain/fetch-identity-api'
import { FetchNamesApi } from '../../infrastructure/http/blockchain/fetch-names-api'
import { FetchFiatRatesApi } from '../../infrastructure/http/blockchain/fetch-fiat-rates-api'
import { FiatRatesApi } from '../../ports/blockchain/fiat-rates'
import { DisplayCurrencyStore } from '../../application/display-currency/display-currency-store'
import { FetchSupportedChainsApi } from '../../infrastructure/http/blockchain/fetch-supported-chains-api'
import { NameCaches, NameCachesToken } from '../../infrastructure/http/blockchain/name-caches'
import { NamespaceChainReader } from '../../infrastructure/chains/namespace-chain-reader'
import { WingFamilyRules } from '../../infrastructure/chains/wing-family-rules'
import { FamilyRules } from '../../ports/family-rules'
import type { ChainWing } from '../../infrastructure/chains/wing'
import { LocaleStore } from '../../application/locale-store'
import { PaymasterService } from '../../ports/paymaster-service'
import { FetchPaymasterService } from '../../infrastructure/http/fetch-paymaster-service'
import { TransactionPreview } from '../../application/preview/transaction-preview'
import { TransactionSimulator } from '../../ports/transaction-simulator'
import { NamespaceTransactionSimulator } from '../../infrastructure/chains/namespace-transaction-simulator'
import { FetchDenyListSource } from '../../infrastructure/http/fetch-deny-list-source'
import { HostDenyList } from '../../application/preview/host-deny-list'
import { denyListParts } from '../../domain/preview/deny-list'
import { pastReceivers } from '../../application/preview/past-receivers'
import { bindSponsorship, sponsorshipOfTransfer } from './sponsorship'

/**
 * The account module's bindings (account, networks, send and activity), a chunk of their own: what
 * a connected visitor needs beyond the connect views. Binding starts the network rules; hands out
 * what the facade needs of them.
 */
export const bindAccount: Bind = ({ container, config, wings, loader }) => {
  const binder = unlessOverridden(container)
  bindAccountAndNetworks(binder, container, config, wings)
  bindSendAndActivity(binder, container, config, wings)
  const profileName$ = container.get(IdentityStore).state$.pipe(
    map((state) => (state.status === 'ready' ? state.identity.name : null)),
    distinctUntilChanged(),
  )
  const balance$ = container.get(BalanceStore)
    .follow()
    .pipe(
      map((state) => (state.status === 'ready' && state.native !== undefined ? nativeBalance(state.native) : null)),
      distinctUntilChanged((a, b) => a?.balance === b?.balance && a?.symbol === b?.symbol),
    )
  const features: Features = {
    // The name follows the account while a wallet is connected: a reverse lookup on connect.
    account$: combineLatest([profileName$, balance$]).pipe(map(([profileName, balance]) => ({ profileName, balance }))),
    async grantPermissions(request) {
      await loader.load('sessions')
      return container.get(GrantPermissionsToken).execute(request)
    },
    async switchNetwork(caipNetworkId) {
      const result = await container.get(SwitchNetwork).execute(caipNetworkId)
      if (!result.ok) throw result.error
    },
  }
  container.get(NetworksStore).start()
  container.get(UnsupportedChainWatcher).start()
  // Sign-in follows the connection from here on (its chunk loads only when configured; a failed
  // load is tried again by the sign view or the next call).
  if (config.siwx !== undefined) container.get(SiwxLoader).load().catch(() => undefined)
  // Switching to another chain family resets the send form (spec section 4); same-family
  // switches reset it through the connection.
  const namespaceReset = container.get(SwitchNetwork).networkChanged$.subscribe((change) => {
    if (change.namespaceChanged) container.get(SendForm).reset()
  })
  // A server-rendered host draws the account from its cookie on the next load (config `ssr`).
  const cookie = config.ssr === true ? followAccountCookie(container.get(ConnectionStore), profileName$) : undefined
  return {
    handle: features,
    stop() {
      cookie?.unsubscribe()
      namespaceReset.unsubscribe()
      container.get(UnsupportedChainWatcher).dispose()
      container.get(NetworksStore).dispose()
      container.get(ChainReader).dispose()
    },
  }
}

/** Keeps the `walletgate_account` cookie equal to the connected account (deleted once none is). */
function followAccountCookie(connection: ConnectionStore, profileName$: Observable<string | null>): Subscription {
  return combineLatest([connection.state$, profileName$]).subscribe(([state, name]) => {
    if (state.status === 'connected') writeAccountCookie({ address: state.address, profileName: name ?? undefined })
    else if (state.status === 'disconnected') writeAccountCookie(undefined)
  })
}

/** A native balance as the host's button shows it: 3 decimals, cut (spec section 9); null when malformed. */
function nativeBalance(token: TokenBalance): { balance: string; symbol: string } | null {
  try {
    return { balance: formatBalanceNumeric(token.quantity.numeric), symbol: token.symbol }
  } catch {
    return null
  }
}

/**
 * The blockchain service's ports a connected account reads (balances, activity, identity, names),
 * over one HTTP client and one supported-chains list. Swaps, buying and registering names bind
 * theirs in their own chunks; the name caches are shared with registration's.
 */
function bindBlockchainService(binder: Binder, config: ResolvedConfig): void {
  let client: FetchHttpClient | undefined
  const http = () => (client ??= serviceClient(config, config.services.blockchainApi))
  binder.bind(SupportedChainsApi).toDynamicValue(() => new FetchSupportedChainsApi(http()))
  binder.bind(BalancesApi).toDynamicValue((ctx) => new FetchBalancesApi(http(), ctx.get(SupportedChainsApi), ctx.get(Clock)))
  binder.bind(ActivityApi).toDynamicValue((ctx) => new FetchActivityApi(http(), ctx.get(SupportedChainsApi)))
  binder.bind(NameCachesToken).toDynamicValue((ctx) => new NameCaches(ctx.get(Clock)))
  binder.bind(IdentityApi).toDynamicValue((ctx) => new FetchIdentityApi(http(), ctx.get(NameCachesToken)))
  binder.bind(NamesApi).toDynamicValue((ctx) => new FetchNamesApi(http(), ctx.get(NameCachesToken)))
  binder.bind(FiatRatesApi).toDynamicValue(() => new FetchFiatRatesApi(http()))
  // Bound with the account's chunk, read only when a view that shows money opens (see the store).
  binder.bind(DisplayCurrencyStore).toDynamicValue(
    (ctx) =>
      new DisplayCurrencyStore({
        api: ctx.get(FiatRatesApi),
        storage: ctx.get(KeyValueStorage),
        clock: ctx.get(Clock),
        logger: ctx.get(Logger),
        hostDefault: config.displayCurrency,
      }),
  )
}

/** Account, balances, identity, NFTs and networks. */
function bindAccountAndNetworks(binder: Binder, container: Container, config: ResolvedConfig, wings: readonly ChainWing[]): void {
  bindBlockchainService(binder, config)
  // Each configured family reads its own chains, with the reader its wing loads on the first read.
  binder.bind(ChainReader).toResolvedValue(() => new NamespaceChainReader(wings))
  binder
    .bind(NetworksStore)
    .toDynamicValue((ctx) => new NetworksStore(config, ctx.get(ConnectionStore), ctx.get(KeyValueStorage)))
  binder
    .bind(BalanceStore)
    .toDynamicValue(
      (ctx) =>
        new BalanceStore({
          connection: ctx.get(ConnectionStore),
          networks: ctx.get(NetworksStore),
          api: ctx.get(BalancesApi),
          reader: ctx.get(ChainReader),
          snacks: ctx.get(SnackStore),
          scheduler: ctx.get(Scheduler),
          logger: ctx.get(Logger),
        }),
    )
  binder
    .bind(IdentityStore)
    .toDynamicValue(
      (ctx) =>
        new IdentityStore(ctx.get(ConnectionStore), ctx.get(IdentityApi), ctx.get(Logger), {
          storage: ctx.get(KeyValueStorage),
          names: ctx.get(NamesApi),
        }),
    )
  // What the Account view offers: the account's family, the host's features and its name.
  binder
    .bind(AccountActions)
    .toDynamicValue(
      (ctx) =>
        new AccountActions({
          connection: ctx.get(ConnectionStore),
          identity: ctx.get(IdentityStore),
          features: config.features,
          // Read when the account's part loads: the visitor's time zone against the host's list or the spec's.
          regionRestricted: isRestrictedTimeZone(visitorTimeZone(), config.restrictedTimezones ?? RESTRICTED_TIMEZONES),
        }),
    )
  binder
    .bind(NftHoldingsStore)
    .toDynamicValue((ctx) => new NftHoldingsStore(ctx.get(ConnectionStore), ctx.get(ActivityApi), ctx.get(Logger)))
  binder.bind(SwitchNetwork).toDynamicValue(
    (ctx) =>
      new SwitchNetwork({
        networks: ctx.get(NetworksStore),
        connection: ctx.get(ConnectionStore),
        modal: ctx.get(ModalStore),
        families: ctx.get(ChainFamilies),
        logger: ctx.get(Logger),
      }),
  )
  binder
    .bind(UnsupportedChainWatcher)
    .toDynamicValue(
      (ctx) =>
        new UnsupportedChainWatcher({
          connection: ctx.get(ConnectionStore),
          networks: ctx.get(NetworksStore),
          modal: ctx.get(ModalStore),
          options: { allowUnsupportedChain: config.allowUnsupportedChain },
        }),
    )
  binder
    .bind(SwitchAccountType)
    .toDynamicValue((ctx) => new SwitchAccountType(ctx.get(ChainFamilies), ctx.get(ConnectionStore), ctx.get(Logger)))
  // Which of its names the account shows (the Profile and ChooseAccountName views).
  binder.bind(ChooseAccountName).toDynamicValue(
    (ctx) =>
      new ChooseAccountName({
        connection: ctx.get(ConnectionStore),
        names: ctx.get(NamesApi),
        identity: ctx.get(IdentityStore),
        storage: ctx.get(KeyValueStorage),
        logger: ctx.get(Logger),
      }),
  )
  binder
    .bind(ChooseAccount)
    .toDynamicValue(
      (ctx) =>
        new ChooseAccount({
          families: ctx.get(ChainFamilies),
          connection: ctx.get(ConnectionStore),
          storage: ctx.get(KeyValueStorage),
          logger: ctx.get(Logger),
        }),
    )
  // The Account view's Disconnect ends every connected namespace (the host API can end one).
  binder.bind(DisconnectAccount).toDynamicValue((ctx) => disconnectAndClose(ctx.get(DisconnectWallet), ctx.get(ModalStore), ctx.get(ConnectionStore)))
  // Asked for only by the embedded wallet's views, which exist only with it (the core module).
  if (container.isBound(EmbeddedWalletLoader)) {
    binder.bind(EmbeddedSessionToken).toDynamicValue((ctx) => new EmbeddedSession(ctx.get(EmbeddedWalletLoader)))
  }
  binder.bind(UpdateEmail).toDynamicValue((ctx) => new UpdateEmail(ctx.get(EmbeddedWalletLoader), ctx.get(ModalStore), ctx.get(SnackStore)))
}

/** Send, approve and activity. */
function bindSendAndActivity(binder: Binder, container: Container, config: ResolvedConfig, wings: readonly ChainWing[]): void {
  // Each family's capabilities and address rule, from its wing's on-demand part.
  binder.bind(FamilyRules).toDynamicValue((ctx) => new WingFamilyRules(wings, ctx.get(Logger)))
  binder.bind(SendBalanceSource).toDynamicValue((ctx) => balanceSourceFrom(ctx.get(BalanceStore)))
  // The app's gas sponsor (docs/sponsorship.md), for the embedded smart account's sends and swaps.
  binder.bind(PaymasterService).toDynamicValue(() => new FetchPaymasterService(serviceClient(config, config.services.blockchainApi)))
  // Transfers the review found sponsored go to the wallet with the app's paymaster service.
  bindSponsorship(binder, config, (ctx) => new ConnectedWalletTransfers(ctx.get(ChainFamilies), ctx.get(ConnectionStore)))
  binder.bind(TransactionApprovals).toDynamicValue((ctx) => new TransactionApprovals(ctx.get(ModalStore)))
  binder.bind(ActivityStore).toDynamicValue(
    (ctx) =>
      new ActivityStore({
        api: ctx.get(ActivityApi),
        connection: ctx.get(ConnectionStore),
        transfers: ctx.get(TokenTransfers),
        scheduler: ctx.get(Scheduler),
        notifier: ctx.get(SnackStore),
        logger: ctx.get(Logger),
        utcOffsetMinutes: -new Date(ctx.get(Clock).now()).getTimezoneOffset(),
        touched$: ctx.get(BalanceStore).touched$,
      }),
  )
  binder.bind(TransactionsStore).toDynamicValue(
    (ctx) =>
      new TransactionsStore({
        api: ctx.get(ActivityApi),
        balances: ctx.get(BalanceStore),
        connection: ctx.get(ConnectionStore),
        logger: ctx.get(Logger),
        utcOffsetMinutes: -new Date(ctx.get(Clock).now()).getTimezoneOffset(),
      }),
  )
  // One ENS client for the modal's life (its chain client is made at the first lookup).
  const ensNames = ensNamesFor(config)
  binder.bind(SendForm).toDynamicValue(
    (ctx) =>
      new SendForm({
        connection: ctx.get(ConnectionStore),
        balances: ctx.get(SendBalanceSource),
        api: ctx.get(NamesApi),
        ens: ensNames,
        rules: ctx.get(FamilyRules),
        scheduler: ctx.get(Scheduler),
        logger: ctx.get(Logger),
        // Read at each use: a language switched at run time reads the next keystroke its way.
        get locale() {
          return ctx.get(LocaleStore).locale
        },
      }),
  )
  // What the chain would do with a review's transactions, on the network's own RPC (features.preview).
  const previews = config.features.preview !== false
  if (previews) {
    binder.bind(TransactionSimulator).toDynamicValue(() => new NamespaceTransactionSimulator(wings))
    binder.bind(TransactionPreviewToken).toDynamicValue(
      (ctx) =>
        new TransactionPreview({
          simulator: ctx.get(TransactionSimulator),
          network: (chainId) => ctx.get(NetworksStore).snapshot.networks.find((n) => n.caipNetworkId === chainId),
          logger: ctx.get(Logger),
        }),
    )
  }
  binder.bind(ReviewSend).toDynamicValue(
    (ctx) =>
      new ReviewSend({
        ...(previews ? { preview: ctx.get(TransactionPreviewToken), pastReceivers: (account: string) => pastReceivers(ctx.get(ActivityStore).snapshot, account) } : {}),
        ...denyListDeps(config.denyList, ctx.get(Clock), ctx.get(Logger)),
        sponsorship: sponsorshipOfTransfer(ctx),
        form: ctx.get(SendForm),
        balances: ctx.get(SendBalanceSource),
        transfers: ctx.get(TokenTransfers),
        modal: ctx.get(ModalStore),
        logger: ctx.get(Logger),
        nativeCurrencies: Object.fromEntries(
          config.networks.map((n) => [`${n.chainNamespace}:${String(n.id)}`, n.nativeCurrency]),
        ),
      }),
  )
  binder.bind(ConfirmSend).toDynamicValue(
    (ctx) =>
      new ConfirmSend({
        form: ctx.get(SendForm),
        review: ctx.get(ReviewSend),
        balances: ctx.get(SendBalanceSource),
        transfers: ctx.get(TokenTransfers),
        approvals: ctx.get(TransactionApprovals),
        activity: ctx.get(ActivityStore),
        modal: ctx.get(ModalStore),
        connection: ctx.get(ConnectionStore),
        notifier: explorerLinkingNotifier(ctx.get(SnackStore), () => ctx.get(NetworksStore).snapshot.activeNetwork?.blockExplorerUrl),
        clock: ctx.get(Clock),
        logger: ctx.get(Logger),
        analytics: ctx.get(Analytics, { optional: true }),
      }),
  )
}


/**
 * The bindings' chunks of the modules that come after this one (its areas: names, buying crypto,
 * swaps, smart sessions), imported from this chunk: an `import()` in the page's first script
 * carries the list of every chunk its target needs (0.4 KB for these four), from here that list is
 * short and is fetched only when an area opens.
 */
export const names = () => import('./names').then((m) => m.bindNames)
export const onRamp = () => import('./on-ramp').then((m) => m.bindOnRamp)
export const swap = () => import('./swap').then((m) => m.bindSwap)
export const sessions = () => import('./sessions').then((m) => m.bindSessions)

/** The config's deny-list: its addresses, and the files it names read through fetch, each kept by a HostDenyList. */
function denyListDeps(entries: readonly string[] | undefined, clock: Clock, logger: Logger): Pick<ReviewSendDeps, 'denyList' | 'servedDenyList'> {
  if (entries === undefined) return {}
  const { addresses, files } = denyListParts(entries)
  if (files.length === 0) return { denyList: addresses }
  const source = new FetchDenyListSource()
  const lists = files.map((url) => new HostDenyList({ source, url, clock, logger }))
  return { denyList: addresses, servedDenyList: () => Promise.all(lists.map((l) => l.list())).then((all) => all.flat()) }
}
