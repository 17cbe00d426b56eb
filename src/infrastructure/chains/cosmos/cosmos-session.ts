/**
 * What the cosmos wing does with a Keplr-style wallet, loaded with the first connect, silent
 * reconnect or request (never with the page): `enable(chainId)` and `getKey(chainId)` (one account
 * per enabled chain, checked against the chain's bech32 prefix), key changes
 * (`keplr_keystorechange`), `disable` on disconnect, and ADR-036 `signArbitrary`.
 *
 * The site picks the chain: the session keeps that choice per wallet (the host's default cosmos
 * network first) and enables the next chain on `switchNetwork`.
 */
import type { CaipNetwork, CaipNetworkId } from '../../../domain/entities'
import { cosmosChainId } from '../../../domain/chains/cosmos-networks'
import { UnknownConnectorError, WalletRequestError, type WalletAccount, type WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import { ConnectOnlySession } from '../connect-only-session'
import { toInjectedWalletError } from '../injected-errors'
import { validateCosmosAddress } from './cosmos-addresses'
import type { Keplr, StdSignature } from './keplr'

/** The window event a Keplr-style wallet fires when its keys change. */
const KEYSTORE_CHANGE = 'keplr_keystorechange'

export class CosmosSession extends ConnectOnlySession {
  private readonly networkOf = new Map<string, CaipNetworkId>()
  private readonly addressOf = new Map<string, string>()
  private readonly following = new Map<string, () => void>()

  constructor(
    private readonly wallets: (connectorId: string) => Keplr | undefined,
    private readonly networks: readonly CaipNetwork[],
    private readonly events: { next(event: WalletEvent): void },
    private readonly logger: Logger,
    private readonly keystore: EventTarget | undefined,
  ) {
    super()
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    const wallet = this.wallet(connectorId)
    const network = this.network(connectorId)
    const address = await this.enable(wallet, network)
    this.addressOf.set(connectorId, address)
    this.follow(connectorId, wallet)
    return { connectorId, namespace: 'cosmos', addresses: [address], caipNetworkId: network.caipNetworkId }
  }

  /** Keplr-style wallets remember the chains a person allowed: enabling again asks nothing of an allowed site. */
  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    if (this.wallets(connectorId) === undefined) return null
    try {
      return await this.connect(connectorId)
    } catch (error) {
      this.logger.warn('Walletgate: silent reconnect failed', error)
      return null
    }
  }

  /** Stops following the wallet and asks it to forget the site's chain (`disable`). Never rejects. */
  async disconnect(connectorId: string): Promise<void> {
    this.following.get(connectorId)?.()
    this.following.delete(connectorId)
    this.addressOf.delete(connectorId)
    const wallet = this.wallets(connectorId)
    try {
      await wallet?.disable?.(cosmosChainId(this.network(connectorId).caipNetworkId))
    } catch (error) {
      this.logger.debug('Walletgate: the wallet did not disable the chain', error)
    }
  }

  /** Enables the chain (the wallet may ask), then reports the chain and the account on it. */
  async switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    const wallet = this.wallet(connectorId)
    const address = await this.enable(wallet, network)
    this.networkOf.set(connectorId, network.caipNetworkId)
    this.addressOf.set(connectorId, address)
    this.events.next({ type: 'chainChanged', connectorId, caipNetworkId: network.caipNetworkId })
    this.events.next({ type: 'accountsChanged', connectorId, addresses: [address] })
  }

  /** ADR-036 `signArbitrary` of the UTF-8 message; resolves the StdSignature (public key and signature) as JSON. */
  async signMessage(connectorId: string, address: string, message: string): Promise<string> {
    const wallet = this.wallet(connectorId)
    if (this.addressOf.get(connectorId) !== address) throw new WalletRequestError('failed', 'The wallet has no such account')
    let signed: StdSignature
    try {
      signed = await wallet.signArbitrary(cosmosChainId(this.network(connectorId).caipNetworkId), address, message)
    } catch (error) {
      throw toInjectedWalletError(error)
    }
    if (typeof signed?.signature !== 'string' || typeof signed.pub_key?.value !== 'string') {
      throw new WalletRequestError('failed', 'The wallet returned no signature')
    }
    return JSON.stringify({ pub_key: { type: signed.pub_key.type, value: signed.pub_key.value }, signature: signed.signature })
  }

  private wallet(connectorId: string): Keplr {
    const wallet = this.wallets(connectorId)
    if (wallet === undefined) throw new UnknownConnectorError(connectorId)
    return wallet
  }

  /** `enable` then `getKey` on the network's chain; the key's address must be one of that chain. */
  private async enable(wallet: Keplr, network: CaipNetwork): Promise<string> {
    const chainId = cosmosChainId(network.caipNetworkId)
    let address: unknown
    try {
      await wallet.enable(chainId)
      address = (await wallet.getKey(chainId)).bech32Address
    } catch (error) {
      throw toInjectedWalletError(error)
    }
    if (typeof address !== 'string') throw new WalletRequestError('failed', 'The wallet returned no account')
    const valid = validateCosmosAddress(address, network)
    if (!valid.valid) throw new WalletRequestError('unknownNetwork', valid.message)
    return address
  }

  private network(connectorId: string): CaipNetwork {
    const id = this.networkOf.get(connectorId)
    const network = this.networks.find((n) => n.caipNetworkId === id) ?? this.networks[0]
    if (network === undefined) throw new WalletRequestError('unknownNetwork', 'No Cosmos network is configured')
    return network
  }

  /** A key change in the wallet: the account on the site's chain again (none when the site lost access). */
  private follow(connectorId: string, wallet: Keplr): void {
    this.following.get(connectorId)?.()
    if (this.keystore === undefined) return
    const changed = () => {
      const chainId = cosmosChainId(this.network(connectorId).caipNetworkId)
      wallet.getKey(chainId).then(
        (key) => {
          if (!this.following.has(connectorId)) return
          this.addressOf.set(connectorId, key.bech32Address)
          this.events.next({ type: 'accountsChanged', connectorId, addresses: [key.bech32Address] })
        },
        () => {
          if (!this.following.has(connectorId)) return
          this.addressOf.delete(connectorId)
          this.events.next({ type: 'accountsChanged', connectorId, addresses: [] })
        },
      )
    }
    const keystore = this.keystore
    keystore.addEventListener(KEYSTORE_CHANGE, changed)
    this.following.set(connectorId, () => keystore.removeEventListener(KEYSTORE_CHANGE, changed))
  }
}
