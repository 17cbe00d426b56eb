/**
 * What a simulated transaction does to one account: every asset movement the simulation saw
 * (token transfers from its logs, native value moves the node traced), netted per asset into one
 * signed change each. Pure: the simulator adapters hand over transfers, the views draw the result.
 */

/** The native coin's asset key (never a contract address). */
export type NativeAsset = 'native'
export const NATIVE_ASSET: NativeAsset = 'native'

/** One movement of an asset seen in a simulation. Addresses compare without case. */
export interface AssetTransfer {
  /** {@link NATIVE_ASSET}, or the token contract (plain address). */
  readonly asset: string
  readonly from: string
  readonly to: string
  /** Base units; for an NFT, 1 per token. */
  readonly amount: bigint
  /** Set for an NFT (ERC-721 / ERC-1155) transfer. */
  readonly tokenId?: bigint
}

/** The net effect on the account of one asset: positive comes in, negative goes out (never 0). */
export interface BalanceChange {
  readonly asset: string
  readonly delta: bigint
  /** NFTs that moved (in or out), when the asset is a collection. */
  readonly nft: boolean
}

/**
 * Nets `transfers` per asset for `account`, in the order each asset first moves; a transfer from
 * the account to itself moves nothing, and an asset that comes back whole is left out.
 */
export function balanceChanges(transfers: readonly AssetTransfer[], account: string): readonly BalanceChange[] {
  const me = account.toLowerCase()
  const totals = new Map<string, { delta: bigint; nft: boolean }>()
  for (const t of transfers) {
    const key = t.asset === NATIVE_ASSET ? NATIVE_ASSET : t.asset.toLowerCase()
    const out = t.from.toLowerCase() === me
    const into = t.to.toLowerCase() === me
    if (out === into) continue
    const entry = totals.get(key) ?? { delta: 0n, nft: false }
    totals.set(key, { delta: entry.delta + (into ? t.amount : -t.amount), nft: entry.nft || t.tokenId !== undefined })
  }
  return [...totals].filter(([, v]) => v.delta !== 0n).map(([asset, v]) => ({ asset, delta: v.delta, nft: v.nft }))
}
