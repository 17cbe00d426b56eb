import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { CaipNetworkId, ChainNamespace, Connector } from '../domain/entities'

/**
 * An EIP-1193 provider (what viem's `custom()` transport and wagmi accept). `request` rejects with
 * an object carrying a numeric `code` (4001 user rejected, 4902 unknown chain, -32002 request
 * already pending, ...).
 */
export interface Eip1193Provider {
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

/** What a wallet answered when asked for accounts. */
export interface WalletAccount {
  readonly connectorId: string
  readonly namespace: ChainNamespace
  /** The wallet's addresses, selected first. Never empty. */
  readonly addresses: readonly string[]
  /** CAIP-2 of the wallet's current network, configured or not (`eip155:31337`). */
  readonly caipNetworkId: CaipNetworkId
}

/** Something a connected wallet reported on its own. */
export type WalletEvent =
  | { readonly type: 'accountsChanged'; readonly connectorId: string; readonly addresses: readonly string[] }
  | { readonly type: 'chainChanged'; readonly connectorId: string; readonly caipNetworkId: CaipNetworkId }
  | { readonly type: 'disconnect'; readonly connectorId: string }

/**
 * Browser wallets of one chain family (eip155: EIP-6963 announcements plus the legacy
 * `window.ethereum`). Connectors are the domain's {@link Connector}: `id` is the rdns for an
 * announced wallet, `type` is ANNOUNCED or INJECTED, `imageUrl` is the wallet's own icon string,
 * UNTRUSTED (views must only ever put it in an `<img src>` after a scheme check), `name` is
 * untrusted text.
 */
export interface WalletConnectors {
  readonly namespace: ChainNamespace

  /**
   * The wallets found so far, one per wallet (announced wallets deduped by rdns; the legacy
   * provider dropped when it is the same object as an announced one). Replays the current list to
   * a new subscriber; never errors. Empty until `startDiscovery()`.
   */
  readonly connectors$: Observable<readonly Connector[]>
  /** The current list. */
  readonly connectors: readonly Connector[]

  /**
   * Starts listening for wallets (idempotent). MUST be called only in a browser; touches `window`.
   */
  startDiscovery(): void

  /**
   * Asks the wallet for its accounts (eip155: `eth_requestAccounts`, then `eth_chainId`) and starts
   * following its events.
   * @throws WalletRequestError carrying the wallet's code (4001 rejected, -32002 already pending),
   * or UnknownConnectorError when no such connector was discovered.
   */
  connect(connectorId: string): Promise<WalletAccount>

  /**
   * Silent reconnect after a reload (eip155: `eth_accounts`, no prompt). Resolves null when the
   * wallet is not there or reports no authorised account. Never prompts the person.
   */
  reconnect(connectorId: string): Promise<WalletAccount | null>

  /** Stops following the wallet's events (injected wallets cannot be told to forget the site). Never rejects. */
  disconnect(connectorId: string): Promise<void>

  /** Events of connected wallets (accountsChanged, chainChanged, disconnect). Never errors. */
  readonly events$: Observable<WalletEvent>

  /** The provider of a discovered connector (EIP-1193 for eip155), or undefined. */
  getProvider(connectorId: string): Eip1193Provider | undefined
}
export const WalletConnectors = Symbol('WalletConnectors') as ServiceIdentifier<WalletConnectors>

/** A wallet refused or failed a request; `code` is the wallet's own (EIP-1193 / JSON-RPC). */
export class WalletRequestError extends Error {
  override readonly name = 'WalletRequestError' as const
  constructor(
    readonly code: number | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }

  /** The person declined (4001). */
  get isUserRejection(): boolean {
    return this.code === 4001
  }

  /** The wallet already has a request waiting for the person (-32002). */
  get isAlreadyPending(): boolean {
    return this.code === -32002
  }
}

export class UnknownConnectorError extends Error {
  override readonly name = 'UnknownConnectorError' as const
  constructor(readonly connectorId: string) {
    super(`No wallet connector "${connectorId}"`)
  }
}

export { WALLETCONNECT_CONNECTOR_ID } from '../domain/constants'

/** A WalletConnect pairing URI and when it expires (epoch ms). */
export interface WalletConnectPairingInfo {
  readonly uri: string
  readonly expiresAtMs: number
}

/**
 * The QR side of a WalletConnect connect: the pairing of the attempt that
 * `WalletConnectors.connect(WALLETCONNECT_CONNECTOR_ID)` started. The pairing is replaced by a
 * fresh one before it expires; null when no attempt is waiting for the wallet.
 */
export interface WalletConnectPairings {
  /** Replays the current pairing (or null); never errors. */
  readonly pairing$: Observable<WalletConnectPairingInfo | null>
  /** The current pairing, synchronously (a tap must open the wallet's link without waiting). */
  readonly pairing: WalletConnectPairingInfo | null
  /** Loads WalletConnect and opens the relay link ahead of a connect (never rejects). */
  preconnect(): Promise<void>
  /** Stops the attempt waiting for the wallet (the person walked away); its connect rejects. */
  cancel(): void
  /**
   * Closes the relay link (the modal is destroyed): no WebSocket stays open. A session stays
   * persisted for the next page load. Waits for a WalletConnect still loading. Never rejects.
   */
  close(): Promise<void>
}
export const WalletConnectPairings = Symbol('WalletConnectPairings') as ServiceIdentifier<WalletConnectPairings>
