/** Recent wallets keep the 2 newest, newest first, one entry per wallet id (spec section 9). */
import { z } from 'zod/mini'
import { RECENT_WALLETS_LIMIT } from '../constants'
import { recentWalletSchema, type RecentWallet } from '../entities'

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
  const parsed = z.array(recentWalletSchema).safeParse(raw)
  return parsed.success ? parsed.data.slice(0, RECENT_WALLETS_LIMIT) : []
}
