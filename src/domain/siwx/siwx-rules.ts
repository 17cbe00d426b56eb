/**
 * Sign-in-with-X flow decisions (spec section 4):
 * - after connecting on a supported network with no sessions, the sign view opens;
 * - signing success adds the session and closes the view; failure reopens it with an error;
 * - cancel disconnects when sign-in is required, else closes; then the view resets to Connect.
 */
import type { SnackMessageKey } from '../errors'
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
export function signatureFailureSnack(accountType: AccountType | undefined): SnackMessageKey {
  return accountType === 'smartAccount' ? 'smartAccountsUnsupported' : 'signatureDeclined'
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

/** Whether `session` is in force at `nowMs`: issued (and past Not Before) and not yet expired. */
export function isSessionCurrent(session: SiwxSession, nowMs: number): boolean {
  const { issuedAt, notBefore, expirationTime } = session.data
  const at = (iso: string | undefined) => (iso === undefined ? undefined : Date.parse(iso))
  const starts = [at(issuedAt), at(notBefore)].filter((t): t is number => t !== undefined)
  if (starts.some((t) => Number.isNaN(t) || t > nowMs)) return false
  const expires = at(expirationTime)
  return expires === undefined || (!Number.isNaN(expires) && nowMs < expires)
}

/** Whether `session` is for `address` (case-insensitive) and `chainId`, each when given. */
export function sessionMatches(
  session: SiwxSession,
  filter: { readonly caipNetworkId?: string | undefined; readonly address?: string | undefined },
): boolean {
  return (
    (filter.caipNetworkId === undefined || session.data.chainId === filter.caipNetworkId) &&
    (filter.address === undefined || session.data.accountAddress.toLowerCase() === filter.address.toLowerCase())
  )
}

export interface SignInNeedContext {
  readonly siwxEnabled: boolean
  /** The connected network is one the host configured (sign-in is never asked elsewhere). */
  readonly networkSupported: boolean
  /** The current sessions of the connected address on the connected network. */
  readonly sessions: readonly SiwxSession[]
  readonly nowMs: number
}

/** The connected account needs to sign in: supported network, and no current session for that address and chain. */
export function needsSignIn(ctx: SignInNeedContext): boolean {
  return shouldOpenSiwxSign({
    siwxEnabled: ctx.siwxEnabled,
    networkSupported: ctx.networkSupported,
    sessions: ctx.sessions.filter((s) => isSessionCurrent(s, ctx.nowMs)),
  })
}

/** What a signed session must say: the message the modal asked for. */
export interface SiwxExpectation {
  readonly accountAddress: string
  readonly chainId: string
  readonly domain: string
  readonly uri: string
  readonly nonce: string
}

export type SessionMismatch = 'address' | 'chain' | 'domain' | 'uri' | 'nonce' | 'expired' | 'not-yet-valid'

/** Why a signed session is not the one asked for (undefined: it is). Checked before it is stored. */
export function sessionMismatch(session: SiwxSession, expected: SiwxExpectation, nowMs: number): SessionMismatch | undefined {
  const { data } = session
  if (data.accountAddress.toLowerCase() !== expected.accountAddress.toLowerCase()) return 'address'
  if (data.chainId !== expected.chainId) return 'chain'
  if (data.domain !== expected.domain) return 'domain'
  if (data.uri !== expected.uri) return 'uri'
  if (data.nonce !== expected.nonce) return 'nonce'
  if (isSessionCurrent(session, nowMs)) return undefined
  const expires = data.expirationTime === undefined ? undefined : Date.parse(data.expirationTime)
  return expires === undefined || Number.isNaN(expires) || nowMs < expires ? 'not-yet-valid' : 'expired'
}
