import type { ServiceIdentifier } from 'inversify'
import type { CaipAddress, NameProfile, NameSuggestion } from '../../domain/entities'
import type { CachedRequestOptions, IdentityOptions, RequestOptions } from './request-options'

/**
 * Reading the name service (failures, options: `./request-options`): what the send form resolves
 * and registration suggests. Its caches never hide a name registered through
 * {@link NameRegistrationApi} of the same modal.
 */
export interface NamesApi {
  /**
   * The profile of a name (GET /v1/profile/account/{name}?apiVersion=2). MUST resolve null when the
   * name is not registered (404). Cached 5 min per name; `forceUpdate` bypasses.
   * @throws ResolveNameError (cause: the service error) on any other failure.
   */
  lookUpName(name: string, options?: CachedRequestOptions): Promise<NameProfile | null>

  /**
   * Names of an address (GET /v1/profile/reverse/{address}?sender=&apiVersion=2). Cached 5 min;
   * `forceUpdate` bypasses. MUST resolve [] without a request for a non-eip155 address.
   * @throws NamesForAddressError (cause: the service error) on failure.
   */
  reverseLookUpNames(address: CaipAddress, options?: IdentityOptions): Promise<NameProfile[]>

  /**
   * Free and taken names like `name` (GET /v1/profile/suggestions/{name}?zone=).
   * @throws NameSuggestionsError (cause: the service error) on failure.
   */
  getNameSuggestions(name: string, options?: NameSuggestionsOptions): Promise<NameSuggestion[]>
}
export const NamesApi = Symbol('NamesApi') as ServiceIdentifier<NamesApi>

/** Registering a name (failures: below), a port of its own so only registration's chunk carries it. */
export interface NameRegistrationApi {
  /**
   * Registers a name (POST /v1/profile/account) with an EIP-191 signed message. What
   * {@link NamesApi} and `IdentityApi` answer afterwards reflects it.
   * @throws RegisterNameError whose message is the service's first reason description, else
   * "Error registering name {name}" (cause: the service error).
   */
  registerName(params: RegisterNameParams, options?: RequestOptions): Promise<NameProfile>
}
export const NameRegistrationApi = Symbol('NameRegistrationApi') as ServiceIdentifier<NameRegistrationApi>

export interface NameSuggestionsOptions extends RequestOptions {
  /** The provider's own zone, e.g. `wg.id`. */
  readonly zone?: string
}

export interface RegisterNameParams {
  /** The full name, e.g. `alice.wg.id` (used for the error message). */
  readonly name: string
  readonly coinType: number
  readonly address: string
  /** The JSON message that was signed (docs/service-api.md, name registration). */
  readonly message: string
  readonly signature: string
}
