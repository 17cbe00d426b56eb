/**
 * The storage the login rules need, as ports: pending codes (with the resend cooldown, which
 * outlives its code), counted events and locks (wrong codes, mails sent), and sessions. Every
 * operation is one statement or one atomic step, so that several replicas on one database apply
 * the rules as one process would: a code is used once, an attempt is spent once.
 * ./pg-stores keeps them in the server's database; ./memory-stores in the process (tests).
 */

/** A one-time code waiting to be entered. */
export interface PendingCode {
  readonly code: string
  /** The address the code was mailed to: wrong codes are counted against it. */
  readonly recipient: string
  readonly deviceId: string
  readonly expiresAt: number
  readonly attemptsLeft: number
}

export interface CodeStore {
  /** The code pending under `key`, or undefined. */
  get(key: string): Promise<PendingCode | undefined>
  /** Puts `code` under `key`, replacing any code there. */
  put(key: string, code: PendingCode): Promise<void>
  /** Removes the code under `key`. MUST keep the key's last-sent time: the cooldown outlives the code. */
  delete(key: string): Promise<void>
  /** Removes the code under `key` if it is still `code`: true for exactly one caller. */
  use(key: string, code: string): Promise<boolean>
  /** Spends one attempt of the code under `key`: the attempts left after it (the code is removed at 0), or undefined when none is pending. */
  spendAttempt(key: string): Promise<number | undefined>
  /** When a code was last mailed under `key`, or undefined if never (or long enough ago to forget). */
  lastSent(key: string): Promise<number | undefined>
  setLastSent(key: string, at: number): Promise<void>
  /** Forgets the key's last-sent time (its code was used: the next one may go at once). */
  forgetLastSent(key: string): Promise<void>
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
  add(key: string, at: number): Promise<void>
  /**
   * The times of `key`'s events later than `after`, oldest first. MAY forget events older than
   * `after` (nothing asks for them again with an earlier bound).
   */
  since(key: string, after: number): Promise<number[]>
  lock(key: string): Promise<Lock | undefined>
  setLock(key: string, lock: Lock): Promise<void>
}

/** A bearer session of the wallet service. */
export interface LoginSession {
  readonly token: string
  readonly userId: string
  readonly deviceId: string
  readonly expiresAt: number
  /** The app (project and host origin) the session was made for; only that app's requests use it. */
  readonly app?: string
}

export interface SessionStore {
  get(token: string): Promise<LoginSession | undefined>
  set(session: LoginSession): Promise<void>
  delete(token: string): Promise<void>
  /** Ends every session of `userId`; how many it ended. */
  deleteForUser(userId: string): Promise<number>
}

export interface LoginStores {
  readonly codes: CodeStore
  readonly attempts: AttemptStore
  readonly sessions: SessionStore
}
