import type { ServiceIdentifier } from 'inversify'

/** Wall-clock time for rules that need "now" (caches, cooldowns, expiry). */
export interface Clock {
  /** MUST return the current time in epoch milliseconds; never throws. */
  now(): number
}
export const Clock = Symbol('Clock') as ServiceIdentifier<Clock>
