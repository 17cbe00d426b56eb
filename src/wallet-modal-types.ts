import type { Observable } from 'rxjs'
import type { Container } from 'inversify'
import type { AccountType, ChainNamespace, SiwxSession, ThemeMode } from './domain/entities'
import type { ViewName } from './domain/navigation/views'
import type { ThemeVariablesConfig } from './domain/config'
import type { AlertDescriptor } from './domain/messages'
import type { ConnectionState } from './application/connection-store'
import type { ProviderOf } from './domain/chains/wallet-providers'
import type { ContainerOverrides, ChainWing } from './composition/container'
import type { SiwxState } from './application/siwx/siwx-state'
import type { SiwxSessionFilter } from './domain/siwx/siwx-storage'
import type { GrantedPermissions, PermissionsRequest } from './domain/sessions/smart-sessions'

// The modal's public contract: what a host reads, calls and passes (src/index.ts exports it
// through ./wallet-modal, which implements it).

/** What a host reads about the modal at any moment. */
export interface WalletModalState {
  readonly open: boolean
  readonly view: ViewName
  readonly status: ConnectionState['status']
  /** CAIP-10 of the connected account, e.g. `eip155:31337:0xabc…`. */
  readonly caipAddress: string | undefined
  readonly address: string | undefined
  /** The connected account's name under the provider's name service (e.g. `alice.wg.id`), once known. */
  readonly profileName: string | undefined
  /** CAIP-2 of the wallet's current network. */
  readonly caipNetworkId: string | undefined
  /** That network's name in the configuration; undefined when the wallet is on a network the host did not configure. */
  readonly networkName: string | undefined
  /** The configured network's `imageUrl`, if it has one. */
  readonly networkImageUrl: string | undefined
  /** The connected account's native balance (3 decimals, cut toward zero: `"1.234"`), once read. */
  readonly balance: string | undefined
  /** The symbol of `balance` (`ETH`). */
  readonly balanceSymbol: string | undefined
  /**
   * True while a returning visitor's last wallets are being reconnected silently after a load (a
   * button shows a pending state, not "Connect Wallet", until this settles).
   */
  readonly restoring: boolean
  /** The language the modal speaks (a BCP 47 tag: the host's `locale`, else the browser's). */
  readonly locale: string
  readonly themeMode: ThemeMode
  /** The configuration's `themeVariables` (the page's buttons apply them as the modal does). */
  readonly themeVariables: ThemeVariablesConfig
  /** The alert shown above the views (spec section 8), if any. */
  readonly alert: AlertDescriptor | null
  /**
   * Every connected chain family, keyed by namespace (the fields above describe the active one).
   * The same object while no namespace's connection changed.
   */
  readonly namespaces: Readonly<Partial<Record<ChainNamespace, NamespaceConnectionState>>>
  /** Sign-in of the active namespace's account ('disabled' when the host configured no `siwx`). */
  readonly siwx: SiwxState
}

/** Sign in with the wallet (config `siwx`). Each call rejects with "SIWX is not enabled" without it. */
export interface WalletModalSiwx {
  /** The sessions in force, of one network and/or address when given. */
  getSessions(filter?: SiwxSessionFilter): Promise<SiwxSession[]>
  /**
   * Asks the connected wallet to sign the sign-in message; resolves the stored session. Rejects with
   * the wallet's refusal or a failed check (the modal also shows the spec's message), or
   * "No ActiveCaipAddress found" when no wallet is connected.
   */
  signIn(): Promise<SiwxSession>
  /** Forgets the connected account's sessions (and, when sign-in is required, disconnects it). */
  signOut(): Promise<void>
}

/** One connected chain family's account, in `WalletModalState.namespaces`. */
export interface NamespaceConnectionState {
  readonly status: 'connected'
  readonly address: string
  /** CAIP-10, e.g. `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P…`. */
  readonly caipAddress: string
  /** CAIP-2 of the wallet's current network in this family. */
  readonly caipNetworkId: string
  readonly connectorId: string
  /** eoa, smartAccount, payment, ... */
  readonly accountType: AccountType
}

export interface OpenOptions {
  /** Open on this view instead of the default (Account when connected, else Connect). */
  readonly view?: ViewName
  /**
   * List and connect only wallets of this chain family. A namespace with no configured network is
   * ignored (with a warning) and the whole list shows.
   */
  readonly namespace?: ChainNamespace
}

export interface DisconnectOptions {
  /** End only this chain family's connection (and those sharing its WalletConnect or email/social session). */
  readonly namespace?: ChainNamespace
}

export interface WalletModal {
  /**
   * Opens the requested view, else Account when connected, else Connect. Never rejects: when the
   * modal's code cannot be fetched it logs a warning and stays closed; the next call tries again.
   */
  open(options?: OpenOptions): Promise<void>
  close(): void
  readonly state$: Observable<WalletModalState>
  getState(): WalletModalState
  /** Calls the listener with every new state; returns the unsubscribe function. */
  subscribe(listener: (state: WalletModalState) => void): () => void
  /** Ends every connected chain family's connection, or one family's with `{ namespace }`. */
  disconnect(options?: DisconnectOptions): Promise<void>
  /**
   * Asks the wallet to move to a configured network, by CAIP-2 id (`eip155:31338`). A network of
   * another connected family makes that family the active one. Calls run one at a time and the
   * last one wins: an earlier call that a later one replaced rejects with
   * `SwitchNetworkSupersededError` (`kind: 'superseded'`); resolving means the wallet is there.
   */
  switchNetwork(caipNetworkId: string): Promise<void>
  /**
   * The provider of the wallet connected in a chain family, typed per namespace: eip155 an EIP-1193
   * provider (viem's `custom()`, wagmi), solana the Wallet Standard wallet. Undefined when that
   * family has no connected wallet.
   */
  getProvider<N extends ChainNamespace>(namespace: N): Promise<ProviderOf<N> | undefined>
  setThemeMode(mode: ThemeMode): void
  /**
   * Switches the modal's language (a BCP 47 tag, `ar`, `pt-BR`): an open modal re-renders in it,
   * keeping what the visitor typed. With `messages`, also replaces the per-string overrides.
   */
  setLocale(locale: string, messages?: Readonly<Record<string, string>>): void
  /**
   * Starts the wallet session (discovery, silent reconnect) and renders the modal: inline into
   * `element` at once (embedded mode), or as an overlay prepared when the page is idle.
   */
  mount(element?: HTMLElement): Promise<void>
  /** Fetches what the next `open()` shows (e.g. when the pointer nears a connect button). */
  preload(): Promise<void>
  /**
   * Starts the wallet session as `mount()` does (discovery, silent reconnect of the last wallets)
   * without rendering anything, and resolves once that reconnect has settled: true when a wallet
   * was restored. A host waits on it before it shows "Connect Wallet" to a returning visitor (the
   * wagmi connector does). Never rejects.
   */
  restored(): Promise<boolean>
  /** Unmounts and releases everything this modal holds. */
  destroy(): void
  readonly siwx: WalletModalSiwx
  /**
   * Smart sessions (config `features.smartSessions`): asks the connected smart account for a session
   * key (ERC-7715 `wallet_grantPermissions`, the request as viem's `grantPermissions` sends it); the
   * visitor confirms in the wallet, and the wallet's answer (with its permissions `context`)
   * resolves. Rejects "Smart sessions are not enabled" when the feature is off, "No ActiveCaipAddress
   * found" with no EVM account, SmartSessionsUnsupportedError when the account is not a smart account
   * or its wallet cannot grant permissions, or the wallet's refusal.
   */
  grantPermissions(request: PermissionsRequest): Promise<GrantedPermissions>
}

export interface CreateWalletModalOptions {
  /** Swap bindings (tests, advanced hosts). */
  readonly overrides?: ContainerOverrides
  /**
   * The chain families beyond EVM (always included) that the host's networks use, each from its
   * entry point: `import { solana } from 'walletgate/solana'` (also `walletgate/bitcoin`,
   * `walletgate/polkadot`, `walletgate/cosmos`). A network of a family not passed here is an
   * `InvalidConfigError` naming the import to add; a family not imported is never bundled.
   */
  readonly families?: readonly ChainWing[]
}

/** Draws the modal: the presentation layer, loaded on demand. */
export interface ModalRenderer {
  /** Puts the modal's styles in place before its first render. */
  prepareStyles(): void
  /** Renders into `element`, or as an overlay; returns the unmount. */
  mountModal(container: Container, element?: HTMLElement): () => void
  /** Whether this build draws the view of that name. */
  hasView(name: string): boolean
}
