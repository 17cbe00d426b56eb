/** How a Wallet Standard wallet's chains read as CAIP-2 Solana networks. */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { CaipNetworkId } from '../../../domain/entities'

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

