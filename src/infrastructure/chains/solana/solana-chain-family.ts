/**
 * The solana wing's family, on the shared page-side shell (on-demand-chain-family.ts). Only Wallet
 * Standard discovery loads with the page (the wing's `watch`: the wallets that registered, later
 * ones and removals; see `solanaConnectors` for which are listed). Everything else loads on a
 * Solana path: connecting, events, the network the site uses with each wallet and signing
 * (wallet-standard-session.ts, with the first request), and transfers (send/web3-solana-transfers.ts,
 * with @solana/web3.js and spl-token). What this class adds to the shell is WalletConnect's row and
 * the embedded wallet's (AUTH).
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { CaipNetwork, Connector } from '../../../domain/entities'
import type { Logger } from '../../../ports/logger'
import { AUTH_CONNECTOR, WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import { OnDemandChainFamily } from '../on-demand-chain-family'
import type { FamilySession } from '../wing'
import type { WalletRegistry } from './wallet-standard'
import type { SolanaTransfersFactory } from './wallet-standard-session'
import { solanaShell } from './solana-shell'

export type { WalletRegistry } from './wallet-standard'

/** A wallet the wing lists beside the discovered ones, loaded with its first use (WalletConnect, the embedded wallet). */
interface ExtraWallet {
  readonly connector: Connector
  readonly load: () => Promise<WalletStandardWallet>
  wallet?: WalletStandardWallet
  loading?: Promise<WalletStandardWallet>
}

export class SolanaChainFamily extends OnDemandChainFamily {
  private readonly extras: readonly ExtraWallet[]

  /**
   * @param networks the configured Solana networks, the host's default first when it is one.
   * @param registry the Wallet Standard registry; by default the page's, imported when discovery
   *   starts (`@wallet-standard/app` stays out of the page's first scripts).
   * @param transfers transfers over a connector's wallet; web3.js by default, loaded with the first transfer.
   * @param walletConnect the WalletConnect session's solana namespace as a Wallet Standard wallet,
   *   loaded on the first use (listed as the WalletConnect connector when given).
   * @param embedded the embedded wallet's Solana account as a Wallet Standard wallet, loaded on the
   *   first use (listed as the AUTH connector when given: email and social login).
   */
  constructor(
    networks: readonly CaipNetwork[],
    logger: Logger,
    registry?: () => WalletRegistry,
    transfers?: SolanaTransfersFactory,
    walletConnect?: () => Promise<WalletStandardWallet>,
    embedded?: () => Promise<WalletStandardWallet>,
  ) {
    super(solanaShell, networks, logger, { registry, transfers })
    this.extras = [
      ...(walletConnect === undefined ? [] : [{ connector: WALLETCONNECT_SOLANA_CONNECTOR, load: walletConnect }]),
      ...(embedded === undefined ? [] : [{ connector: AUTH_SOLANA_CONNECTOR, load: embedded }]),
    ]
  }

  /** The discovered wallets, then WalletConnect (one row with the EVM side's) and the embedded wallet when the modal offers them. */
  protected override publish(wallets: readonly Connector[]): void {
    super.publish([...wallets, ...this.extras.map((extra) => extra.connector)])
  }

  override startDiscovery(): void {
    if (this.connectors.length === 0) this.publish([])
    super.startDiscovery()
  }

  override getProvider(connectorId: string): unknown {
    const extra = this.extras.find((e) => e.connector.id === connectorId)
    return extra === undefined ? super.getProvider(connectorId) : extra.wallet
  }

  /** @internal One request through the rest of the wing, the extra wallet loaded first when it is the connector. */
  override call(method: keyof FamilySession, args: unknown[]): Promise<never> {
    const extra = this.extras.find((e) => e.connector.id === args[0])
    if (extra === undefined) return super.call(method, args)
    const loading = (extra.loading ??= extra.load().then((wallet) => (extra.wallet = wallet)))
    loading.catch(() => (extra.loading = undefined))
    return loading.then(() => super.call(method, args))
  }
}

/** WalletConnect's row on the Solana side; the directory joins it with the EVM side's into one row. */
const WALLETCONNECT_SOLANA_CONNECTOR: Connector = {
  id: WALLETCONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'EXTERNAL',
  chain: 'solana',
}

/** The embedded wallet's row on the Solana side; the directory joins it with the EVM side's (still AUTH: the email field, not a row). */
const AUTH_SOLANA_CONNECTOR: Connector = { ...AUTH_CONNECTOR, chain: 'solana' }
