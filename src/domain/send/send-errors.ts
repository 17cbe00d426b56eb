/**
 * What can stop a send, as values (the state of the send stores carries these, never texts), and
 * the one function that words them. The words are the spec's (section 5) or the catalogue's in
 * src/domain/errors.ts; a wallet's or chain's own failure keeps its own words.
 */
import {
  InvalidAddressError,
  InsufficientFundsError,
  NoActiveCaipAddressError,
  ResolveNameError,
  SendFormIncompleteError,
  SendTokenRequiredError,
  TransactionRejectedError,
  UnsupportedChainError,
  VALIDATION_MESSAGES,
  tooManyDecimalsMessage,
} from '../errors'
import { chainFamilyLabel } from '../connection/connectors'
import type { ChainNamespace } from '../entities'

/** A rule of the send form that the typed values break. */
export type SendFormError =
  | { readonly kind: 'amountAndReceiverRequired' }
  | { readonly kind: 'tokenRequired' }
  | { readonly kind: 'unsupportedChain' }
  | { readonly kind: 'invalidAddress' }
  /** The receiver is an address of another chain family than `namespace`, the one sent on. */
  | { readonly kind: 'wrongFamily'; readonly namespace: ChainNamespace }
  | { readonly kind: 'invalidAmount' }
  | { readonly kind: 'tooManyDecimals'; readonly decimals: number }
  | { readonly kind: 'amountNotPositive' }
  | { readonly kind: 'insufficientFunds' }

/** Anything that stops a review or a send. */
export type SendError =
  | SendFormError
  | { readonly kind: 'notConnected' }
  | { readonly kind: 'nameLookupFailed' }
  | { readonly kind: 'feeEstimateFailed' }
  | { readonly kind: 'transactionRejected' }
  /** The wallet or the chain refused for its own reason; `reason` is its own words. */
  | { readonly kind: 'walletFailed'; readonly reason: string }

/** The fee estimate failed (Walletgate's own text, the same as the transfer port's error). */
export const FEE_ESTIMATE_FAILED_MESSAGE = 'Could not estimate the network fee'

/** The text a view shows for `error`. */
export function sendErrorMessage(error: SendError): string {
  switch (error.kind) {
    case 'amountAndReceiverRequired':
      return new SendFormIncompleteError().message
    case 'tokenRequired':
      return new SendTokenRequiredError().message
    case 'unsupportedChain':
      return new UnsupportedChainError().message
    case 'invalidAddress':
      return new InvalidAddressError().message
    case 'wrongFamily':
      return `This is not ${error.namespace === 'eip155' ? 'an' : 'a'} ${chainFamilyLabel(error.namespace)} address`
    case 'invalidAmount':
      return VALIDATION_MESSAGES.invalidAmount
    case 'tooManyDecimals':
      return tooManyDecimalsMessage(error.decimals)
    case 'amountNotPositive':
      return VALIDATION_MESSAGES.sendAmountNotPositive
    case 'insufficientFunds':
      return new InsufficientFundsError().message
    case 'notConnected':
      return new NoActiveCaipAddressError().message
    case 'nameLookupFailed':
      return new ResolveNameError().message
    case 'feeEstimateFailed':
      return FEE_ESTIMATE_FAILED_MESSAGE
    case 'transactionRejected':
      return new TransactionRejectedError().message
    case 'walletFailed':
      return error.reason
  }
}
