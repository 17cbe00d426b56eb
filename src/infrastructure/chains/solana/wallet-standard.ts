/**
 * The parts of the Wallet Standard (and of its Solana features) the Solana wing uses, typed here
 * so the wing's light part carries no SDK: feature names, the shapes of the features it calls,
 * which wallets count as Solana wallets, and how a wallet's chains read as CAIP-2 networks.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { CaipNetworkId } from '../../../domain/entities'

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

/** A wallet the Solana wing can use: it connects and signs Solana transactions. */
export function isSolanaWallet(wallet: WalletStandardWallet): boolean {
  return (
    feature(wallet, STANDARD_CONNECT) !== undefined &&
    (feature(wallet, SOLANA_SIGN_AND_SEND) !== undefined || feature(wallet, SOLANA_SIGN_TRANSACTION) !== undefined)
  )
}

/** Genesis hashes (first 32 characters, CAIP-2) of the clusters wallets name by their cluster name. */
const NAMED_CLUSTERS: Readonly<Record<string, string>> = {
  'solana:mainnet': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'solana:devnet': 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'solana:testnet': 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
}

/** A wallet chain (`solana:devnet`, or a CAIP-2 id itself) as a CAIP-2 network id; undefined when not Solana. */
export function caipOfWalletChain(chain: string): CaipNetworkId | undefined {
  const named = NAMED_CLUSTERS[chain]
  if (named !== undefined) return named as CaipNetworkId
  return /^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(chain) ? (chain as CaipNetworkId) : undefined
}

/** The wallet's own name for a network (what its signing features expect), when it supports the network. */
export function walletChainFor(wallet: WalletStandardWallet, caipNetworkId: CaipNetworkId): string | undefined {
  return solanaChainsOf(wallet).find((chain) => caipOfWalletChain(chain) === caipNetworkId)
}

/** The Solana chains the wallet and its accounts say they support. */
export function solanaChainsOf(wallet: WalletStandardWallet): string[] {
  const chains = new Set<string>()
  try {
    for (const chain of wallet.chains) if (caipOfWalletChain(chain) !== undefined) chains.add(chain)
    for (const account of wallet.accounts) {
      for (const chain of account.chains) if (caipOfWalletChain(chain) !== undefined) chains.add(chain)
    }
  } catch {
    // a hostile wallet object: what was read so far
  }
  return [...chains]
}

/**
 * A Wallet Standard wallet's connector id: the rdns it names (so a wallet offered in EIP-6963 and
 * in the Wallet Standard is one row), else the rdns of a well-known wallet of that name, else its name.
 */
export function connectorIdOf(wallet: WalletStandardWallet): string {
  const declared = feature<{ rdns?: unknown }>(wallet, WALLET_RDNS_FEATURE)?.rdns
  if (typeof declared === 'string' && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(declared) && declared.length <= 255) return declared
  return KNOWN_RDNS[wallet.name] ?? wallet.name
}

/** Multi-family wallets whose Wallet Standard name and EIP-6963 rdns are well known. */
const KNOWN_RDNS: Readonly<Record<string, string>> = {
  Phantom: 'app.phantom',
  MetaMask: 'io.metamask',
  'Coinbase Wallet': 'com.coinbase.wallet',
  'Trust Wallet': 'com.trustwallet.app',
  'OKX Wallet': 'com.okex.wallet',
  Backpack: 'app.backpack',
}
