/**
 * What the bip122 wing does with a discovered wallet, loaded with the first connect, silent
 * reconnect or request (never with the page). A connection carries the payment address (the
 * default account type, spec section 4) and the ordinals address when the wallet has one; the
 * account type switch puts the other one first. Bitcoin wallets have no network switch request the
 * standards share: the network in use is the configured one whose addresses the wallet's are, and
 * a wallet whose addresses belong to no configured network is told so by name.
 */
import { bitcoinAddressNetwork, isBitcoinAddress, otherBitcoinNetworkMessage } from '../../../domain/bitcoin/bitcoin-address'
import { BITCOIN_NETWORK_NAMES, bitcoinNetworkOf } from '../../../domain/bitcoin/bitcoin-networks'
import type { AccountType, CaipNetwork, CaipNetworkId } from '../../../domain/entities'
import { UnknownConnectorError, WalletRequestError, type WalletAccount, type WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import { UnsupportedTransferChainError, type GasEstimate, type ReceiptStatus, type SentTransfer, type TransferRequest } from '../../../ports/token-transfers'
import type { BitcoinWallet, BitcoinWalletAddress } from './bitcoin-wallet'
import { bitcoinWalletOf } from './bitcoin-adapters'

/** The two account types a Bitcoin connection switches between. */
export type BitcoinAccountType = Extract<AccountType, 'payment' | 'ordinal'>

interface Session {
  addresses: BitcoinWalletAddress[]
  accountType: BitcoinAccountType
  network: CaipNetworkId
  off: () => void
}

export class BitcoinSession {
  private readonly sessions = new Map<string, Session>()

  constructor(
    /** The discovered wallet object of a connector (adapted here, see bitcoin-adapters.ts). */
    private readonly providers: (connectorId: string) => unknown,
    /** The configured Bitcoin networks, the host's default first when it is one. */
    private readonly networks: readonly CaipNetwork[],
    private readonly events: { next(event: WalletEvent): void },
    private readonly logger: Logger,
  ) {}

  async connect(connectorId: string): Promise<WalletAccount> {
    const wallet = this.wallet(connectorId)
    const addresses = usable(await wallet.connect({ silent: false }))
    if (addresses.length === 0) throw new WalletRequestError('failed', 'The wallet returned no Bitcoin address')
    const network = this.networkFor(connectorId, addresses)
    if (network === undefined) {
      const kind = bitcoinAddressNetwork(paymentOf(addresses).address)
      const wanted = this.networks[0]?.name ?? 'a configured network'
      throw new WalletRequestError('unknownNetwork', `${otherBitcoinNetworkMessage(kind ?? 'mainnet')}. Switch the wallet to ${wanted}.`)
    }
    return this.start(connectorId, wallet, addresses, network)
  }

  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    const wallet = bitcoinWalletOf(this.providers(connectorId))
    if (wallet === undefined) return null
    try {
      const addresses = usable(await wallet.connect({ silent: true }))
      const network = addresses.length === 0 ? undefined : this.networkFor(connectorId, addresses)
      return network === undefined ? null : this.start(connectorId, wallet, addresses, network)
    } catch (error) {
      this.logger.warn('Walletgate: silent Bitcoin reconnect failed', error)
      return null
    }
  }

  async disconnect(connectorId: string): Promise<void> {
    this.sessions.get(connectorId)?.off()
    this.sessions.delete(connectorId)
    await bitcoinWalletOf(this.providers(connectorId))?.disconnect()
  }

  async signMessage(connectorId: string, address: string, message: string): Promise<string> {
    return this.wallet(connectorId).signMessage(address, message)
  }

  /** @throws WalletRequestError `unknownNetwork` when the wallet's addresses are another network's. */
  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    const session = this.sessions.get(connectorId)
    if (session === undefined) return Promise.reject(new UnknownConnectorError(connectorId))
    const kind = bitcoinAddressNetwork(paymentOf(session.addresses).address)
    if (!fits(network.caipNetworkId, kind)) {
      return Promise.reject(
        new WalletRequestError('unknownNetwork', `The wallet's addresses are ${BITCOIN_NETWORK_NAMES[kind ?? 'mainnet']} addresses, not ${network.name} ones`),
      )
    }
    session.network = network.caipNetworkId
    this.events.next({ type: 'chainChanged', connectorId, caipNetworkId: network.caipNetworkId })
    return Promise.resolve()
  }

  /** Transfers are not offered for Bitcoin (spec section 9 lists send for eip155 and solana only). */
  estimateTransfer(_connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    return Promise.reject(new UnsupportedTransferChainError(request.chainId))
  }

  sendTransfer(_connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    return Promise.reject(new UnsupportedTransferChainError(request.chainId))
  }

  receiptStatus(_connectorId: string, chainId: CaipNetworkId, _hash?: string): Promise<ReceiptStatus> {
    return Promise.reject(new UnsupportedTransferChainError(chainId))
  }

  /**
   * Puts the payment or the ordinals address first (the wallet is not asked: it shared both).
   * @throws WalletRequestError `unsupportedMethod` when the wallet has no address of that type.
   */
  async switchAccountType(connectorId: string, accountType: AccountType): Promise<WalletAccount> {
    const session = this.sessions.get(connectorId)
    if (session === undefined) throw new UnknownConnectorError(connectorId)
    const purpose = accountType === 'ordinal' ? 'ordinals' : accountType === 'payment' ? 'payment' : undefined
    if (purpose === undefined || !session.addresses.some((a) => a.purpose === purpose)) {
      throw new WalletRequestError('unsupportedMethod', `The wallet shared no ${purpose} address`)
    }
    session.accountType = accountType as BitcoinAccountType
    const account = this.accountOf(connectorId, session)
    this.events.next({ type: 'accountsChanged', connectorId, addresses: account.addresses })
    return account
  }

  /** Bitcoin's two addresses are account types, not accounts to choose between: see switchAccountType. */
  chooseAddress(_connectorId: string, _address: string): Promise<WalletAccount> {
    return Promise.reject(new WalletRequestError('unsupportedMethod', 'This wallet offers one account at a time'))
  }

  private start(connectorId: string, wallet: BitcoinWallet, addresses: BitcoinWalletAddress[], network: CaipNetworkId): WalletAccount {
    const previous = this.sessions.get(connectorId)
    previous?.off()
    const session: Session = { addresses, accountType: previous?.accountType ?? 'payment', network, off: () => undefined }
    this.sessions.set(connectorId, session)
    try {
      session.off = wallet.onAccountsChanged((next) => {
        session.addresses = usable(next)
        const account = session.addresses.length === 0 ? undefined : this.accountOf(connectorId, session)
        this.events.next({ type: 'accountsChanged', connectorId, addresses: account?.addresses ?? [] })
      })
    } catch (error) {
      this.logger.warn("Walletgate: could not follow the Bitcoin wallet's events", error)
    }
    return this.accountOf(connectorId, session)
  }

  private accountOf(connectorId: string, session: Session): WalletAccount {
    const payment = paymentOf(session.addresses)
    const ordinals = session.addresses.find((a) => a.purpose === 'ordinals')
    const ordinalFirst = session.accountType === 'ordinal' && ordinals !== undefined
    const [first, second] = ordinalFirst ? [ordinals, payment] : [payment, ordinals]
    return {
      connectorId,
      namespace: 'bip122',
      addresses: [first.address, ...(second !== undefined && second !== first ? [second.address] : [])],
      caipNetworkId: session.network,
      accountType: ordinalFirst ? 'ordinal' : 'payment',
      ...(ordinals !== undefined && ordinals !== payment ? { accountTypes: ['payment', 'ordinal'] as const } : {}),
    }
  }

  /** The network in use: the one chosen before while it still fits, else the first configured one that fits. */
  private networkFor(connectorId: string, addresses: readonly BitcoinWalletAddress[]): CaipNetworkId | undefined {
    const kind = bitcoinAddressNetwork(paymentOf(addresses).address)
    const previous = this.sessions.get(connectorId)?.network
    if (previous !== undefined && fits(previous, kind)) return previous
    return this.networks.find((n) => fits(n.caipNetworkId, kind))?.caipNetworkId
  }

  private wallet(connectorId: string): BitcoinWallet {
    const wallet = bitcoinWalletOf(this.providers(connectorId))
    if (wallet === undefined) throw new UnknownConnectorError(connectorId)
    return wallet
  }
}

/** A network fits addresses of `kind` when it is that network (a custom chain the rules do not know fits any). */
function fits(caipNetworkId: CaipNetworkId, kind: ReturnType<typeof bitcoinAddressNetwork>): boolean {
  const expected = bitcoinNetworkOf(caipNetworkId)
  return expected === undefined || expected === kind
}

function usable(addresses: readonly BitcoinWalletAddress[]): BitcoinWalletAddress[] {
  return addresses.filter((a) => isBitcoinAddress(a.address))
}

function paymentOf(addresses: readonly BitcoinWalletAddress[]): BitcoinWalletAddress {
  return addresses.find((a) => a.purpose === 'payment') ?? addresses[0]!
}
