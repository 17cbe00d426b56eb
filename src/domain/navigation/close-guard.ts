/**
 * Closing is disabled on the sign and approve views while sign-in is required and no session
 * exists; the modal shakes for 500 ms instead (spec sections 4 and 9).
 */
import { SHAKE_DURATION_MS } from '../constants'
import type { ViewName } from './views'

export const CLOSE_GUARDED_VIEWS: readonly ViewName[] = ['SIWXSignMessage', 'ApproveTransaction']

export interface CloseGuardContext {
  view: ViewName
  /** SIWX is configured and required. */
  siwxRequired: boolean
  /** At least one SIWX session exists for the active account. */
  hasSession: boolean
}

export type CloseDecision =
  | { readonly action: 'close' }
  | { readonly action: 'shake'; readonly durationMs: number }

export function isCloseBlocked(ctx: CloseGuardContext): boolean {
  return CLOSE_GUARDED_VIEWS.includes(ctx.view) && ctx.siwxRequired && !ctx.hasSession
}

export function decideClose(ctx: CloseGuardContext): CloseDecision {
  return isCloseBlocked(ctx) ? { action: 'shake', durationMs: SHAKE_DURATION_MS } : { action: 'close' }
}
