/**
 * Sign-in nonces and sessions, in the database so every replica sees them and a restart keeps
 * them. A nonce answers one attempt: taking it deletes it, in one statement. A session is kept
 * under the SHA-256 of its bearer token, so the table holds nothing a caller could present.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { Clock } from './clock.js'
import type { Queryable } from './db/database.js'
import type { SignInMessageData } from './sign-in-messages.js'

/** How long an issued nonce may wait for its signed message. */
export const SIGN_IN_NONCE_TTL_MS = 10 * 60_000
/** An expired session is forgotten a day after its expiry (until then `me` says it expired). */
const EXPIRED_SESSION_KEPT_MS = 86_400_000

export interface SignInSession {
  data: SignInMessageData
  message: string
  signature: string
}

export type SessionLookup = { status: 'current'; session: SignInSession } | { status: 'expired' } | { status: 'unknown' }

export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex')

export class SignInSessions {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /** A fresh nonce (16 letters and digits), good for one attempt within the TTL. */
  async issueNonce(): Promise<string> {
    const nonce = randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')
    await this.db.query('INSERT INTO siwx_nonces (nonce, issued_at) VALUES ($1, $2)', [nonce, new Date(this.clock.now())])
    return nonce
  }

  /** Takes `nonce` (it is gone afterwards, whatever the answer); true when it was issued and is not older than the TTL. */
  async takeNonce(nonce: string): Promise<boolean> {
    const { rows } = await this.db.query<{ issued_at: Date }>('DELETE FROM siwx_nonces WHERE nonce = $1 RETURNING issued_at', [nonce])
    const issued = rows[0]?.issued_at
    return issued !== undefined && this.clock.now() - issued.getTime() <= SIGN_IN_NONCE_TTL_MS
  }

  /** Keeps `session` for the site `origin` until the message's expiry; the bearer token that reads it. */
  async open(session: SignInSession, origin: string, expiresAtMs: number): Promise<string> {
    const token = randomBytes(32).toString('base64url')
    await this.db.query(
      `INSERT INTO siwx_sessions (token_hash, account_address, chain_id, origin, data, message, signature, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9)`,
      [
        hashToken(token),
        session.data.accountAddress,
        session.data.chainId,
        origin,
        JSON.stringify(session.data),
        session.message,
        session.signature,
        new Date(this.clock.now()),
        new Date(expiresAtMs),
      ],
    )
    return token
  }

  /** The session behind `token`; an expired one is signed out on the way. */
  async read(token: string): Promise<SessionLookup> {
    const hash = hashToken(token)
    const { rows } = await this.db.query<{ data: SignInMessageData; message: string; signature: string; expires_at: Date }>(
      'SELECT data, message, signature, expires_at FROM siwx_sessions WHERE token_hash = $1',
      [hash],
    )
    const row = rows[0]
    if (row === undefined) return { status: 'unknown' }
    if (!(row.expires_at.getTime() > this.clock.now())) {
      await this.db.query('DELETE FROM siwx_sessions WHERE token_hash = $1', [hash])
      return { status: 'expired' }
    }
    return { status: 'current', session: { data: row.data, message: row.message, signature: row.signature } }
  }

  /** Voids `token` (a token already void stays void). */
  async close(token: string): Promise<void> {
    await this.db.query('DELETE FROM siwx_sessions WHERE token_hash = $1', [hashToken(token)])
  }

  /** Deletes nonces past their TTL and sessions expired more than a day ago; how many of each. */
  async prune(): Promise<{ nonces: number; sessions: number }> {
    const now = this.clock.now()
    const nonces = await this.db.query('DELETE FROM siwx_nonces WHERE issued_at < $1 RETURNING nonce', [new Date(now - SIGN_IN_NONCE_TTL_MS)])
    const sessions = await this.db.query('DELETE FROM siwx_sessions WHERE expires_at < $1 RETURNING token_hash', [new Date(now - EXPIRED_SESSION_KEPT_MS)])
    return { nonces: nonces.rows.length, sessions: sessions.rows.length }
  }
}
