/**
 * Where sign-in sessions are kept. The modal's default keeps them in its own storage; a host can
 * pass its own (`siwx.storage`), e.g. one that keeps them on its server. The port of the same name
 * (src/ports/siwx-storage.ts) is this contract with a DI token.
 */
import type { CaipNetworkId, SiwxSession } from '../entities'

/** Which sessions: every given field must match (addresses compared case-insensitively). */
export interface SiwxSessionFilter {
  readonly caipNetworkId?: CaipNetworkId | undefined
  readonly address?: string | undefined
}

export interface SiwxStorage {
  /** MUST keep `session`, replacing any session of the same address and network. Rejects when it cannot. */
  add(session: SiwxSession): Promise<void>
  /**
   * MUST resolve the current sessions matching `filter` (every session without one): a session
   * expired or not yet valid is left out. Rejects when the sessions cannot be read.
   */
  get(filter?: SiwxSessionFilter): Promise<SiwxSession[]>
  /** MUST delete the sessions matching `filter` (every session without one). Rejects when it cannot. */
  delete(filter?: SiwxSessionFilter): Promise<void>
}

/** Whether a host's `siwx.storage` has the contract's methods. */
export function isSiwxStorage(value: unknown): value is SiwxStorage {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return ['add', 'get', 'delete'].every((method) => typeof candidate[method] === 'function')
}
