/**
 * The parts of the Wallet Standard (and of its Solana features) the Solana wing uses, typed here
 * so the wing carries no SDK: feature names, the shapes of the features it calls, and which
 * wallets count as Solana wallets. Loaded with the page (discovery): keep it small.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { ChainNamespace, Connector } from '../../../domain/entities'
import { boundWalletName } from '../../../domain/validation/text-bounds'

export const STANDARD_CONNECT = 'standard:connect'
export const STANDARD_DISCONNECT = 'standard:disconnect'
export const STANDARD_EVENTS = 'standard:events'
export const SOLANA_SIGN_AND_SEND = 'solana:signAndSendTransaction'
export const SOLANA_SIGN_TRANSACTION = 'solana:signTransaction'
export const SOLANA_SIGN_MESSAGE = 'solana:signMessage'
/**
 * A wallet-specific feature (the standard allows `vendor:name` features) through which a wallet
 * that also announces itself through EIP-6963 names its rdns, so both families list it as one wallet.
 */
export const WALLET_RDNS_FEATURE = 'walletgate:rdns'

/** `getWallets()`'s API, as far as discovery uses it. */
export interface WalletRegistry {
  get(): readonly WalletStandardWallet[]
  on(event: 'register' | 'unregister', listener: () => void): () => void
}

export type StandardAccount = WalletStandardWallet['accounts'][number]

export interface ConnectFeature {
  connect(input?: { silent?: boolean }): Promise<{ readonly accounts: readonly StandardAccount[] }>
}
export interface DisconnectFeature {
  disconnect(): Promise<void>
}
export interface EventsFeature {
  on(event: 'change', listener: (properties: { readonly accounts?: readonly StandardAccount[] }) => void): () => void
}
export interface SignAndSendFeature {
  signAndSendTransaction(
    ...inputs: { account: StandardAccount; transaction: Uint8Array; chain: string; options?: { commitment?: string } }[]
  ): Promise<readonly { readonly signature: Uint8Array }[]>
}
export interface SignTransactionFeature {
  signTransaction(
    ...inputs: { account: StandardAccount; transaction: Uint8Array; chain?: string }[]
  ): Promise<readonly { readonly signedTransaction: Uint8Array }[]>
}
export interface SignMessageFeature {
  signMessage(
    ...inputs: { account: StandardAccount; message: Uint8Array }[]
  ): Promise<readonly { readonly signedMessage: Uint8Array; readonly signature: Uint8Array }[]>
}

/** The feature object of `name` when the wallet offers one. Wallet objects are untrusted: getters may throw. */
export function feature<T>(wallet: WalletStandardWallet, name: string): T | undefined {
  try {
    const value = wallet.features[name]
    return typeof value === 'object' && value !== null ? (value as T) : undefined
  } catch {
    return undefined
  }
}

/**
 * A Wallet Standard wallet as a connector of `chain`. Its id is the rdns it names through
 * WALLET_RDNS_FEATURE (so a wallet offered in EIP-6963 and in the Wallet Standard is one row), else
 * its name. The wallet object is untrusted: a getter may throw (the caller leaves the wallet out).
 */
export function standardConnector(wallet: WalletStandardWallet, chain: ChainNamespace): Connector {
  const { features, name } = wallet
  const rdns = (features[WALLET_RDNS_FEATURE] as { rdns?: unknown } | undefined)?.rdns
  const id = typeof rdns === 'string' && /^[\w-]+(\.[\w-]+)+$/.test(rdns) ? rdns : name
  return { id, name: boundWalletName(name), type: 'ANNOUNCED', chain, imageUrl: wallet.icon, ...(id === name ? {} : { info: { rdns: id } }), provider: wallet }
}

/**
 * The Solana wallets among the registered ones, one connector each ({@link standardConnector}): a
 * wallet with `standard:connect` and a Solana signing feature. A hostile wallet object (a getter
 * that throws) is left out.
 */
export function solanaConnectors(wallets: readonly WalletStandardWallet[]): Connector[] {
  const byId = new Map<string, Connector>()
  for (const wallet of wallets) {
    try {
      const { features } = wallet
      if (!features[STANDARD_CONNECT] || !(features[SOLANA_SIGN_AND_SEND] || features[SOLANA_SIGN_TRANSACTION])) continue
      const connector = standardConnector(wallet, 'solana')
      if (!byId.has(connector.id)) byId.set(connector.id, connector)
    } catch {
      // left out
    }
  }
  return [...byId.values()]
}
