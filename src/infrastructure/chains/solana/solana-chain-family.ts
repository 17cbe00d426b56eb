/**
 * The solana wing: its wallet sources (Wallet Standard browser wallets) joined into one chain
 * family, and what the family does over a connected Wallet Standard wallet: pick the network
 * (wallets have no switch request), sign a message (`solana:signMessage`) and transfers (built with
 * @solana/web3.js and @solana/spl-token, loaded with the first transfer).
 */
import { combineLatest, map, merge, type Observable } from 'rxjs'
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { CaipNetwork, CaipNetworkId, Connector } from '../../../domain/entities'
import {
  UnknownConnectorError,
  WalletRequestError,
  type ChainFamily,
  type SwitchStep,
  type WalletAccount,
  type WalletEvent,
} from '../../../ports/chain-family'
import type { GasEstimate, ReceiptStatus, SentTransfer, TokenTransfers, TransferRequest } from '../../../ports/token-transfers'
import { toSolanaWalletError } from './solana-errors'
import type { SolanaConnectorSource } from './wallet-standard-solana-wallets'
import { SOLANA_SIGN_MESSAGE, feature, type SignMessageFeature } from './wallet-standard'

/** Creates the transfer adapter for a connector's wallet (web3.js, a dynamic import by default). */
export type SolanaTransfersFactory = (
  wallet: () => WalletStandardWallet | undefined,
  network: (chainId: CaipNetworkId) => CaipNetwork | undefined,
) => Promise<TokenTransfers>

const web3Transfers: SolanaTransfersFactory = (wallet, network) =>
  import('./send/web3-solana-transfers').then(({ Web3SolanaTransfers }) => new Web3SolanaTransfers({ wallet, network }))

export class SolanaChainFamily implements ChainFamily {
  readonly namespace = 'solana' as const
  readonly connectors$: Observable<readonly Connector[]>
  readonly events$: Observable<WalletEvent>
  private lastLists: readonly (readonly Connector[])[] = []
  private lastJoined: readonly Connector[] = []
  private readonly transferAdapters = new Map<string, Promise<TokenTransfers>>()

  /** @param networks the configured Solana networks. */
  constructor(
    private readonly sources: readonly [SolanaConnectorSource, ...SolanaConnectorSource[]],
    private readonly networks: readonly CaipNetwork[],
    private readonly transfers: SolanaTransfersFactory = web3Transfers,
  ) {
    this.connectors$ = combineLatest(sources.map((s) => s.connectors$)).pipe(map((lists) => this.joined(lists)))
    this.events$ = merge(...sources.map((s) => s.events$))
  }

  get connectors(): readonly Connector[] {
    return this.joined(this.sources.map((s) => s.connectors))
  }

  private joined(lists: readonly (readonly Connector[])[]): readonly Connector[] {
    const same = lists.length === this.lastLists.length && lists.every((list, i) => list === this.lastLists[i])
    if (!same) {
      this.lastLists = lists
      this.lastJoined = lists.flat()
    }
    return this.lastJoined
  }

  private sourceFor(connectorId: string): SolanaConnectorSource {
    return this.sources.find((s) => s.connectors.some((c) => c.id === connectorId)) ?? this.sources[0]
  }

  startDiscovery(): void {
    for (const source of this.sources) source.startDiscovery()
  }

  connect(connectorId: string): Promise<WalletAccount> {
    return this.sourceFor(connectorId).connect(connectorId)
  }

  reconnect(connectorId: string): Promise<WalletAccount | null> {
    return this.sourceFor(connectorId).reconnect(connectorId)
  }

  disconnect(connectorId: string): Promise<void> {
    return this.sourceFor(connectorId).disconnect(connectorId)
  }

  getProvider(connectorId: string): WalletStandardWallet | undefined {
    return this.sourceFor(connectorId).getProvider(connectorId)
  }

  /** Solana wallets have no switch request: the site uses another of the wallet's networks. */
  switchNetwork(connectorId: string, network: CaipNetwork, _onStep?: (step: SwitchStep) => void): Promise<void> {
    return this.sourceFor(connectorId).switchNetwork(connectorId, network)
  }

  async signMessage(connectorId: string, address: string, message: string): Promise<string> {
    const wallet = this.requireWallet(connectorId)
    const sign = feature<SignMessageFeature>(wallet, SOLANA_SIGN_MESSAGE)
    if (sign === undefined) throw new WalletRequestError('unsupportedMethod', 'The wallet cannot sign messages')
    const account = wallet.accounts.find((a) => a.address === address)
    if (account === undefined) throw new WalletRequestError('failed', 'The wallet has no such account')
    const [{ base58Encode }, outputs] = await Promise.all([
      import('../../../domain/format/base58'),
      sign.signMessage({ account, message: new TextEncoder().encode(message) }).catch((error: unknown) => {
        throw toSolanaWalletError(error)
      }),
    ])
    const signature = outputs[0]?.signature
    if (signature === undefined) throw new WalletRequestError('failed', 'The wallet returned no signature')
    return base58Encode(signature)
  }

  async estimateTransfer(connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    return (await this.transfersOf(connectorId)).estimate(request)
  }

  async sendTransfer(connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    return (await this.transfersOf(connectorId)).send(request)
  }

  async receiptStatus(connectorId: string, chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    return (await this.transfersOf(connectorId)).receiptStatus(chainId, hash)
  }

  private requireWallet(connectorId: string): WalletStandardWallet {
    const wallet = this.getProvider(connectorId)
    if (wallet === undefined) throw new UnknownConnectorError(connectorId)
    return wallet
  }

  private transfersOf(connectorId: string): Promise<TokenTransfers> {
    let adapter = this.transferAdapters.get(connectorId)
    if (adapter === undefined) {
      adapter = this.transfers(
        () => this.getProvider(connectorId),
        (chainId) => this.networks.find((n) => n.caipNetworkId === chainId),
      )
      this.transferAdapters.set(connectorId, adapter)
      // A failed import is not kept: the next transfer tries again.
      adapter.catch(() => this.transferAdapters.delete(connectorId))
    }
    return adapter
  }
}
