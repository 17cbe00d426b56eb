/**
 * The provider a connected wallet exposes, per chain family: what `WalletModal.getProvider(namespace)`
 * hands to a host (viem, wagmi, @solana/web3.js, ...). Types only: the application treats providers as
 * opaque handles; each family's wing knows its own.
 */
import type { ChainNamespace } from '../entities'

/** An EIP-1193 provider (what viem's `custom()` transport and wagmi accept). */
export interface Eip1193Provider {
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

/** A Wallet Standard wallet (`@wallet-standard/base`'s `Wallet`), as Solana wallets register themselves. */
export interface WalletStandardWallet {
  readonly version: string
  readonly name: string
  readonly icon: string
  readonly chains: readonly string[]
  readonly features: Readonly<Record<string, unknown>>
  readonly accounts: readonly { readonly address: string; readonly publicKey: Uint8Array; readonly chains: readonly string[] }[]
}

/**
 * The provider type of each namespace. Families without a wing yet are `unknown` until theirs lands
 * (polkadot: an injected extension; bip122: the wallet's bitcoin provider; cosmos: a Keplr-style signer).
 */
export interface NamespaceProviders {
  eip155: Eip1193Provider
  solana: WalletStandardWallet
  polkadot: unknown
  bip122: unknown
  cosmos: unknown
}

/** A wing's own namespace (beyond the spec's five) hands out its wallet object as `unknown`. */
export type ProviderOf<N extends ChainNamespace> = N extends keyof NamespaceProviders ? NamespaceProviders[N] : unknown
