/**
 * A wallet origin (walletgate-server's) for one test file: on an in-memory PGlite, with passkeys,
 * login codes always 123456, listening on loopback as `localhost` (the WebAuthn RP ID). For the
 * attacks on the embedded wallet's login and sends (tests/security).
 */
import type { ManualClock } from '../../server/src/clock'
import { openPgliteDatabase } from '../../server/src/db/pglite-database'
import { migrate } from '../../server/src/db/migrations'
import { LocalKeyEncryption, newKekEntry, parseKeks } from '../../server/src/wallet/key-encryption'
import { AuthAccounts } from '../../server/src/wallet/login/accounts'
import { OneTimeValues } from '../../server/src/wallet/login/one-time-values'
import { Passkeys } from '../../server/src/wallet/login/passkeys'
import { pgLoginStores } from '../../server/src/wallet/login/pg-stores'
import { buildWalletServer, type WalletChain } from '../../server/src/wallet/wallet-server'
import { WalletKeys } from '../../server/src/wallet/wallet-keys'

export interface TestWalletOrigin {
  readonly url: string
  close(): Promise<void>
}

export async function startWalletOrigin(clock: ManualClock, chains: readonly WalletChain[] = []): Promise<TestWalletOrigin> {
  const db = await openPgliteDatabase()
  await migrate(db)
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
    chains,
    mail: async () => undefined,
    hostOrigin: async () => undefined,
    frameApp: async () => 'void 0',
  })
  url = `http://localhost:${new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port}`
  return {
    url,
    async close() {
      await app.close()
      await db.close()
    },
  }
}

/** A JSON POST to the wallet origin at `url`: its status and JSON answer. */
export async function postJson(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` })
