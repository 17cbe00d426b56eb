/**
 * The login stores (./stores) in the server's database (migration 10): one statement per step, so
 * that replicas sharing the database count, lock and use codes as one process would. A session is
 * found by the SHA-256 of its token: the token itself is never stored.
 */
import { createHash } from 'node:crypto'
import type { Queryable } from '../../db/database.js'
import type { AttemptStore, CodeStore, Lock, LoginSession, LoginStores, PendingCode, SessionStore } from './stores.js'

/** What a token is stored as: its SHA-256 (a token is 32 random bytes: nothing to guess from it). */
export const tokenHash = (token: string): Buffer => createHash('sha256').update(token, 'utf8').digest()

interface CodeRow {
  code: string
  recipient: string
  device_id: string
  expires_at: string
  attempts_left: number
}

export class PgCodeStore implements CodeStore {
  constructor(private readonly db: Queryable) {}

  async get(key: string): Promise<PendingCode | undefined> {
    const { rows } = await this.db.query<CodeRow>('SELECT code, recipient, device_id, expires_at, attempts_left FROM wallet_codes WHERE key = $1', [key])
    const row = rows[0]
    return row === undefined ? undefined : { code: row.code, recipient: row.recipient, deviceId: row.device_id, expiresAt: Number(row.expires_at), attemptsLeft: row.attempts_left }
  }
  async put(key: string, code: PendingCode): Promise<void> {
    await this.db.query(
      `INSERT INTO wallet_codes (key, code, recipient, device_id, expires_at, attempts_left) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (key) DO UPDATE SET code = $2, recipient = $3, device_id = $4, expires_at = $5, attempts_left = $6`,
      [key, code.code, code.recipient, code.deviceId, code.expiresAt, code.attemptsLeft],
    )
  }
  async delete(key: string): Promise<void> {
    await this.db.query('DELETE FROM wallet_codes WHERE key = $1', [key])
  }
  async use(key: string, code: string): Promise<boolean> {
    const { rows } = await this.db.query('DELETE FROM wallet_codes WHERE key = $1 AND code = $2 RETURNING key', [key, code])
    return rows.length === 1
  }
  async spendAttempt(key: string): Promise<number | undefined> {
    const { rows } = await this.db.query<{ attempts_left: number }>('UPDATE wallet_codes SET attempts_left = attempts_left - 1 WHERE key = $1 RETURNING attempts_left', [key])
    const left = rows[0]?.attempts_left
    if (left === undefined) return undefined
    if (left <= 0) await this.db.query('DELETE FROM wallet_codes WHERE key = $1 AND attempts_left <= 0', [key])
    return Math.max(left, 0)
  }
  async lastSent(key: string): Promise<number | undefined> {
    const { rows } = await this.db.query<{ at: string }>('SELECT at FROM wallet_code_sent WHERE key = $1', [key])
    return rows[0] === undefined ? undefined : Number(rows[0].at)
  }
  async setLastSent(key: string, at: number): Promise<void> {
    await this.db.query('INSERT INTO wallet_code_sent (key, at) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET at = $2', [key, at])
  }
  async forgetLastSent(key: string): Promise<void> {
    await this.db.query('DELETE FROM wallet_code_sent WHERE key = $1', [key])
  }
}

export class PgAttemptStore implements AttemptStore {
  constructor(private readonly db: Queryable) {}

  async add(key: string, at: number): Promise<void> {
    await this.db.query('INSERT INTO wallet_attempts (key, at) VALUES ($1, $2)', [key, at])
  }
  async since(key: string, after: number): Promise<number[]> {
    await this.db.query('DELETE FROM wallet_attempts WHERE key = $1 AND at <= $2', [key, after])
    const { rows } = await this.db.query<{ at: string }>('SELECT at FROM wallet_attempts WHERE key = $1 AND at > $2 ORDER BY at', [key, after])
    return rows.map((row) => Number(row.at))
  }
  async lock(key: string): Promise<Lock | undefined> {
    const { rows } = await this.db.query<{ at: string; until: string; strikes: number }>('SELECT at, until, strikes FROM wallet_locks WHERE key = $1', [key])
    const row = rows[0]
    return row === undefined ? undefined : { at: Number(row.at), until: Number(row.until), strikes: row.strikes }
  }
  async setLock(key: string, lock: Lock): Promise<void> {
    await this.db.query('INSERT INTO wallet_locks (key, at, until, strikes) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO UPDATE SET at = $2, until = $3, strikes = $4', [
      key,
      lock.at,
      lock.until,
      lock.strikes,
    ])
  }
}

export class PgSessionStore implements SessionStore {
  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  async get(token: string): Promise<LoginSession | undefined> {
    const { rows } = await this.db.query<{ user_id: string; device_id: string; app: string | null; expires_at: string }>(
      'SELECT user_id, device_id, app, expires_at FROM wallet_sessions WHERE token_hash = $1',
      [tokenHash(token)],
    )
    const row = rows[0]
    return row === undefined ? undefined : { token, userId: row.user_id, deviceId: row.device_id, expiresAt: Number(row.expires_at), ...(row.app === null ? {} : { app: row.app }) }
  }
  async set(session: LoginSession): Promise<void> {
    await this.db.query(
      `INSERT INTO wallet_sessions (token_hash, user_id, device_id, app, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (token_hash) DO UPDATE SET app = $4, expires_at = $5`,
      [tokenHash(session.token), session.userId, session.deviceId, session.app ?? null, session.expiresAt, this.now()],
    )
  }
  async delete(token: string): Promise<void> {
    await this.db.query('DELETE FROM wallet_sessions WHERE token_hash = $1', [tokenHash(token)])
  }
  async deleteForUser(userId: string): Promise<number> {
    const { rows } = await this.db.query('DELETE FROM wallet_sessions WHERE user_id = $1 RETURNING user_id', [userId])
    return rows.length
  }
}

export const pgLoginStores = (db: Queryable, now: () => number): LoginStores => ({
  codes: new PgCodeStore(db),
  attempts: new PgAttemptStore(db),
  sessions: new PgSessionStore(db, now),
})
