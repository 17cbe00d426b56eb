/**
 * A wallet origin (walletgate-server's) for one test file: on an in-memory PGlite, with passkeys,
 * login codes always 123456, listening on loopback as `localhost` (the WebAuthn RP ID). For the
 * attacks on the embedded wallet's login and sends (tests/security).
 */
import type { ManualClock } from '../../server/src/clock'
import { openPgliteDatabase } from '../../server/src/db/pglite-database'
import type { Database } from '../../server/src/db/database'
import { migrate } from '../../server/src/db/migrations'
import { sharedCounters } from '../../server/src/rate-limit-store'
import { LocalKeyEncryption, newKekEntry, parseKeks } from '../../server/src/wallet/key-encryption'
import { AuthAccounts } from '../../server/src/wallet/login/accounts'
import { OneTimeValues } from '../../server/src/wallet/login/one-time-values'
import { Passkeys } from '../../server/src/wallet/login/passkeys'
import { pgLoginStores } from '../../server/src/wallet/login/pg-stores'
import { buildWalletServer, type WalletChain } from '../../server/src/wallet/wallet-server'
import { WalletKeys } from '../../server/src/wallet/wallet-keys'

export interface TestWalletOrigin {
  readonly url: string
  readonly db: Database
  close(): Promise<void>
}

export interface WalletOriginOptions {
  readonly chains?: readonly WalletChain[]
  /** Requests per minute per client, counted in the database; no limit when absent. */
  readonly perMinute?: number
  readonly trustedProxies?: readonly string[]
  /** Another replica's database (this one then leaves it open). */
  readonly db?: Database
}

export async function startWalletOrigin(clock: ManualClock, options: WalletOriginOptions = {}): Promise<TestWalletOrigin> {
  const own = options.db === undefined
  const db = options.db ?? (await openPgliteDatabase())
  if (own) await migrate(db)
  const keys = new WalletKeys(db, new LocalKeyEncryption(parseKeks(newKekEntry('k1'))), clock)
  const oneTime = new OneTimeValues(db, () => clock.now())
  let url = ''
  const app = await buildWalletServer({
    accounts: new AuthAccounts(db, keys, { clock, newCode: () => '123456' }),
    keys,
    oneTime,
    passkeys: new Passkeys(db, oneTime, clock, () => ({ origin: url, name: 'Test wallet' }), pgLoginStores(db, () => clock.now()).attempts),
    clock,
    walletUrl: () => url,
    chains: options.chains ?? [],
    mail: async () => undefined,
    hostOrigin: async () => undefined,
    frameApp: async () => 'void 0',
    ...(options.perMinute === undefined ? {} : { rateLimit: { counters: sharedCounters(db), perMinute: options.perMinute } }),
    ...(options.trustedProxies === undefined ? {} : { trustedProxies: options.trustedProxies }),
  })
  url = `http://localhost:${new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port}`
  return {
    url,
    db,
    async close() {
      await app.close()
      if (own) await db.close()
    },
  }
}

/** A JSON POST to the wallet origin at `url`: its status and JSON answer. */
export async function postJson(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` })
