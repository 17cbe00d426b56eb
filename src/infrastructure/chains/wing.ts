/**
 * A chain family ("wing") as the composition root sees it: a small descriptor that loads with the
 * page (its namespace and its page-side {@link ChainFamily}: discovery, with the session behind it
 * loading on the family's path) and one lazy chunk of the rest (`parts`: the family's capabilities
 * and address rule, the balance reader, the sign-in messenger, what WalletConnect asks wallets of
 * the family for). Each family's descriptor
 * is `src/infrastructure/chains/<namespace>/wing.ts`, reached by a host through the family's entry
 * point (`walletgate/solana`, ...); EVM's is the modal's default.
 */
import type { Eip1193Provider, WalletStandardWallet } from '../../domain/chains/wallet-providers'
import type { AddressRule, NamespaceCapability } from '../../domain/chains/family-rules'
import type { AccountType, CaipNetwork, ChainNamespace } from '../../domain/entities'
import type { ChainFamily, WalletAccount, WalletEvent } from '../../ports/chain-family'
import type { ChainReader } from '../../ports/chain-reader'
import type { TransactionSimulator } from '../../ports/transaction-simulator'
import type { Logger } from '../../ports/logger'
import type { SiwxFamilyMessenger } from '../../ports/siwx'
import type { WalletConnectAsk } from '../wallets/walletconnect/namespaces'
import type { WalletConnectConnectors } from '../wallets/walletconnect/walletconnect-connectors'
import type { ConnectorSource } from './connector-source'
import type { WalletRegistry } from './solana/wallet-standard'
import type { SolanaTransfersFactory } from './solana/wallet-standard-session'

/** What the composition root hands a wing when it builds the family's page-side part. */
export interface WingContext {
  /** The family's configured networks, the host's default first when it is one of them. */
  readonly networks: readonly CaipNetwork[]
  readonly logger: Logger
  /** The host's app name (`metadata.name`), which some wallets show when they ask to allow the site. */
  readonly appName: string | undefined
  /** False: WalletConnect only (spec section 2, "no adapters"). */
  readonly browserWallets: boolean
  /** WalletConnect's connectors, one session for every family; absent when the host turned it off. */
  readonly walletConnect: (() => WalletConnectConnectors) | undefined
  /** The embedded wallet's connector (email login), when the modal offers it. */
  readonly embedded: ConnectorSource<Eip1193Provider> | undefined
  /**
   * The embedded wallet's Solana account as a Wallet Standard wallet for these networks (CAIP-2
   * ids), loaded on first use; absent when the modal offers no embedded wallet.
   */
  readonly embeddedSolana: ((chains: readonly string[]) => Promise<WalletStandardWallet>) | undefined
}

/** What a family's session answers (the families on the shared page-side shell): every request but discovery. */
export type FamilySession = Pick<
  ChainFamily,
  'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'signMessage' | 'estimateTransfer' | 'sendTransfer' | 'receiptStatus'
> & {
  switchAccountType(connectorId: string, accountType: AccountType): Promise<WalletAccount>
  chooseAddress(connectorId: string, address: string): Promise<WalletAccount>
}

/** What a host or a test may set for a family on the shared shell (the page by default). */
export interface FamilyOptions {
  /** Where the wallets' globals are; by default `window`, then read again while the page loads. */
  readonly root?: () => object
  /** bip122, solana: the Wallet Standard registry; by default the page's. */
  readonly registry?: () => WalletRegistry
  /** polkadot: the name the extension shows when it asks the person to allow the site. */
  readonly appName?: string
  /** cosmos: where the wallets fire their key-change event; by default `window`. */
  readonly keystore?: EventTarget
  /** solana: transfers over a connector's wallet; web3.js by default, loaded with the first transfer. */
  readonly transfers?: SolanaTransfersFactory
}

/** What a session is created with: the connectors' wallet objects, the family's networks, where its events go. */
export interface FamilySessionContext {
  readonly providers: (connectorId: string) => unknown
  readonly networks: readonly CaipNetwork[]
  readonly events: { next(event: WalletEvent): void }
  readonly logger: Logger
  readonly options: FamilyOptions
}

/**
 * The part of a wing that loads on demand, one chunk per family. What only on-demand features read
 * (capabilities, the address rule) is declared here, not in the descriptor: the descriptor is in
 * the page's first script.
 */
export interface WingParts {
  /** What the family can do (send, activity, ...), for the features that load after a connect. */
  readonly capabilities: readonly NamespaceCapability[]
  /**
   * Which text is one of the family's addresses, and on which of its networks (the domain's
   * per-family rule), loaded with the first feature that asks: a static import here would add the
   * rule's chunks to the preload list that the descriptor's `import()` carries in the first script.
   */
  readonly address: () => Promise<AddressRule>
  /** Reads balances on the family's networks; absent: the family has no balances. */
  readonly reader?: () => ChainReader
  /** Runs a review's transactions without sending them (its SDK a chunk of its own); absent: no previews. */
  readonly simulator?: () => Promise<TransactionSimulator>
  /** The family's sign-in message format and verifier, loaded when an account of it signs in. */
  readonly messenger: (networks: readonly CaipNetwork[]) => Promise<SiwxFamilyMessenger>
  /** What the modal asks a WalletConnect wallet for in this family; absent: no WalletConnect accounts. */
  readonly walletConnect?: WalletConnectAsk
  /** The family's session, with its SDK a chunk of its own (the families on the shared page-side shell). */
  readonly session?: (context: FamilySessionContext) => Promise<FamilySession>
}

export interface ChainWing {
  readonly namespace: ChainNamespace
  /** The family's page-side part (MUST load no SDK: discovery, and a session loaded on demand). */
  family(context: WingContext): ChainFamily
  /** The rest of the wing, a chunk of its own. */
  parts(): Promise<WingParts>
}
