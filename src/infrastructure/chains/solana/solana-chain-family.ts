/**
 * The solana wing's family, on the shared page-side shell (on-demand-chain-family.ts). Only Wallet
 * Standard discovery loads with the page (the wing's `watch`: the wallets that registered, later
 * ones and removals; see `solanaConnectors` for which are listed). Everything else loads on a
 * Solana path: connecting, events, the network the site uses with each wallet and signing
 * (wallet-standard-session.ts, with the first request), and transfers (send/web3-solana-transfers.ts,
 * with @solana/web3.js and spl-token). What this class adds to the shell is WalletConnect's row.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { CaipNetwork, Connector } from '../../../domain/entities'
import type { Logger } from '../../../ports/logger'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import { OnDemandChainFamily } from '../on-demand-chain-family'
import type { FamilySession } from '../wing'
import type { WalletRegistry } from './wallet-standard'
import type { SolanaTransfersFactory } from './wallet-standard-session'
import { solanaShell } from './solana-shell'

export type { WalletRegistry } from './wallet-standard'

export class SolanaChainFamily extends OnDemandChainFamily {
  private walletConnectWallet: WalletStandardWallet | undefined
  private walletConnectLoading: Promise<WalletStandardWallet> | undefined

  /**
   * @param networks the configured Solana networks, the host's default first when it is one.
   * @param registry the Wallet Standard registry; by default the page's, imported when discovery
   *   starts (`@wallet-standard/app` stays out of the page's first scripts).
   * @param transfers transfers over a connector's wallet; web3.js by default, loaded with the first transfer.
   * @param walletConnect the WalletConnect session's solana namespace as a Wallet Standard wallet,
   *   loaded on the first use (listed as the WalletConnect connector when given).
   */
  constructor(
    networks: readonly CaipNetwork[],
    logger: Logger,
    registry?: () => WalletRegistry,
    transfers?: SolanaTransfersFactory,
    private readonly walletConnect?: () => Promise<WalletStandardWallet>,
  ) {
    super(solanaShell, networks, logger, { registry, transfers })
  }

  /** The discovered wallets, then WalletConnect when the modal offers it (one row with the EVM side's). */
  protected override publish(wallets: readonly Connector[]): void {
    super.publish(this.walletConnect === undefined ? wallets : [...wallets, WALLETCONNECT_SOLANA_CONNECTOR])
  }

  override startDiscovery(): void {
    if (this.connectors.length === 0) this.publish([])
    super.startDiscovery()
  }

  override getProvider(connectorId: string): unknown {
    if (connectorId === WALLETCONNECT_CONNECTOR_ID && this.walletConnect !== undefined) return this.walletConnectWallet
    return super.getProvider(connectorId)
  }

  /** @internal One request through the rest of the wing, WalletConnect's wallet loaded first when it is the connector. */
  override call(method: keyof FamilySession, args: unknown[]): Promise<never> {
    if (args[0] !== WALLETCONNECT_CONNECTOR_ID || this.walletConnect === undefined) return super.call(method, args)
    this.walletConnectLoading ??= this.walletConnect().then((wallet) => (this.walletConnectWallet = wallet))
    this.walletConnectLoading.catch(() => (this.walletConnectLoading = undefined))
    return this.walletConnectLoading.then(() => super.call(method, args))
  }
}

/** WalletConnect's row on the Solana side; the directory joins it with the EVM side's into one row. */
const WALLETCONNECT_SOLANA_CONNECTOR: Connector = {
  id: WALLETCONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'EXTERNAL',
  chain: 'solana',
}
