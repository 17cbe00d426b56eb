/**
 * What every port of the blockchain service (spec section 7, wire contract: docs/service-api.md)
 * shares: its calls' options and its failures.
 *
 * Unless a method says otherwise, a failed call rejects with a typed service error from
 * `../http-errors`: `HttpError` (non-2xx; message `HTTP status code: <status>`, Response as cause),
 * `MalformedResponseError` (not JSON or not the contract's shape), `ServiceUnreachableError` or
 * `ServiceTimeoutError` (no answer within the client's time limit).
 * Aborting `signal` rejects with the signal's reason and never cancels the same request for
 * another caller. Nothing else is thrown.
 *
 * "Supported network" means: the chain's namespace is one the capability supports (spec section 9:
 * balance and send eip155 and solana; names and activity eip155 only; on-ramp eip155 and solana)
 * and the service lists the chain in `GET /v1/supported-chains` (`http`).
 */
export interface RequestOptions {
  readonly signal?: AbortSignal
}

export interface CachedRequestOptions extends RequestOptions {
  /** Skip the cache (and ask the service for fresh data where it supports it). */
  readonly forceUpdate?: boolean
}

export interface IdentityOptions extends CachedRequestOptions {
  /** The connected account asking, sent as `sender`. */
  readonly sender?: string
}
