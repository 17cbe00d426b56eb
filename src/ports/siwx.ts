import type { ServiceIdentifier } from 'inversify'
import type { CaipNetworkId, ChainNamespace, SiwxMessageData, SiwxSession } from '../domain/entities'
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

/**
 * A sign-in asked together with a wallet connection, answered by the wallet in the same approval
 * (WalletConnect's authenticate request, CACAO). The wallet signs one message per chain it serves.
 */
export interface SiwxConnectRequest {
  /** The family the request is for (only eip155 today). */
  readonly namespace: ChainNamespace
  readonly domain: string
  readonly uri: string
  readonly statement?: string | undefined
  readonly nonce: string
  /** CAIP-2 ids of the family's configured networks, in configured order. */
  readonly chainIds: readonly CaipNetworkId[]
  /** ISO 8601, ms precision. */
  readonly expirationTime: string
}

/** Sign-in carried by a connection: what to ask the wallet, and what to do with its signed answers. */
export interface SiwxOnConnect {
  /**
   * MUST resolve a fresh request (new nonce) for `namespace`, or undefined when sign-in has nothing
   * to ask there (no configured network or message format of that family). Rejects when it cannot
   * be prepared (no nonce).
   */
  request(namespace: ChainNamespace): Promise<SiwxConnectRequest | undefined>
  /**
   * MUST check every signed session against `request` (domain, uri, nonce, a requested chain, the
   * requested expiry, in force now) and its signature as a sign-in signature would be, and only
   * when all pass store them all; resolves the stored sessions. When any fails nothing is stored,
   * the visitor is told "Signature declined" and it resolves []. Never rejects.
   */
  accept(request: SiwxConnectRequest, sessions: readonly SiwxSession[]): Promise<readonly SiwxSession[]>
}
