/** What every route of the service may use. One instance per running service. */
import type { ChainSet } from './chains'
import type { Indexer } from './indexer'
import type { SolanaLedger } from '../chains/solana/chain'

export interface ServiceDeps {
  chains: ChainSet
  rpcUrls: Record<number, string>
  indexer: Indexer
  projectIds: readonly string[]
  /** The Solana devnet's ledger, when it runs (balances and history of solana:<devnet ref>). */
  solana?: SolanaLedger
  /** Absolute origin of the service, e.g. http://127.0.0.1:8787 (no trailing slash). */
  baseUrl(): string
  now(): Date
}

export function tokenIconUrl(deps: ServiceDeps, symbol: string): string {
  return `${deps.baseUrl()}/public/getTokenImage/${encodeURIComponent(symbol)}`
}
