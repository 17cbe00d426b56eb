/**
 * WalletConnect pairing expiry (spec sections 4 and 9): a new pairing lasts 4 minutes and counts
 * as expired once less than 10 seconds remain.
 */
import { PAIRING_EXPIRY_MARGIN_MS, PAIRING_LIFETIME_MS } from '../constants'

export interface Pairing {
  readonly uri: string
  readonly expiresAtMs: number
}

export function createPairing(uri: string, nowMs: number): Pairing {
  return { uri, expiresAtMs: nowMs + PAIRING_LIFETIME_MS }
}

/** Expired when less than 10 s remain (exactly 10 s left is still valid). */
export function isPairingExpired(pairing: Pick<Pairing, 'expiresAtMs'>, nowMs: number): boolean {
  return pairing.expiresAtMs - nowMs < PAIRING_EXPIRY_MARGIN_MS
}

/** The pairing to use: the existing one while unexpired, else a fresh one for `newUri`. */
export function reuseOrCreatePairing(
  existing: Pairing | undefined,
  newUri: () => string,
  nowMs: number,
): { pairing: Pairing; reused: boolean } {
  if (existing && !isPairingExpired(existing, nowMs)) return { pairing: existing, reused: true }
  return { pairing: createPairing(newUri(), nowMs), reused: false }
}
