/**
 * Sign-in-with-X flow decisions (spec section 4):
 * - after connecting on a supported network with no sessions, the sign view opens;
 * - signing success adds the session and closes the view; failure reopens it with an error;
 * - cancel disconnects when sign-in is required, else closes; then the view resets to Connect.
 */
import { SNACK_MESSAGES } from '../errors'
import type { AccountType, SiwxSession } from '../entities'
import type { ViewName } from '../navigation/views'

export interface SiwxOpenContext {
  siwxEnabled: boolean
  /** The connected network is among the networks sign-in supports. */
  networkSupported: boolean
  sessions: readonly SiwxSession[]
}

export function shouldOpenSiwxSign(ctx: SiwxOpenContext): boolean {
  return ctx.siwxEnabled && ctx.networkSupported && ctx.sessions.length === 0
}

export interface SiwxCancelOutcome {
  readonly disconnect: boolean
  readonly close: true
  readonly resetTo: ViewName
}

export function siwxCancelOutcome(required: boolean): SiwxCancelOutcome {
  return { disconnect: required, close: true, resetTo: 'Connect' }
}

/** Snack text after a failed signature: smart accounts get their own hint. */
export function signatureFailureMessage(accountType: AccountType | undefined): string {
  return accountType === 'smartAccount' ? SNACK_MESSAGES.smartAccountsUnsupported : SNACK_MESSAGES.signatureDeclined
}

/** Sessions for `accountAddress` on `chainId` (addresses compared case-insensitively). */
export function sessionsFor(
  sessions: readonly SiwxSession[],
  chainId: string,
  accountAddress: string,
): SiwxSession[] {
  const address = accountAddress.toLowerCase()
  return sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress.toLowerCase() === address)
}
