/**
 * The eip155 (EVM) wing: its wallet sources (EIP-6963 browser wallets, WalletConnect's eip155
 * connector) joined into one chain family, and what the family does over a connected wallet's
 * EIP-1193 provider: switch network (switch-chain.ts), sign a message (`personal_sign`), and
 * transfers (viem, loaded on the first transfer).
 */
import { combineLatest, map, merge, type Observable } from 'rxjs'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import type { AccountType, CaipNetwork, CaipNetworkId, Connector } from '../../../domain/entities'
import {
  UnknownConnectorError,
  WalletRequestError,
  type ChainFamily,
  type SwitchStep,
  type WalletAccount,
  type WalletEvent,
} from '../../../ports/chain-family'
import type { GasEstimate, ReceiptStatus, SentTransfer, TokenTransfers, TransferRequest } from '../../../ports/token-transfers'
import type { ConnectorSource } from '../connector-source'
import { request } from './eip1193'

/** Creates the transfer adapter for a provider (viem, a dynamic import by default). */
export type Eip155TransfersFactory = (provider: () => Promise<Eip1193Provider | undefined>) => Promise<TokenTransfers>

const viemTransfers: Eip155TransfersFactory = (provider) =>
  import('./send/viem-token-transfers').then(({ ViemTokenTransfers }) => new ViemTokenTransfers(provider))

export class Eip155ChainFamily implements ChainFamily {
  readonly namespace = 'eip155' as const
  readonly connectors$: Observable<readonly Connector[]>
  readonly events$: Observable<WalletEvent>
  private lastLists: readonly (readonly Connector[])[] = []
  private lastJoined: readonly Connector[] = []

  constructor(
    private readonly sources: readonly [ConnectorSource<Eip1193Provider>, ...ConnectorSource<Eip1193Provider>[]],
    private readonly transfers: Eip155TransfersFactory = viemTransfers,
  ) {
    this.connectors$ = combineLatest(sources.map((s) => s.connectors$)).pipe(map((lists) => this.joined(lists)))
    this.events$ = merge(...sources.map((s) => s.events$))
  }

  get connectors(): readonly Connector[] {
    return this.joined(this.sources.map((s) => s.connectors))
  }

  /** The sources' lists in order, as the same array while no list changed (views compare by identity). */
  private joined(lists: readonly (readonly Connector[])[]): readonly Connector[] {
    const same = lists.length === this.lastLists.length && lists.every((list, i) => list === this.lastLists[i])
    if (!same) {
      this.lastLists = lists
      this.lastJoined = lists.flat()
    }
    return this.lastJoined
  }

  /** The source listing the id, else the first (browser wallets may announce themselves late). */
  private sourceFor(connectorId: string): ConnectorSource<Eip1193Provider> {
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

  /** The embedded wallet's smart account or EOA; browser wallets have one account type. */
  switchAccountType(connectorId: string, accountType: AccountType): Promise<WalletAccount> {
    const source = this.sourceFor(connectorId)
    return source.switchAccountType?.(connectorId, accountType) ?? Promise.reject(new WalletRequestError('unsupportedMethod', `This wallet has no ${accountType} account`))
  }

  getProvider(connectorId: string): Eip1193Provider | undefined {
    return this.sourceFor(connectorId).getProvider(connectorId)
  }

  async switchNetwork(connectorId: string, network: CaipNetwork, onStep?: (step: SwitchStep) => void): Promise<void> {
    const provider = this.requireProvider(connectorId)
    // Loaded with the first switch: a visitor who never switches never downloads it.
    const { switchChain } = await import('./switch-chain')
    await switchChain(provider, network, onStep)
  }

  async signMessage(connectorId: string, address: string, message: string): Promise<string> {
    return request<string>(this.requireProvider(connectorId), 'personal_sign', [utf8Hex(message), address])
  }

  async estimateTransfer(connectorId: string, transfer: TransferRequest): Promise<GasEstimate> {
    return (await this.transfersOf(connectorId)).estimate(transfer)
  }

  async sendTransfer(connectorId: string, transfer: TransferRequest): Promise<SentTransfer> {
    return (await this.transfersOf(connectorId)).send(transfer)
  }

  async receiptStatus(connectorId: string, chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    return (await this.transfersOf(connectorId)).receiptStatus(chainId, hash)
  }

  private transfersOf(connectorId: string): Promise<TokenTransfers> {
    return this.transfers(() => Promise.resolve(this.getProvider(connectorId)))
  }

  private requireProvider(connectorId: string): Eip1193Provider {
    const provider = this.getProvider(connectorId)
    if (provider === undefined) throw new UnknownConnectorError(connectorId)
    return provider
  }
}

/** `personal_sign` takes the message as 0x-hex of its UTF-8 bytes. */
function utf8Hex(message: string): string {
  let hex = '0x'
  for (const byte of new TextEncoder().encode(message)) hex += byte.toString(16).padStart(2, '0')
  return hex
}
