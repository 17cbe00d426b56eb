/** Recent wallets keep the 2 newest, newest first, one entry per wallet id (spec section 9). */
import { z } from 'zod/mini'
import { RECENT_WALLETS_LIMIT } from '../constants'
import type { RecentWallet } from '../entities'
import { prepareZod } from '../validation/zod-error-map'

/**
 * Built on first read, not at import: the page's first script reads the stored list, and needs no
 * other entity schema (those are in ../entity-schemas, loaded with the adapters that parse answers).
 */
let storedListSchema: z.ZodMiniArray<z.ZodMiniType<RecentWallet>> | undefined
function recentWalletsSchema() {
  if (storedListSchema === undefined) {
    prepareZod()
    storedListSchema = z.array(
      z.object({
        id: z.string().check(z.minLength(1)),
        rdns: z.optional(z.string()),
        name: z.string(),
      }),
    )
  }
  return storedListSchema
}

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
  const parsed = recentWalletsSchema().safeParse(raw)
  return parsed.success ? parsed.data.slice(0, RECENT_WALLETS_LIMIT) : []
}
