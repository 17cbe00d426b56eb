import type { ServiceIdentifier } from 'inversify'
import type { GrantedPermissions, PermissionsRequest, SmartSession } from '../domain/sessions/smart-sessions'
import type { RequestOptions } from './blockchain/request-options'

/**
 * The service that reads an account's session keys from chain state and confirms a revocation
 * (spec section 7: GET /v1/sessions/{address}, POST /v1/sessions/{address}/revoke).
 */
export interface SmartSessionsApi {
  /**
   * The account's session keys, as the chain holds them. MUST reject SmartSessionsListError when
   * the answer is not a sessions list (never resolve [] for it); service failures reject with the
   * HTTP client's typed errors.
   */
  list(address: string, options?: RequestOptions): Promise<SmartSession[]>
  /**
   * Asks the service to confirm the session's key is gone on chain. MUST resolve only when it
   * confirms; rejects HttpError (409) while the key is still granted.
   */
  confirmRevoked(address: string, params: { readonly pci: string; readonly signature: string }, options?: RequestOptions): Promise<void>
}
export const SmartSessionsApi = Symbol('SmartSessionsApi') as ServiceIdentifier<SmartSessionsApi>

/** The connected wallet's side of smart sessions: granting a session key and removing one. */
export interface SessionKeyWallet {
  /**
   * Sends the permissions request to the wallet of `connectorId` (the visitor confirms there) and
   * resolves the wallet's answer. MUST reject SmartSessionsUnsupportedError when that wallet cannot
   * grant permissions; a refusal by the visitor rejects WalletRequestError `rejected`.
   */
  grantPermissions(connectorId: string, request: PermissionsRequest): Promise<GrantedPermissions>
  /**
   * Removes the session's key by a transaction of the account's owner (the visitor confirms it in
   * the wallet); resolves its hash once mined. Rejects WalletRequestError for the wallet's refusal
   * or failure.
   */
  removeSessionKey(connectorId: string, session: Pick<SmartSession, 'chainId' | 'key'> & { readonly account: string }): Promise<string>
}
export const SessionKeyWallet = Symbol('SessionKeyWallet') as ServiceIdentifier<SessionKeyWallet>
