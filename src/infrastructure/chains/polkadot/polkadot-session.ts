/**
 * What the polkadot wing does with a discovered extension, loaded with the first connect, silent
 * reconnect or request (never with the page): `enable(appName)`, the extension's accounts (with
 * their names; sr25519 and ed25519 ones, shown in the network's SS58 format), following account
 * changes, and `signRaw` of a message.
 *
 * An extension has no "current network": the site picks one. The session keeps that choice per
 * extension (the host's default polkadot network first) and moves it on `switchNetwork`; the
 * addresses then change format (same keys, the network's SS58 prefix).
 */
import { stringToHex } from '@polkadot/util'
import type { CaipNetwork, CaipNetworkId } from '../../../domain/entities'
import { UnknownConnectorError, WalletRequestError, type WalletAccount, type WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import { ConnectOnlySession } from '../connect-only-session'
import { toInjectedWalletError } from '../injected-errors'
import type { Injected, InjectedAccount, InjectedExtension } from './injected-web3'
import { toNetworkAddress } from './polkadot-addresses'
import { boundWalletName } from '../../../domain/validation/text-bounds'

/** Key types that sign raw bytes the way `signatureVerify` checks (ecdsa and ethereum accounts are other families' keys). */
const SIGNING_TYPES = new Set(['sr25519', 'ed25519', undefined])

/** An account as the site shows it: the network's address, the extension's own address and its name. */
export interface PolkadotAccount {
  readonly address: string
  readonly extensionAddress: string
  readonly name: string | undefined
}

export class PolkadotSession extends ConnectOnlySession {
  private readonly enabled = new Map<string, Injected>()
  private readonly accountsOf = new Map<string, readonly InjectedAccount[]>()
  private readonly chosen = new Map<string, string>()
  private readonly following = new Map<string, () => void>()
  private readonly networkOf = new Map<string, CaipNetworkId>()

  constructor(
    private readonly extensions: (connectorId: string) => InjectedExtension | undefined,
    private readonly networks: readonly CaipNetwork[],
    private readonly appName: string,
    private readonly events: { next(event: WalletEvent): void },
    private readonly logger: Logger,
  ) {
    super()
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    const extension = this.extensions(connectorId)
    if (extension === undefined) throw new UnknownConnectorError(connectorId)
    let injected: Injected
    let accounts: readonly InjectedAccount[]
    try {
      injected = await extension.enable(this.appName)
      accounts = await injected.accounts.get()
    } catch (error) {
      throw toInjectedWalletError(error)
    }
    const account = this.accountFrom(connectorId, injected, accounts)
    if (account === null) throw new WalletRequestError('failed', `The wallet shared no account for ${this.network(connectorId).name}`)
    return account
  }

  /** Extensions remember the sites a person allowed: enabling again asks nothing of an allowed site. */
  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    const extension = this.extensions(connectorId)
    if (extension === undefined) return null
    try {
      const injected = await extension.enable(this.appName)
      return this.accountFrom(connectorId, injected, await injected.accounts.get())
    } catch (error) {
      this.logger.warn('Walletgate: silent reconnect failed', error)
      return null
    }
  }

  /** Extensions have no disconnect: the site stops following and forgets the account it chose. */
  disconnect(connectorId: string): Promise<void> {
    this.following.get(connectorId)?.()
    this.following.delete(connectorId)
    this.enabled.delete(connectorId)
    this.accountsOf.delete(connectorId)
    this.chosen.delete(connectorId)
    return Promise.resolve()
  }

  /** The extension's accounts as the site shows them, the chosen one first. */
  accounts(connectorId: string): PolkadotAccount[] {
    const list = this.inWalletOrder(connectorId)
    const chosen = this.chosen.get(connectorId)
    const index = list.findIndex((a) => a.extensionAddress === chosen)
    if (index > 0) list.unshift(...list.splice(index, 1))
    return list
  }

  /** The extension's accounts on the site's network, in the extension's own order. */
  private inWalletOrder(connectorId: string): PolkadotAccount[] {
    const network = this.network(connectorId)
    const list: PolkadotAccount[] = []
    for (const account of this.accountsOf.get(connectorId) ?? []) {
      if (!SIGNING_TYPES.has(account.type) || !forNetwork(account, network)) continue
      const address = toNetworkAddress(account.address, network)
      if (address === undefined || list.some((a) => a.address === address)) continue
      list.push({ address, extensionAddress: account.address, name: typeof account.name === 'string' ? account.name : undefined })
    }
    return list
  }

  /** Makes another of the extension's accounts the one the site uses. @throws WalletRequestError when it has no such account. */
  chooseAccount(connectorId: string, address: string): void {
    const account = this.accounts(connectorId).find((a) => a.address === address)
    if (account === undefined) throw new WalletRequestError('failed', 'The wallet has no such account')
    this.chosen.set(connectorId, account.extensionAddress)
    this.events.next({ type: 'accountsChanged', connectorId, addresses: this.accounts(connectorId).map((a) => a.address) })
  }

  /** The port's choice among the shared accounts: {@link chooseAccount}, resolving the account as it now is. */
  override async chooseAddress(connectorId: string, address: string): Promise<WalletAccount> {
    if (!this.enabled.has(connectorId)) throw new UnknownConnectorError(connectorId)
    this.chooseAccount(connectorId, address)
    return this.walletAccount(connectorId, this.accounts(connectorId))
  }

  /** The site moves to another configured polkadot network; the addresses follow its SS58 format. */
  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    if (this.extensions(connectorId) === undefined) return Promise.reject(new UnknownConnectorError(connectorId))
    this.networkOf.set(connectorId, network.caipNetworkId)
    this.events.next({ type: 'chainChanged', connectorId, caipNetworkId: network.caipNetworkId })
    const addresses = this.accounts(connectorId).map((a) => a.address)
    if (this.enabled.has(connectorId)) this.events.next({ type: 'accountsChanged', connectorId, addresses })
    return Promise.resolve()
  }

  /** `signRaw` of the UTF-8 message (the extension wraps it in `<Bytes>…</Bytes>`); the 0x-hex signature. */
  async signMessage(connectorId: string, address: string, message: string): Promise<string> {
    const injected = this.enabled.get(connectorId)
    if (injected === undefined) throw new UnknownConnectorError(connectorId)
    const signRaw = injected.signer.signRaw
    if (typeof signRaw !== 'function') throw new WalletRequestError('unsupportedMethod', 'The wallet cannot sign messages')
    const account = this.accounts(connectorId).find((a) => a.address === address)
    if (account === undefined) throw new WalletRequestError('failed', 'The wallet has no such account')
    let signature: unknown
    try {
      signature = (await signRaw.call(injected.signer, { address: account.extensionAddress, data: stringToHex(message), type: 'bytes' })).signature
    } catch (error) {
      throw toInjectedWalletError(error)
    }
    if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(signature)) {
      throw new WalletRequestError('failed', 'The wallet returned no signature')
    }
    return signature
  }

  private accountFrom(connectorId: string, injected: Injected, accounts: readonly InjectedAccount[]): WalletAccount | null {
    this.enabled.set(connectorId, injected)
    this.accountsOf.set(connectorId, Array.isArray(accounts) ? accounts : [])
    const list = this.accounts(connectorId)
    if (list.length === 0) return null
    this.chosen.set(connectorId, (list[0] as PolkadotAccount).extensionAddress)
    this.follow(connectorId, injected)
    return this.walletAccount(connectorId, list)
  }

  /**
   * The connection as the port carries it: its addresses, the chosen one first, and every account
   * with the name the extension gave it, in the extension's order (the account chips keep their
   * places when another is chosen).
   */
  private walletAccount(connectorId: string, list: readonly PolkadotAccount[]): WalletAccount {
    const named = this.inWalletOrder(connectorId)
    return {
      connectorId,
      namespace: 'polkadot',
      addresses: list.map((a) => a.address),
      caipNetworkId: this.network(connectorId).caipNetworkId,
      ...(named.length > 1 ? { accounts: named.map((a) => ({ address: a.address, ...(a.name === undefined ? {} : { name: boundWalletName(a.name) }) })) } : {}),
    }
  }

  private network(connectorId: string): CaipNetwork {
    const id = this.networkOf.get(connectorId)
    const network = this.networks.find((n) => n.caipNetworkId === id) ?? this.networks[0]
    if (network === undefined) throw new WalletRequestError('unknownNetwork', 'No Polkadot network is configured')
    return network
  }

  /**
   * Reports the extension's account changes. A subscription first answers with the accounts as they
   * are, and may still answer once after the site ended it (a message in flight): neither is a change.
   */
  private follow(connectorId: string, injected: Injected): void {
    this.following.get(connectorId)?.()
    this.following.delete(connectorId)
    if (typeof injected.accounts.subscribe !== 'function') return
    let followed = true
    try {
      const off = injected.accounts.subscribe((accounts) => {
        const list = Array.isArray(accounts) ? accounts : []
        if (!followed || sameAccounts(list, this.accountsOf.get(connectorId) ?? [])) return
        this.accountsOf.set(connectorId, list)
        this.events.next({ type: 'accountsChanged', connectorId, addresses: this.accounts(connectorId).map((a) => a.address) })
      })
      this.following.set(connectorId, () => {
        followed = false
        if (typeof off === 'function') off()
      })
    } catch (error) {
      this.logger.warn("Walletgate: could not follow the wallet's accounts", error)
    }
  }
}

function sameAccounts(a: readonly InjectedAccount[], b: readonly InjectedAccount[]): boolean {
  return a.length === b.length && a.every((account, i) => account.address === b[i]?.address)
}

/** An account restricted to one network is offered on that network only. */
function forNetwork(account: InjectedAccount, network: CaipNetwork): boolean {
  const genesis = account.genesisHash
  if (typeof genesis !== 'string' || genesis === '') return true
  const reference = network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1).toLowerCase()
  return genesis.toLowerCase().replace(/^0x/, '').startsWith(reference)
}
