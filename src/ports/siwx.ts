import type { ServiceIdentifier } from 'inversify'
import type { ChainNamespace, SiwxMessageData, SiwxSession } from '../domain/entities'
import type { SiwxStorage as SiwxStorageContract } from '../domain/siwx/siwx-storage'

/** Where sign-in sessions are kept (the contract is the domain's, which a host may implement). */
export type SiwxStorage = SiwxStorageContract
export const SiwxStorage = Symbol('SiwxStorage') as ServiceIdentifier<SiwxStorage>

/** One chain family's sign-in message format and signature check. */
export interface SiwxFamilyMessenger {
  /**
   * MUST return the text the wallet signs for `data`, in the family's standard format.
   * @throws when `data` cannot form a valid message (a bad domain, uri or address).
   */
  createMessage(data: SiwxMessageData): string
  /**
   * MUST resolve true only when `session.message` is exactly the message of `session.data`, that
   * message is in force at `nowMs`, and `session.signature` is the account's signature of it (a
   * smart account's through its contract). Resolves false for anything else; rejects only when the
   * chain cannot be asked.
   */
  verify(session: SiwxSession, nowMs: number): Promise<boolean>
}

/** The families' messengers by namespace, each loaded on demand (a family plugs in here). */
export interface SiwxMessengers {
  /** Resolves undefined for a family without sign-in; rejects when its code cannot be loaded. */
  get(namespace: ChainNamespace): Promise<SiwxFamilyMessenger | undefined>
}
export const SiwxMessengers = Symbol('SiwxMessengers') as ServiceIdentifier<SiwxMessengers>

/** Fresh sign-in nonces. */
export interface SiwxNonces {
  /** MUST resolve a new alphanumeric nonce of at least 8 characters; rejects when none can be had. */
  next(): Promise<string>
}
export const SiwxNonces = Symbol('SiwxNonces') as ServiceIdentifier<SiwxNonces>
