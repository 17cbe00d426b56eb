/**
 * The one policy for email codes (docs/security.md states it): how often a code may be mailed and
 * how many wrong codes may be tried, counted per email address and per client address across
 * code renewals, so that a code voided after its own attempts and mailed again does not reset
 * anything. Over an injected clock and the stores (./stores); the caller turns a wait into
 * the spec's "Please try again after N seconds".
 */
import type { Clock } from '../../clock.js'
import type { AttemptStore, CodeStore } from './stores.js'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE

export const CODE_LIMITS = {
  /** A new code under the same key (the same email's login, the same change's step) waits this long: the spec's cooldown. */
  resendCooldownMs: 30 * SECOND,
  /** Wrong codes per email address allowed in the window below, then the address is locked. */
  wrongPerEmail: 5,
  wrongPerEmailWindowMs: 15 * MINUTE,
  /** The first lock; each lock that follows another within `lockMemoryMs` of its end lasts twice the one before. */
  firstLockMs: 15 * MINUTE,
  lockMemoryMs: 24 * HOUR,
  /** Wrong codes per client address (whatever emails they were for) in the window below. */
  wrongPerClient: 20,
  wrongPerClientWindowMs: HOUR,
  /** Codes (and device links) mailed to one address in the window below. */
  mailsPerEmail: 10,
  mailsPerEmailWindowMs: 24 * HOUR,
} as const

export type CodeLimits = { readonly [K in keyof typeof CODE_LIMITS]: number }

const keys = {
  wrongEmail: (email: string) => `wrong-email ${email}`,
  wrongClient: (client: string) => `wrong-client ${client}`,
  mailed: (email: string) => `mailed ${email}`,
}

export class CodePolicy {
  constructor(
    private readonly attempts: AttemptStore,
    private readonly codes: CodeStore,
    private readonly clock: Clock,
    private readonly limits: CodeLimits = CODE_LIMITS,
  ) {}

  /**
   * Seconds to wait before a code may be mailed to `email` under `codeKey` (0: now): the
   * cooldown of the key (unless `skipCooldown`, for a code the owner's own approval asks for),
   * the address's daily mails, and a lock on the address.
   */
  async sendWait(codeKey: string, email: string, options: { skipCooldown?: boolean } = {}): Promise<number> {
    const now = this.clock.now()
    const waits = [await this.lockWait(email, now)]
    const last = await this.codes.lastSent(codeKey)
    if (options.skipCooldown !== true && last !== undefined) waits.push(last + this.limits.resendCooldownMs - now)
    const mailed = await this.attempts.since(keys.mailed(email), now - this.limits.mailsPerEmailWindowMs)
    if (mailed.length >= this.limits.mailsPerEmail) waits.push(mailed[mailed.length - this.limits.mailsPerEmail]! + this.limits.mailsPerEmailWindowMs - now)
    return seconds(Math.max(...waits))
  }

  /** A code was mailed to `email` under `codeKey`. */
  async sent(codeKey: string, email: string): Promise<void> {
    const now = this.clock.now()
    await this.codes.setLastSent(codeKey, now)
    await this.attempts.add(keys.mailed(email), now)
  }

  /**
   * The code under `codeKey` was entered right: its cooldown ends (the owner proved the address;
   * a login on another device right after is no resend). Wrong codes keep theirs.
   */
  async used(codeKey: string): Promise<void> {
    await this.codes.forgetLastSent(codeKey)
  }

  /** Seconds to wait before a code for `email` may be compared for `client` (0: now). Asked before every comparison. */
  async checkWait(email: string, client: string): Promise<number> {
    const now = this.clock.now()
    const wrong = await this.attempts.since(keys.wrongClient(client), now - this.limits.wrongPerClientWindowMs)
    const clientWait =
      wrong.length >= this.limits.wrongPerClient ? wrong[wrong.length - this.limits.wrongPerClient]! + this.limits.wrongPerClientWindowMs - now : 0
    return seconds(Math.max(await this.lockWait(email, now), clientWait))
  }

  /** A wrong code for `email` from `client`: counted for both; the address is locked once it had too many. */
  async wrong(email: string, client: string): Promise<void> {
    const now = this.clock.now()
    await this.attempts.add(keys.wrongClient(client), now)
    const emailKey = keys.wrongEmail(email)
    await this.attempts.add(emailKey, now)
    const lock = await this.attempts.lock(emailKey)
    // Wrong codes that led to the last lock are not counted again.
    const counted = await this.attempts.since(emailKey, Math.max(now - this.limits.wrongPerEmailWindowMs, (lock?.at ?? -Infinity) - 1))
    const sinceLock = lock === undefined ? counted : counted.filter((t) => t > lock.at)
    if (sinceLock.length < this.limits.wrongPerEmail) return
    const strikes = lock !== undefined && now - lock.until < this.limits.lockMemoryMs ? lock.strikes + 1 : 1
    await this.attempts.setLock(emailKey, { at: now, until: now + this.limits.firstLockMs * 2 ** (strikes - 1), strikes })
  }

  private async lockWait(email: string, now: number): Promise<number> {
    const lock = await this.attempts.lock(keys.wrongEmail(email))
    return lock === undefined ? 0 : lock.until - now
  }
}

/** Whole seconds, rounded up; 0 when nothing to wait. */
function seconds(ms: number): number {
  return ms > 0 ? Math.ceil(ms / SECOND) : 0
}
