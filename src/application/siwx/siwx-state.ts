import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { SiwxSession } from '../../domain/entities'
import type { SiwxSessionFilter } from '../../domain/siwx/siwx-storage'
import type { SiwxOnConnect } from '../../ports/siwx'

/** Sign-in of the active namespace's account: 'disabled' when the host configured no `siwx`. */
export type SiwxStatus = 'disabled' | 'signed-out' | 'signing' | 'signed-in'
export interface SiwxState {
  readonly status: SiwxStatus
  /** The session in force for the connected address and network (status 'signed-in'). */
  readonly session?: SiwxSession
}

/** What the facade, the close guard and the sign view use of sign-in, before its chunk is loaded. */
export interface SiwxHandle {
  readonly state$: Observable<SiwxState>
  readonly snapshot: SiwxState
  signIn(): Promise<SiwxSession>
  signOut(): Promise<void>
  cancel(): Promise<void>
  getSessions(filter?: SiwxSessionFilter): Promise<SiwxSession[]>
  /** Sign-in carried by a connection (WalletConnect's authenticate request), when the loaded chunk offers it. */
  readonly onConnect?: SiwxOnConnect
}

/**
 * Loads sign-in (its own chunk, with the family's message code) when the host configured `siwx`
 * and a wallet connects.
 */
export interface SiwxLoader {
  /** The sign-in state; 'signed-out' until loaded, 'disabled' without `siwx`. Never errors. */
  readonly state$: Observable<SiwxState>
  readonly snapshot: SiwxState
  /** The loaded sign-in; rejects with SiwxNotEnabledError ("SIWX is not enabled") without `siwx`. */
  load(): Promise<SiwxHandle>
  dispose(): void
}
export const SiwxLoader = Symbol('SiwxLoader') as ServiceIdentifier<SiwxLoader>
