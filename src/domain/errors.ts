/**
 * The error catalogue of spec section 8 (plus the validation messages of section 5).
 *
 * Thrown conditions are one class each: a literal `name`, a stable `code`, and the spec's exact
 * text as `message`. Views show `error.message` unchanged. Snack and alert texts are named
 * constants (they are shown, not thrown). Trailing full stops in the spec's lists are list
 * punctuation, not part of the messages.
 */

import { DomainError } from './domain-error'
import { EMBEDDED_WALLET_MESSAGES, VALIDATION_MESSAGES } from './messages'

export { DomainError, isDomainError } from './domain-error'
export * from './messages'
export { DisconnectChainError, DisconnectError } from './disconnect-errors'
export { ChainRequiredForConnectionClientError } from './connection/connection-errors'

// ---------------------------------------------------------------- thrown errors (section 8)

export class GasPriceNetworkNotSupportedError extends DomainError {
  override readonly name = 'GasPriceNetworkNotSupportedError' as const
  readonly code = 'GAS_PRICE_NETWORK_NOT_SUPPORTED' as const
  constructor(options?: { cause?: unknown }) {
    super('Network not supported for Gas Price', options)
  }
}

export class SwapNetworkNotSupportedError extends DomainError {
  override readonly name = 'SwapNetworkNotSupportedError' as const
  readonly code = 'SWAP_NETWORK_NOT_SUPPORTED' as const
  constructor(options?: { cause?: unknown }) {
    super('Network not supported for Swaps', options)
  }
}

export class NetworkNotFoundError extends DomainError {
  override readonly name = 'NetworkNotFoundError' as const
  readonly code = 'NETWORK_NOT_FOUND' as const
  constructor(options?: { cause?: unknown }) {
    super('Network not found', options)
  }
}

export class AddressOrAuthConnectorNotFoundError extends DomainError {
  override readonly name = 'AddressOrAuthConnectorNotFoundError' as const
  readonly code = 'ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND' as const
  constructor(options?: { cause?: unknown }) {
    super('Address or auth connector not found', options)
  }
}

export class ResolveNameError extends DomainError {
  override readonly name = 'ResolveNameError' as const
  readonly code = 'RESOLVE_NAME_FAILED' as const
  constructor(options?: { cause?: unknown }) {
    super('Error resolving name', options)
  }
}

export class NameSuggestionsError extends DomainError {
  override readonly name = 'NameSuggestionsError' as const
  readonly code = 'NAME_SUGGESTIONS_FAILED' as const
  constructor(options?: { cause?: unknown }) {
    super('Error fetching name suggestions', options)
  }
}

export class NamesForAddressError extends DomainError {
  override readonly name = 'NamesForAddressError' as const
  readonly code = 'NAMES_FOR_ADDRESS_FAILED' as const
  constructor(options?: { cause?: unknown }) {
    super('Error fetching names for address', options)
  }
}

/**
 * Registration failure. The name service's first reason description wins when present;
 * otherwise "Error registering name {name}".
 */
export class RegisterNameError extends DomainError {
  override readonly name = 'RegisterNameError' as const
  readonly code = 'REGISTER_NAME_FAILED' as const
  readonly accountName: string
  constructor(accountName: string, options?: { reason?: string; cause?: unknown }) {
    const reason = options?.reason?.trim()
    super(reason ? reason : `Error registering name ${accountName}`, { cause: options?.cause })
    this.accountName = accountName
  }

  /** Builds the error from a name-service answer body `{ reasons: [{ description }] }`. */
  static fromReasons(accountName: string, body: unknown, cause?: unknown): RegisterNameError {
    return new RegisterNameError(accountName, { reason: firstReasonDescription(body), cause })
  }
}

/** The first `reasons[].description` of a name-service error body, if any. */
export function firstReasonDescription(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('reasons' in body)) return undefined
  const reasons = (body as { reasons: unknown }).reasons
  if (!Array.isArray(reasons) || reasons.length === 0) return undefined
  const first: unknown = reasons[0]
  if (typeof first !== 'object' || first === null || !('description' in first)) return undefined
  const description = (first as { description: unknown }).description
  return typeof description === 'string' && description.trim() !== '' ? description : undefined
}

export class ChainRequiredForAccountDataError extends DomainError {
  override readonly name = 'ChainRequiredForAccountDataError' as const
  readonly code = 'CHAIN_REQUIRED_FOR_ACCOUNT_DATA' as const
  constructor(options?: { cause?: unknown }) {
    super('Chain is required to update chain account data', options)
  }
}

export class ChainAdapterNotFoundError extends DomainError {
  override readonly name = 'ChainAdapterNotFoundError' as const
  readonly code = 'CHAIN_ADAPTER_NOT_FOUND' as const
  constructor(options?: { cause?: unknown }) {
    super('Chain adapter not found', options)
  }
}

export class NetworkClientNotSetError extends DomainError {
  override readonly name = 'NetworkClientNotSetError' as const
  readonly code = 'NETWORK_CLIENT_NOT_SET' as const
  constructor(options?: { cause?: unknown }) {
    super('NetworkController client not set', options)
  }
}

export class ConnectionClientNotSetError extends DomainError {
  override readonly name = 'ConnectionClientNotSetError' as const
  readonly code = 'CONNECTION_CLIENT_NOT_SET' as const
  constructor(options?: { cause?: unknown }) {
    super('ConnectionController client not set', options)
  }
}

export class SiwxNotEnabledError extends DomainError {
  override readonly name = 'SiwxNotEnabledError' as const
  readonly code = 'SIWX_NOT_ENABLED' as const
  constructor(options?: { cause?: unknown }) {
    super('SIWX is not enabled', options)
  }
}

export class NoActiveCaipAddressError extends DomainError {
  override readonly name = 'NoActiveCaipAddressError' as const
  readonly code = 'NO_ACTIVE_CAIP_ADDRESS' as const
  constructor(options?: { cause?: unknown }) {
    super('No ActiveCaipAddress found', options)
  }
}

export class NoActiveCaipNetworkError extends DomainError {
  override readonly name = 'NoActiveCaipNetworkError' as const
  readonly code = 'NO_ACTIVE_CAIP_NETWORK' as const
  constructor(options?: { cause?: unknown }) {
    super('No ActiveCaipNetwork or client found', options)
  }
}

export class NoConnectionClientError extends DomainError {
  override readonly name = 'NoConnectionClientError' as const
  readonly code = 'NO_CONNECTION_CLIENT' as const
  constructor(options?: { cause?: unknown }) {
    super('No ConnectionController client found', options)
  }
}

export class TransactionsWithoutAddressError extends DomainError {
  override readonly name = 'TransactionsWithoutAddressError' as const
  readonly code = 'TRANSACTIONS_WITHOUT_ADDRESS' as const
  constructor(options?: { cause?: unknown }) {
    super("Transactions can't be fetched without an accountAddress", options)
  }
}

// ---------------------------------------------------------------- embedded wallet (section 8)

/** Email login retried within the 30 s cooldown. */
export class EmailLoginCooldownError extends DomainError {
  override readonly name = 'EmailLoginCooldownError' as const
  readonly code = 'EMAIL_LOGIN_COOLDOWN' as const
  readonly remainingSeconds: number
  constructor(remainingSeconds: number, options?: { cause?: unknown }) {
    super(EMBEDDED_WALLET_MESSAGES.cooldown(remainingSeconds), options)
    this.remainingSeconds = remainingSeconds
  }
}

export class RpcCallNotAllowedError extends DomainError {
  override readonly name = 'RpcCallNotAllowedError' as const
  readonly code = 'RPC_CALL_NOT_ALLOWED' as const
  constructor(options?: { cause?: unknown }) {
    super('Requested RPC call is not allowed', options)
  }
}

export class ActionNotAllowedError extends DomainError {
  override readonly name = 'ActionNotAllowedError' as const
  readonly code = 'ACTION_NOT_ALLOWED' as const
  constructor(options?: { cause?: unknown }) {
    super('Action not allowed', options)
  }
}

export class RequestAbortedError extends DomainError {
  override readonly name = 'RequestAbortedError' as const
  readonly code = 'REQUEST_ABORTED' as const
  constructor(options?: { cause?: unknown }) {
    super('Request was aborted', options)
  }
}

export class SomethingWentWrongError extends DomainError {
  override readonly name = 'SomethingWentWrongError' as const
  readonly code = 'SOMETHING_WENT_WRONG' as const
  constructor(options?: { cause?: unknown }) {
    super('Something went wrong', options)
  }
}

export class EmbeddedWalletError extends DomainError {
  override readonly name = 'EmbeddedWalletError' as const
  readonly code = 'EMBEDDED_WALLET_ERROR' as const
  constructor(options?: { cause?: unknown }) {
    super('An error occurred', options)
  }
}

export class EmailLoginDependencyError extends DomainError {
  override readonly name = 'EmailLoginDependencyError' as const
  readonly code = 'EMAIL_LOGIN_DEPENDENCY_UNAVAILABLE' as const
  constructor(options?: { cause?: unknown }) {
    super(EMBEDDED_WALLET_MESSAGES.dependencyUnavailable, options)
  }
}

// ---------------------------------------------------------------- validation and wallet errors (section 5)

export class SendFormIncompleteError extends DomainError {
  override readonly name = 'SendFormIncompleteError' as const
  readonly code = 'SEND_AMOUNT_AND_RECEIVER_REQUIRED' as const
  constructor(options?: { cause?: unknown }) {
    super(VALIDATION_MESSAGES.sendAmountAndReceiverRequired, options)
  }
}

export class SendTokenRequiredError extends DomainError {
  override readonly name = 'SendTokenRequiredError' as const
  readonly code = 'SEND_TOKEN_REQUIRED' as const
  constructor(options?: { cause?: unknown }) {
    super(VALIDATION_MESSAGES.sendTokenRequired, options)
  }
}

export class UnsupportedChainError extends DomainError {
  override readonly name = 'UnsupportedChainError' as const
  readonly code = 'UNSUPPORTED_CHAIN' as const
  constructor(options?: { cause?: unknown }) {
    super(VALIDATION_MESSAGES.unsupportedChain, options)
  }
}

export class InvalidChainIdError extends DomainError {
  override readonly name = 'InvalidChainIdError' as const
  readonly code = 'INVALID_CHAIN_ID' as const
  constructor(options?: { cause?: unknown }) {
    super(VALIDATION_MESSAGES.invalidChainId, options)
  }
}

export class InvalidAddressError extends DomainError {
  override readonly name = 'InvalidAddressError' as const
  readonly code = 'INVALID_ADDRESS' as const
  constructor(options?: { cause?: unknown }) {
    super(VALIDATION_MESSAGES.invalidAddress, options)
  }
}

export class InsufficientFundsError extends DomainError {
  override readonly name = 'InsufficientFundsError' as const
  readonly code = 'INSUFFICIENT_FUNDS' as const
  constructor(options?: { cause?: unknown }) {
    super(VALIDATION_MESSAGES.insufficientFunds, options)
  }
}

/** The wallet refused (RPC code 4001). */
export class TransactionRejectedError extends DomainError {
  override readonly name = 'TransactionRejectedError' as const
  readonly code = 'TRANSACTION_REJECTED' as const
  constructor(options?: { cause?: unknown }) {
    super(VALIDATION_MESSAGES.transactionRejected, options)
  }
}

/** An amount that cannot be parsed (not a number, negative, or too many decimals). */
export class InvalidAmountError extends DomainError {
  override readonly name = 'InvalidAmountError' as const
  readonly code = 'INVALID_AMOUNT' as const
  constructor(message: string = VALIDATION_MESSAGES.invalidAmount, options?: { cause?: unknown }) {
    super(message, options)
  }
}
