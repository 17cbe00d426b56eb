/**
 * What the Solana wing does with a discovered Wallet Standard wallet, loaded with the first connect,
 * silent reconnect or request (never with the page): `standard:connect` (silent after a reload),
 * `standard:disconnect`, `standard:events` changes as wallet events, the network the site uses with
 * each wallet, and `solana:signMessage` (a sign-in message through `solana:signIn` when the wallet
 * offers it, so the wallet shows it as a sign-in).
 *
 * A Wallet Standard wallet has no "current network": the site picks one of the wallet's chains.
 * The session keeps that choice per wallet (the host's default Solana network when the wallet
 * supports it, else the first configured one it supports) and moves it on `switchNetwork`.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { AccountType, CaipNetwork, CaipNetworkId } from '../../../domain/entities'
import { base58Encode } from '../../../domain/format/base58'
import { isSolanaAddress } from '../../../domain/validation/addresses'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import { UnknownConnectorError, WalletRequestError, type WalletAccount, type WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import type { GasEstimate, ReceiptStatus, SentTransfer, TokenTransfers, TransferRequest } from '../../../ports/token-transfers'
import { caipOfWalletChain, solanaChainsOf } from './solana-chains'
import { toSolanaWalletError } from './solana-errors'
import { withSolanaSdk } from './sdk'
import {
  SOLANA_SIGN_MESSAGE,
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  feature,
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  type SignMessageFeature,
  type StandardAccount,
} from './wallet-standard'

/** Creates the transfer adapter over a connector's wallet. */
export type SolanaTransfersFactory = (
  wallet: () => WalletStandardWallet | undefined,
  network: (chainId: CaipNetworkId) => CaipNetwork | undefined,
) => TokenTransfers

/** web3.js and spl-token, imported with the first transfer (not with the session). */
const web3Transfers: SolanaTransfersFactory = (wallet, network) => {
  let loading: Promise<TokenTransfers> | undefined
  const adapter = (): Promise<TokenTransfers> => {
    loading ??= withSolanaSdk(() => import('./send/web3-solana-transfers')).then(({ Web3SolanaTransfers }) => new Web3SolanaTransfers({ wallet, network }))
    // A failed import is not kept: the next transfer tries again.
    loading.catch(() => (loading = undefined))
    return loading
  }
  return {
    estimate: (request) => adapter().then((a) => a.estimate(request)),
    send: (request) => adapter().then((a) => a.send(request)),
    receiptStatus: (chainId, hash) => adapter().then((a) => a.receiptStatus(chainId, hash)),
  }
}

export class WalletStandardSession {
  private readonly adapters = new Map<string, TokenTransfers>()
  private readonly following = new Map<string, () => void>()
  private readonly networkOf = new Map<string, CaipNetworkId>()

  /**
   * @param wallets the discovered wallet of a connector id.
   * @param networks the configured Solana networks, the host's default first when it is one.
   */
  constructor(
    private readonly wallets: (connectorId: string) => WalletStandardWallet | undefined,
    private readonly networks: readonly CaipNetwork[],
    private readonly events: { next(event: WalletEvent): void },
    private readonly logger: Logger,
    private readonly transferFactory: SolanaTransfersFactory = web3Transfers,
  ) {}

  /** A Solana wallet shares one account type. */
  switchAccountType(_connectorId: string, accountType: AccountType): Promise<WalletAccount> {
    return Promise.reject(new WalletRequestError('unsupportedMethod', `This wallet has no ${accountType} account`))
  }

  /** A Solana wallet's connection offers no choice among accounts. */
  chooseAddress(_connectorId: string, _address: string): Promise<WalletAccount> {
    return Promise.reject(new WalletRequestError('unsupportedMethod', 'This wallet offers one account at a time'))
  }

  estimateTransfer(connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    return this.transfers(connectorId).estimate(request)
  }

  sendTransfer(connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    return this.transfers(connectorId).send(request)
  }

  receiptStatus(connectorId: string, chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    return this.transfers(connectorId).receiptStatus(chainId, hash)
  }

  /** The transfers over a connector's wallet. @throws UnknownConnectorError when it was never discovered. */
  private transfers(connectorId: string): TokenTransfers {
    if (this.wallets(connectorId) === undefined) throw new UnknownConnectorError(connectorId)
    let adapter = this.adapters.get(connectorId)
    if (adapter === undefined) {
      adapter = this.transferFactory(
        () => this.wallets(connectorId),
        (chainId) => this.networks.find((n) => n.caipNetworkId === chainId),
      )
      this.adapters.set(connectorId, adapter)
    }
    return adapter
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    const wallet = this.wallets(connectorId)
    const connect = wallet && feature<ConnectFeature>(wallet, STANDARD_CONNECT)
    if (wallet === undefined || connect === undefined) throw new UnknownConnectorError(connectorId)
    let accounts: readonly StandardAccount[]
    try {
      accounts = (await connect.connect()).accounts
    } catch (error) {
      throw toSolanaWalletError(error)
    }
    const account = this.accountFrom(connectorId, wallet, accounts)
    if (account === null) throw new WalletRequestError('failed', 'The wallet returned no account')
    this.follow(connectorId, wallet)
    return account
  }

  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    const wallet = this.wallets(connectorId)
    const connect = wallet && feature<ConnectFeature>(wallet, STANDARD_CONNECT)
    if (wallet === undefined || connect === undefined) return null
    try {
      const account = this.accountFrom(connectorId, wallet, (await connect.connect({ silent: true })).accounts)
      if (account !== null) this.follow(connectorId, wallet)
      return account
    } catch (error) {
      this.logger.warn('Walletgate: silent reconnect failed', error)
      return null
    }
  }

  async disconnect(connectorId: string): Promise<void> {
    this.following.get(connectorId)?.()
    this.following.delete(connectorId)
    const wallet = this.wallets(connectorId)
    const disconnect = wallet && feature<DisconnectFeature>(wallet, STANDARD_DISCONNECT)
    try {
      // Wallets that have it forget the site; the modal's disconnect never waits on a refusal.
      await disconnect?.disconnect()
    } catch (error) {
      this.logger.debug('Walletgate: standard:disconnect failed', error)
    }
  }

  /** `solana:signMessage` of a UTF-8 message; the signature in base58. */
  signMessage(connectorId: string, address: string, message: string): Promise<string> {
    const wallet = this.wallets(connectorId)
    return wallet === undefined ? Promise.reject(new UnknownConnectorError(connectorId)) : signSolanaMessage(wallet, address, message)
  }

  /** @throws WalletRequestError `unknownNetwork` when the wallet does not support `network`. */
  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    const wallet = this.wallets(connectorId)
    if (wallet === undefined) return Promise.reject(new UnknownConnectorError(connectorId))
    const supported = solanaChainsOf(wallet).map(caipOfWalletChain)
    // A wallet that names no chains is taken at its word for any configured network.
    if (supported.length > 0 && !supported.includes(network.caipNetworkId)) {
      return Promise.reject(
        new WalletRequestError('unknownNetwork', `${boundWalletName(wallet.name)} does not support ${network.name}`),
      )
    }
    this.networkOf.set(connectorId, network.caipNetworkId)
    this.events.next({ type: 'chainChanged', connectorId, caipNetworkId: network.caipNetworkId })
    return Promise.resolve()
  }

  private accountFrom(connectorId: string, wallet: WalletStandardWallet, accounts: readonly StandardAccount[]): WalletAccount | null {
    const addresses = solanaAddresses(accounts)
    if (addresses.length === 0) return null
    return { connectorId, namespace: 'solana', addresses, caipNetworkId: this.networkFor(connectorId, wallet) }
  }

  /** The network in use with the wallet: the one chosen before while the wallet supports it, else the first configured one it supports. */
  private networkFor(connectorId: string, wallet: WalletStandardWallet): CaipNetworkId {
    const supported = solanaChainsOf(wallet).map(caipOfWalletChain)
    const usable = (id: CaipNetworkId) => supported.length === 0 || supported.includes(id)
    const previous = this.networkOf.get(connectorId)
    const chosen =
      (previous !== undefined && usable(previous) ? previous : undefined) ??
      this.networks.map((n) => n.caipNetworkId).find(usable) ??
      // None of the configured networks: the wallet's own, so the modal shows it as unsupported.
      supported[0] ??
      this.networks[0]?.caipNetworkId
    if (chosen === undefined) throw new WalletRequestError('unknownNetwork', 'No Solana network is configured')
    this.networkOf.set(connectorId, chosen)
    return chosen
  }

  private follow(connectorId: string, wallet: WalletStandardWallet): void {
    this.following.get(connectorId)?.()
    const events = feature<EventsFeature>(wallet, STANDARD_EVENTS)
    if (events === undefined) return
    try {
      const off = events.on('change', ({ accounts }) => {
        if (accounts !== undefined) this.events.next({ type: 'accountsChanged', connectorId, addresses: solanaAddresses(accounts) })
      })
      this.following.set(connectorId, off)
    } catch (error) {
      this.logger.warn("Walletgate: could not follow the wallet's events", error)
    }
  }
}

/** The Wallet Standard's sign-in feature (kept here, not with discovery: only signing needs it). */
const SOLANA_SIGN_IN = 'solana:signIn'
/** How every Sign-In-With-Solana message begins after its domain: a cheap test before loading the parser. */
const SIGN_IN_HEADER = ' wants you to sign in with your Solana account:\n'

interface SignInFeature {
  signIn(...inputs: Record<string, unknown>[]): Promise<readonly { readonly account: StandardAccount; readonly signedMessage: Uint8Array; readonly signature: Uint8Array }[]>
}

/**
 * A sign-in message for `address` through `solana:signIn` (the wallet writes the text from the same
 * fields; it must come out as exactly `message`); undefined when the wallet lacks the feature or the
 * message is not a sign-in of that account.
 */
async function signInWithSolana(wallet: WalletStandardWallet, address: string, message: string): Promise<string | undefined> {
  const signIn = feature<SignInFeature>(wallet, SOLANA_SIGN_IN)
  if (signIn === undefined || !message.includes(SIGN_IN_HEADER)) return undefined
  const { parseSolanaSignIn, signInFields } = await import('./siwx/sign-in-with-solana-messenger')
  const data = parseSolanaSignIn(message)
  if (data === undefined || data.accountAddress !== address) return undefined
  let outputs: Awaited<ReturnType<SignInFeature['signIn']>>
  try {
    outputs = await signIn.signIn(signInFields(data))
  } catch (error) {
    throw toSolanaWalletError(error)
  }
  const output = outputs[0]
  if (output === undefined) throw new WalletRequestError('failed', 'The wallet returned no signature')
  if (output.account.address !== address || new TextDecoder().decode(output.signedMessage) !== message) {
    throw new WalletRequestError('failed', 'The wallet signed another sign-in message')
  }
  return base58Encode(output.signature)
}

async function signSolanaMessage(wallet: WalletStandardWallet, address: string, message: string): Promise<string> {
  const signedIn = await signInWithSolana(wallet, address, message)
  if (signedIn !== undefined) return signedIn
  const sign = feature<SignMessageFeature>(wallet, SOLANA_SIGN_MESSAGE)
  if (sign === undefined) throw new WalletRequestError('unsupportedMethod', 'The wallet cannot sign messages')
  const account = wallet.accounts.find((a) => a.address === address)
  if (account === undefined) throw new WalletRequestError('failed', 'The wallet has no such account')
  let outputs: Awaited<ReturnType<SignMessageFeature['signMessage']>>
  try {
    outputs = await sign.signMessage({ account, message: new TextEncoder().encode(message) })
  } catch (error) {
    throw toSolanaWalletError(error)
  }
  const signature = outputs[0]?.signature
  if (signature === undefined) throw new WalletRequestError('failed', 'The wallet returned no signature')
  return base58Encode(signature)
}

function solanaAddresses(accounts: unknown): string[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .map((a: unknown) => (a as { address?: unknown } | null)?.address)
    .filter((a): a is string => typeof a === 'string' && isSolanaAddress(a))
}
