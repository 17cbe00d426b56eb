import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { AccountType, CaipNetwork, CaipNetworkId, ChainNamespace, Connector } from '../domain/entities'
import type { GasEstimate, ReceiptStatus, SentTransfer, TransferRequest } from './token-transfers'

/** What a wallet answered when asked for accounts in one chain family. */
export interface WalletAccount {
  readonly connectorId: string
  readonly namespace: ChainNamespace
  /** The wallet's addresses, selected first. Never empty. */
  readonly addresses: readonly string[]
  /** CAIP-2 of the wallet's current network, configured or not (`eip155:31337`, `solana:5eykt…`). */
  readonly caipNetworkId: CaipNetworkId
  /** Every network the wallet approved for this session, when it says (WalletConnect does). */
  readonly approvedCaipNetworkIds?: readonly CaipNetworkId[]
  /**
   * The account's type when the wallet knows it (an embedded wallet's smart account), or the
   * family's own when its accounts are not plain ones (bip122: `payment`); absent: `eoa`.
   */
  readonly accountType?: AccountType
  /**
   * The account types the connection can switch between with {@link ChainFamily.switchAccountType}
   * (bip122: `payment` and `ordinal` when the wallet shared both addresses). Absent: no switch.
   */
  readonly accountTypes?: readonly AccountType[]
  /**
   * The accounts the connection can move between with {@link ChainFamily.chooseAddress}, each
   * with the name the wallet gave it (polkadot extensions share several named accounts at once),
   * in the wallet's own order (the one in use is `addresses[0]`), so that a list of them keeps its
   * places when another is chosen. Absent: no choice.
   */
  readonly accounts?: readonly { readonly address: string; readonly name?: string }[]
}

/** Something a connected wallet reported on its own, in one chain family. */
export type WalletEvent =
  | { readonly type: 'accountsChanged'; readonly connectorId: string; readonly addresses: readonly string[] }
  | { readonly type: 'chainChanged'; readonly connectorId: string; readonly caipNetworkId: CaipNetworkId }
  | { readonly type: 'disconnect'; readonly connectorId: string }

/** A step of a network switch, for the SwitchNetwork view ("add" while the wallet learns the network). */
export type SwitchStep = 'switch' | 'add'

/**
 * One chain family ("wing"): eip155, solana, polkadot, bip122 or cosmos. The application speaks to
 * a family only through this contract, keyed by `namespace`; nothing here names a family's
 * provider, RPC method or address format. Each wing maps its wallets' own error codes onto
 * {@link WalletRequestError}'s family-neutral kinds.
 *
 * A wallet offered in several families (an EVM + Solana extension, WalletConnect) is listed by
 * each of them under the SAME connector id; the application joins them into one row.
 */
export interface ChainFamily {
  readonly namespace: ChainNamespace

  /**
   * The family's wallets found so far, one per wallet (connector `chain` is this namespace).
   * Replays the current list to a new subscriber; never errors. Empty until `startDiscovery()`.
   * Names and icons are untrusted wallet metadata.
   */
  readonly connectors$: Observable<readonly Connector[]>
  /** The current list. */
  readonly connectors: readonly Connector[]

  /** Starts looking for wallets (idempotent). MUST be called only in a browser. */
  startDiscovery(): void

  /**
   * Asks the wallet for its accounts (may prompt the person) and starts following its events.
   * @throws WalletRequestError (kind `rejected` when the person declined, `pending` when a request
   * already waits in the wallet), or UnknownConnectorError when no such connector was discovered.
   */
  connect(connectorId: string): Promise<WalletAccount>

  /**
   * Silent reconnect after a reload: never prompts. Resolves null when the wallet is not there or
   * reports no authorised account. Never rejects.
   */
  reconnect(connectorId: string): Promise<WalletAccount | null>

  /** Stops following the wallet and asks it to forget the site where it can. Never rejects. */
  disconnect(connectorId: string): Promise<void>

  /** Events of connected wallets. Never errors. */
  readonly events$: Observable<WalletEvent>

  /**
   * Asks the connected wallet to move to `network` (a configured network of this family), adding it
   * to the wallet first when the wallet does not know it. Resolves once the wallet is there.
   * @throws WalletRequestError (kind `rejected`, `unknownNetwork`, `unsupportedMethod`, `failed`).
   * @throws UnknownConnectorError when the connector has no provider.
   */
  switchNetwork(connectorId: string, network: CaipNetwork, onStep?: (step: SwitchStep) => void): Promise<void>

  /**
   * Asks the wallet to sign `message` (plain text) with `address`; resolves the signature in the
   * family's own encoding (0x-hex for eip155, base58 for solana, ...).
   * @throws WalletRequestError (kind `rejected` when declined).
   */
  signMessage(connectorId: string, address: string, message: string): Promise<string>

  /**
   * Optional capability (families whose wallets share one address per account type: bip122's
   * payment and ordinals). Makes the account of `accountType` the connection's first address,
   * without a prompt, and reports it through `accountsChanged`; resolves the account as it now is.
   * @throws WalletRequestError kind `unsupportedMethod` when the wallet shared no address of that
   * type; UnknownConnectorError when the connector is not connected.
   */
  switchAccountType?(connectorId: string, accountType: AccountType): Promise<WalletAccount>

  /**
   * Optional capability (families whose wallets share several accounts at once: polkadot). Makes
   * `address`, one of {@link WalletAccount.accounts}, the one in use, without a prompt, and reports
   * it through `accountsChanged`; resolves the account as it now is.
   * @throws WalletRequestError when the wallet shared no such account (kind `failed`) or offers no
   * choice (kind `unsupportedMethod`); UnknownConnectorError when the connector is not connected.
   */
  chooseAddress?(connectorId: string, address: string): Promise<WalletAccount>

  /**
   * The network fee a transfer would cost; asks for no signature.
   * @throws GasEstimationError, UnsupportedTransferChainError (a chain outside this family).
   */
  estimateTransfer(connectorId: string, request: TransferRequest): Promise<GasEstimate>

  /**
   * Asks the wallet to send exactly one transfer (native, or a token when `request.token` is set).
   * @throws TransactionRejectedError when declined, TransferFailedError with the wallet's words,
   * UnsupportedTransferChainError before any request for a chain outside this family.
   */
  sendTransfer(connectorId: string, request: TransferRequest): Promise<SentTransfer>

  /** Where a sent transfer stands. MUST NOT throw for a missing receipt; rejects when unreachable. */
  receiptStatus(connectorId: string, chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus>

  /**
   * The connector's provider, opaque to the application: the public API types it per namespace
   * (eip155: an EIP-1193 provider; solana: the Wallet Standard wallet). Undefined when unknown.
   */
  getProvider(connectorId: string): unknown
}

/** The chain families this modal has wings for, keyed by namespace (only configured namespaces). */
export interface ChainFamilies {
  readonly all: readonly ChainFamily[]
  get(namespace: ChainNamespace): ChainFamily | undefined
}
export const ChainFamilies = Symbol('ChainFamilies') as ServiceIdentifier<ChainFamilies>

/**
 * Why a wallet request failed, independent of the family:
 * - `rejected`: the person declined;
 * - `pending`: a request already waits in the wallet;
 * - `unknownNetwork`: the wallet does not know the network;
 * - `unsupportedMethod`: the wallet cannot do this at all;
 * - `failed`: anything else (the message keeps the wallet's words).
 */
export type WalletErrorKind = 'rejected' | 'pending' | 'unknownNetwork' | 'unsupportedMethod' | 'failed'

/** A wallet refused or failed a request. `code` keeps the wallet's own code for diagnostics only. */
export class WalletRequestError extends Error {
  override readonly name = 'WalletRequestError' as const
  constructor(
    readonly kind: WalletErrorKind,
    message: string,
    options?: { cause?: unknown; code?: number | string },
  ) {
    super(message, options)
    this.code = options?.code
  }

  readonly code: number | string | undefined

  /** The person declined. */
  get isUserRejection(): boolean {
    return this.kind === 'rejected'
  }

  /** The wallet already has a request waiting for the person. */
  get isAlreadyPending(): boolean {
    return this.kind === 'pending'
  }
}

export class UnknownConnectorError extends Error {
  override readonly name = 'UnknownConnectorError' as const
  readonly code = 'UNKNOWN_CONNECTOR' as const
  constructor(readonly connectorId: string) {
    super(`No wallet connector "${connectorId}"`)
  }
}
