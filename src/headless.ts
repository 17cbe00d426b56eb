/**
 * `walletgate/headless`: Walletgate's state machine without its views, for a host with its own
 * design system. The stores and commands are the very ones the modal's views use (wallet lists,
 * connect lifecycle, WalletConnect pairing with its expiry, account, networks, send), as RxJS
 * observables and plain methods: no React, no rendering, no presentation module referenced, so
 * a Vue, Svelte or vanilla host bundles none of it. Wallet discovery still listens on `window`.
 *
 *   const core = createWalletgateCore(config)
 *   await core.restored()                       // discovery + silent reconnect
 *   const { wallets, connection } = await core.connectStores()
 *   wallets.state$.subscribe(renderMyList)      // rows in the spec's order
 *   await connection.connect(row.connectorId)   // progress in connection.state$
 */
import { ModuleLoader } from './composition/module-loader'
// Types only: each store's module (its DI token) is imported with the chunk that binds it.
import type { ConnectExternal } from './application/connection/connect-external'
import type { ConnectorsStore } from './application/connection/connectors-store'
import type { AllWalletsStore } from './application/connection/all-wallets-store'
import type { WalletConnectQr } from './application/connection/walletconnect-qr'
import type { BalanceStore } from './application/account/balance-store'
import type { NetworksStore } from './application/networks/networks-store'
import type { SendForm } from './application/send/send-form'
import type { ReviewSend } from './application/send/review-send'
import type { ConfirmSend } from './application/send/confirm-send'
import type { ActivityStore } from './application/activity/activity-store'
import type { WalletModalConfig } from './domain/config'
import { createModalCore, type CreateWalletModalOptions, type WalletModal } from './wallet-modal'

export { walletConnectDeepLink } from './domain/connection/wallet-deep-link'
export type { ConnectViewModel, ConnectorGroup } from './application/connection/connectors-store'
export type { ConnectRow, WalletConnectWallet } from './application/connection/connect-rows'
export type { ConnectExternalState } from './application/connection/connect-external'
export type { AllWalletsState } from './application/connection/all-wallets-store'
export type { WalletConnectQrState } from './application/connection/walletconnect-qr'
export type { WalletModalConfig } from './domain/config'
export type { WalletModalState, NamespaceConnectionState, WalletModalSiwx } from './wallet-modal'

/** The connect part: the wallet list and the connect lifecycle. */
export interface HeadlessConnect {
  /**
   * The Connect view's model: connect methods and wallet rows (WalletConnect, recent, installed,
   * featured, custom, recommended) in the spec's order, honouring the host's featured, included
   * and excluded ids. `load()` fetches the catalogue's featured and recommended wallets.
   */
  readonly wallets: Pick<ConnectorsStore, 'state$' | 'snapshot' | 'load'>
  /**
   * Connecting a listed browser wallet: `connect(connectorId)`, `retry()`, `cancel()`, and the
   * attempt's progress in `state$` (connecting, declined with the wallet's words, pending in the
   * wallet, connected).
   */
  readonly connection: Pick<ConnectExternal, 'state$' | 'snapshot' | 'connect' | 'retry' | 'cancel'>
}

/** The catalogue and WalletConnect: a chunk of their own, loaded on the first call. */
export interface HeadlessWalletLists {
  /** The whole wallet catalogue: `start()`, `setQuery(text)` (debounced search), `loadMore()` (paging), `state$`. */
  readonly catalogue: Pick<AllWalletsStore, 'state$' | 'snapshot' | 'start' | 'setQuery' | 'loadMore' | 'retry' | 'walletImageUrl'>
  /**
   * WalletConnect: `connect()` starts a pairing; `state$` gives its URI for a QR code and the
   * seconds left before a fresh one replaces it; `chooseWallet(wallet)` and `walletLink` / `openWallet()`
   * hand the pairing to a phone wallet by its deep link; `cancel()` ends the attempt.
   */
  readonly walletConnect: Pick<
    WalletConnectQr,
    'state$' | 'wallet$' | 'handOver$' | 'connect' | 'chooseWallet' | 'walletLink' | 'openWallet' | 'cancel' | 'opensDeepLinks'
  >
}

/** What a connected visitor sees and does: balances, networks, activity, send. */
export interface HeadlessAccount {
  readonly balances: BalanceStore
  readonly networks: NetworksStore
  readonly activity: ActivityStore
  /** The send flow in three steps: the form (typed values, rules), the review (fee, warnings), the confirmation (the wallet's answer). */
  readonly send: { readonly form: SendForm; readonly review: ReviewSend; readonly confirm: ConfirmSend }
}

/** Walletgate without views: the modal's state and commands, and its stores on demand. */
export interface WalletgateCore
  extends Pick<WalletModal, 'state$' | 'getState' | 'subscribe' | 'disconnect' | 'switchNetwork' | 'getProvider' | 'restored' | 'destroy' | 'siwx'> {
  /** The wallet list and connect commands (loads their chunk once). */
  connectStores(): Promise<HeadlessConnect>
  /** The catalogue and WalletConnect (loads their chunk once). */
  walletListStores(): Promise<HeadlessWalletLists>
  /** Account, networks, activity and send (loads their chunk once; rejects when it cannot be fetched). */
  accountStores(): Promise<HeadlessAccount>
}

/**
 * Creates the core of one Walletgate instance. Validates the configuration like
 * `createWalletModal` (throws `InvalidConfigError`); touches no `window` until a method is called.
 */
export function createWalletgateCore(config: WalletModalConfig, options: CreateWalletModalOptions = {}): WalletgateCore {
  const { modal, container } = createModalCore(config, options, undefined)
  const loader = () => container.get(ModuleLoader)
  return {
    get state$() {
      return modal.state$
    },
    getState: () => modal.getState(),
    subscribe: (listener) => modal.subscribe(listener),
    disconnect: (options) => modal.disconnect(options),
    switchNetwork: (caipNetworkId) => modal.switchNetwork(caipNetworkId),
    getProvider: (namespace) => modal.getProvider(namespace),
    restored: () => modal.restored(),
    destroy: () => modal.destroy(),
    siwx: modal.siwx,
    async connectStores() {
      void modal.restored()
      const [connection, { ConnectorsStore }] = await Promise.all([loader().load('connectFlow'), import('./application/connection/connectors-store')])
      return { wallets: container.get(ConnectorsStore), connection }
    },
    async walletListStores() {
      void modal.restored()
      const [walletConnect, { AllWalletsStore }] = await Promise.all([loader().load('walletConnect'), import('./application/connection/all-wallets-store')])
      return { catalogue: container.get(AllWalletsStore), walletConnect }
    },
    async accountStores() {
      void modal.restored()
      const [, balance, networks, activity, form, review, confirm] = await Promise.all([
        loader().load('account'),
        import('./application/account/balance-store'),
        import('./application/networks/networks-store'),
        import('./application/activity/activity-store'),
        import('./application/send/send-form'),
        import('./application/send/review-send'),
        import('./application/send/confirm-send'),
      ])
      return {
        balances: container.get(balance.BalanceStore),
        networks: container.get(networks.NetworksStore),
        activity: container.get(activity.ActivityStore),
        send: { form: container.get(form.SendForm), review: container.get(review.ReviewSend), confirm: container.get(confirm.ConfirmSend) },
      }
    },
  }
}
