/**
 * What a login holds between its steps, in the server's database (migration 11), so that any
 * replica may take the next step: the flow a social sign-in started (its state, PKCE verifier,
 * nonce and browser binding), the ticket its callback hands the page, the Farcaster channel a QR
 * code shows, the form of an emailed device-approval page. Each is found by the SHA-256 of the value handed out (the state, the
 * ticket, the channel token: a copy of the database redeems nothing), lives until its expiry, and
 * a `take` removes it in the same statement that reads it, so two replicas never both use one.
 */
import type { Queryable } from '../../db/database.js'
import { tokenHash } from './pg-stores.js'

export type OneTimeKind = 'social-flow' | 'social-ticket' | 'farcaster-channel' | 'device-approval-form' | 'passkey-registration' | 'passkey-login'

type Json = string | number | boolean | null | readonly Json[] | JsonObject
/** What is kept: always an object (read back as the same object). */
export interface JsonObject {
  readonly [key: string]: Json | undefined
}

/** The store's contract (OneTimeValues in the database; InMemoryOneTimeValues for unit tests). */
export interface OneTimeStore {
  put(kind: OneTimeKind, key: string, value: JsonObject, lifetimeMs: number): Promise<void>
  take<T extends JsonObject>(kind: OneTimeKind, key: string): Promise<T | undefined>
  peek<T extends JsonObject>(kind: OneTimeKind, key: string): Promise<T | undefined>
  sweep(): Promise<number>
}

/** How often a replica clears expired values while it hands out new ones. */
export const ONE_TIME_SWEEP_INTERVAL_MS = 60_000

export class OneTimeValues implements OneTimeStore {
  private sweptAt = Number.NEGATIVE_INFINITY

  constructor(
    private readonly db: Queryable,
    private readonly now: () => number,
  ) {}

  /**
   * Keeps `value` under `key` for `lifetimeMs`; a value already there under that key is replaced.
   * Values nobody took (challenges handed out to anyone who asks) are cleared as new ones come, at
   * most once a minute per replica: the table holds what is alive, whatever a caller asks for.
   */
  async put(kind: OneTimeKind, key: string, value: JsonObject, lifetimeMs: number): Promise<void> {
    if (this.now() - this.sweptAt >= ONE_TIME_SWEEP_INTERVAL_MS) {
      this.sweptAt = this.now()
      await this.sweep()
    }
    await this.db.query(
      `INSERT INTO wallet_one_time (kind, key_hash, value, expires_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, key_hash) DO UPDATE SET value = $3, expires_at = $4`,
      [kind, tokenHash(key), JSON.stringify(value), this.now() + lifetimeMs],
    )
  }

  /** The value, removed as it is read: a second take, on any replica, finds nothing. Undefined when unknown or expired. */
  async take<T extends JsonObject>(kind: OneTimeKind, key: string): Promise<T | undefined> {
    const { rows } = await this.db.query<{ value: unknown; expires_at: string }>('DELETE FROM wallet_one_time WHERE kind = $1 AND key_hash = $2 RETURNING value, expires_at', [kind, tokenHash(key)])
    return this.live<T>(rows[0])
  }

  /** The value, left in place (a channel read while its sign-in is pending). Undefined when unknown or expired. */
  async peek<T extends JsonObject>(kind: OneTimeKind, key: string): Promise<T | undefined> {
    const { rows } = await this.db.query<{ value: unknown; expires_at: string }>('SELECT value, expires_at FROM wallet_one_time WHERE kind = $1 AND key_hash = $2', [kind, tokenHash(key)])
    return this.live<T>(rows[0])
  }

  /** Removes every expired value; returns how many. */
  async sweep(): Promise<number> {
    const { rows } = await this.db.query('DELETE FROM wallet_one_time WHERE expires_at < $1 RETURNING kind', [this.now()])
    return rows.length
  }

  private live<T extends JsonObject>(row: { value: unknown; expires_at: string } | undefined): T | undefined {
    if (row === undefined || Number(row.expires_at) < this.now()) return undefined
    // node-postgres and PGlite both parse jsonb; a driver that does not hands the text.
    return (typeof row.value === 'string' ? JSON.parse(row.value) : row.value) as T
  }
}

/** The same contract in the process (one replica only): for unit tests of what uses the store. */
export class InMemoryOneTimeValues implements OneTimeStore {
  private readonly values = new Map<string, { value: string; expiresAt: number }>()

  constructor(private readonly now: () => number) {}

  async put(kind: OneTimeKind, key: string, value: JsonObject, lifetimeMs: number): Promise<void> {
    this.values.set(this.id(kind, key), { value: JSON.stringify(value), expiresAt: this.now() + lifetimeMs })
  }

  async take<T extends JsonObject>(kind: OneTimeKind, key: string): Promise<T | undefined> {
    const found = await this.peek<T>(kind, key)
    this.values.delete(this.id(kind, key))
    return found
  }

  async peek<T extends JsonObject>(kind: OneTimeKind, key: string): Promise<T | undefined> {
    const entry = this.values.get(this.id(kind, key))
    return entry === undefined || entry.expiresAt < this.now() ? undefined : (JSON.parse(entry.value) as T)
  }

  async sweep(): Promise<number> {
    let removed = 0
    for (const [id, entry] of this.values) {
      if (entry.expiresAt < this.now()) {
        this.values.delete(id)
        removed++
      }
    }
    return removed
  }

  private id(kind: OneTimeKind, key: string): string {
    return `${kind} ${tokenHash(key).toString('hex')}`
  }
}
