/**
 * The storage the auth service's guards need, as ports: pending codes (with the resend cooldown,
 * which outlives its code), counted events and locks (wrong codes, mails sent), and sessions.
 * The devnet keeps them in memory (./memory-stores); a service on a database implements the same
 * interfaces and keeps the policy (./code-policy) as it is.
 */

/** The time, in ms since the epoch. Every rule reads it here, so a test can move it. */
export interface Clock {
  now(): number
}

/** A one-time code waiting to be entered. */
export interface PendingCode {
  readonly code: string
  /** The address the code was mailed to: wrong codes are counted against it. */
  readonly recipient: string
  readonly deviceId: string
  expiresAt: number
  attemptsLeft: number
}

export interface CodeStore {
  /** The code pending under `key`, or undefined. */
  get(key: string): PendingCode | undefined
  /** Puts `code` under `key`, replacing any code there. */
  put(key: string, code: PendingCode): void
  /** Removes the code under `key`. MUST keep the key's last-sent time: the cooldown outlives the code. */
  delete(key: string): void
  /** When a code was last mailed under `key`, or undefined if never (or long enough ago to forget). */
  lastSent(key: string): number | undefined
  setLastSent(key: string, at: number): void
  /** Forgets the key's last-sent time (its code was used: the next one may go at once). */
  forgetLastSent(key: string): void
}

/** A lock on a key (an email that had too many wrong codes). */
export interface Lock {
  /** When the lock began. */
  readonly at: number
  readonly until: number
  /** Locks in a row: the n-th lasts 2^(n-1) times the first. */
  readonly strikes: number
}

export interface AttemptStore {
  /** Records one event under `key` at `at` (a wrong code, a mail sent). */
  add(key: string, at: number): void
  /**
   * The times of `key`'s events later than `after`, oldest first. MAY forget events older than
   * `after` (nothing asks for them again with an earlier bound).
   */
  since(key: string, after: number): number[]
  lock(key: string): Lock | undefined
  setLock(key: string, lock: Lock): void
}

/** Sessions by token; `S` is the service's session record (it names its user). */
export interface SessionStore<S extends { readonly token: string; readonly userId: string }> {
  get(token: string): S | undefined
  set(token: string, session: S): void
  delete(token: string): void
  /** Ends every session of `userId`. */
  deleteForUser(userId: string): void
}
