import type { ServiceIdentifier } from 'inversify'
import type { RequestOptions } from './blockchain/request-options'
import type { PaymasterStub, PaymasterSponsorship, SponsorshipRequest, SponsorshipTicket } from '../domain/sponsorship/sponsorship'

/**
 * The app's gas sponsor (docs/sponsorship.md): a paymaster service that pays a signed-in
 * visitor's operations within the app's policy.
 */
export interface PaymasterService {
  /**
   * Stub data to estimate the operation's gas with, when the operation is within the policy and
   * today's limits. Reserves nothing. MUST reject SponsorshipRefusedError (with the service's
   * reason) when it would not be sponsored; service failures reject with the HTTP client's typed
   * errors.
   */
  stubData(request: SponsorshipRequest, options?: RequestOptions): Promise<PaymasterStub>
  /**
   * The paymaster's signed data for the operation with its final gas: counted against the
   * account's and the app's limits, valid a short while. MUST reject SponsorshipRefusedError when
   * it is not sponsored (outside the policy, over a limit, failing on the chain); MUST NOT
   * resolve for an operation another session's account sends.
   */
  sponsor(request: SponsorshipRequest, options?: RequestOptions): Promise<PaymasterSponsorship>
  /**
   * A ticket a browser wallet carries to the paymaster (ERC-7677 `context: { ticket }`) in place of
   * the visitor's session, which it cannot send: good a few minutes, for `account`'s operations on
   * `caipNetworkId` only, and for nothing but the paymaster. MUST reject SponsorshipRefusedError
   * `not-signed-in` when the session is unknown or expired, `not-your-account` when it does not
   * speak for `account`; service failures reject with the HTTP client's typed errors.
   */
  ticket(request: { readonly caipNetworkId: string; readonly account: string; readonly sessionToken: string }, options?: RequestOptions): Promise<SponsorshipTicket>
}
export const PaymasterService = Symbol('PaymasterService') as ServiceIdentifier<PaymasterService>
