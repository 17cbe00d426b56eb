/** What every route of the service may use. One instance per running service. */
import type { Address } from 'viem'
import type { DevnetChainId } from '../config'
import type { ChainSet } from './chains'
import type { ActivityPage } from '../../../server/src/index.js'
import type { SolanaLedger } from '../chains/solana/chain'

export interface ServiceDeps {
  chains: ChainSet
  rpcUrls: Record<number, string>
  /** The newest page of an account's history on one EVM chain, as the server reads it. */
  history(address: Address, chainId: DevnetChainId): Promise<ActivityPage>
  projectIds: readonly string[]
  /** The Solana devnet's ledger, when it runs (balances and history of solana:<devnet ref>). */
  solana?: SolanaLedger
  /** Absolute origin of the service, e.g. http://127.0.0.1:8787 (no trailing slash). */
  baseUrl(): string
  now(): Date
}

/**
 * A token's icon on this service. An <img> asks for it, so it names a project the server knows (the
 * devnet's first: every devnet project may show it).
 */
export function tokenIconUrl(deps: Pick<ServiceDeps, 'baseUrl' | 'projectIds'>, symbol: string): string {
  return `${deps.baseUrl()}/public/getTokenImage/${encodeURIComponent(symbol)}?projectId=${encodeURIComponent(deps.projectIds[0] ?? '')}`
}
