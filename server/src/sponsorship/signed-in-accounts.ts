/**
 * Who may be sponsored: the accounts behind a bearer token of the project's visitor. A SIWX
 * session (this server's sign-in API) gives the account that signed in, if its site is one of the
 * project's origins; an embedded-wallet session (the wallet origin's, made for this project) gives
 * the user's EVM account and the smart accounts it owns. Anything else: no account.
 */
import { getAddress, type Address } from 'viem'
import type { Clock } from '../clock.js'
import type { Queryable } from '../db/database.js'
import type { Projects } from '../projects.js'
import { hashToken } from '../sign-in-sessions.js'
import { tokenHash } from '../wallet/login/pg-stores.js'

export interface SignedInAccounts {
  /** The accounts `token` speaks for in `projectId` on `chainId`; [] when it is no current session of that project. */
  accountsOf(token: string, projectId: string, chainId: number): Promise<Address[]>
}

/** The smart accounts an embedded wallet's EVM key owns on a chain (a deployment's own factory knows). */
export type SmartAccountsOf = (owner: Address, chainId: number) => Promise<readonly Address[]>

export function sessionAccounts(deps: { db: Queryable; projects: Projects; clock: Clock; smartAccountsOf?: SmartAccountsOf | undefined }): SignedInAccounts {
  const { db, projects, clock } = deps
  return {
    async accountsOf(token, projectId, chainId) {
      if (token.length === 0 || token.length > 512) return []
      const now = clock.now()
      const siwx = await db.query<{ account_address: string; chain_id: string; origin: string; expires_at: Date }>(
        'SELECT account_address, chain_id, origin, expires_at FROM siwx_sessions WHERE token_hash = $1',
        [hashToken(token)],
      )
      const signedIn = siwx.rows[0]
      if (signedIn !== undefined) {
        if (!(signedIn.expires_at.getTime() > now)) return []
        if (!signedIn.chain_id.startsWith('eip155:') || !/^0x[0-9a-fA-F]{40}$/.test(signedIn.account_address)) return []
        if (!(await projects.allows(projectId, signedIn.origin))) return []
        return [getAddress(signedIn.account_address)]
      }
      const wallet = await db.query<{ evm_address: string; app: string | null; expires_at: string }>(
        `SELECT k.evm_address, s.app, s.expires_at FROM wallet_sessions s JOIN wallet_keys k ON k.user_id = s.user_id WHERE s.token_hash = $1`,
        [tokenHash(token)],
      )
      const session = wallet.rows[0]
      if (session === undefined || !(Number(session.expires_at) > now)) return []
      // A wallet session is made for one app: this project and one of its origins.
      const app = session.app ?? ''
      const space = app.indexOf(' ')
      if (space <= 0 || app.slice(0, space) !== projectId || !(await projects.allows(projectId, app.slice(space + 1)))) return []
      const owner = getAddress(session.evm_address)
      return [owner, ...((await deps.smartAccountsOf?.(owner, chainId)) ?? [])]
    },
  }
}
