/** Recent wallets keep the 2 newest, newest first, one entry per wallet id (spec section 9). */
import { RECENT_WALLETS_LIMIT } from '../constants'
import type { RecentWallet } from '../entities'
import { array, object, optional, string, type Issue } from '../validation/plain-rules'

/** Plain rules, not zod: the page's first script reads the stored list. */
const storedList = array(object({ id: string(1), rdns: optional(string()), name: string() }, false))

export function addRecentWallet(list: readonly RecentWallet[], wallet: RecentWallet): RecentWallet[] {
  return [wallet, ...list.filter((w) => w.id !== wallet.id)].slice(0, RECENT_WALLETS_LIMIT)
}

/** Reads a stored list (JSON text); anything malformed gives an empty list. */
export function parseStoredRecentWallets(text: string | null): RecentWallet[] {
  if (text === null) return []
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return []
  }
  const issues: Issue[] = []
  const list = storedList(raw, [], issues)
  return issues.length === 0 ? (list as RecentWallet[]).slice(0, RECENT_WALLETS_LIMIT) : []
}
