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
import { failure, type Failure } from '../failure'
import { exampleAmount, numberMarks } from '../format/locale-number'
import { sendWarningMessage, type SendWarning } from './send-receiver-checks'

/** A rule of the send form that the typed values break. */
export type SendFormError =
  | { readonly kind: 'amountAndReceiverRequired' }
  | { readonly kind: 'tokenRequired' }
  | { readonly kind: 'unsupportedChain' }
  | { readonly kind: 'invalidAddress' }
  /** The receiver is an address of another chain family than `namespace`, the one sent on. */
  | { readonly kind: 'wrongFamily'; readonly namespace: ChainNamespace }
  /** An address of the family that its rule refuses on the network sent on, with the rule's words. */
  | { readonly kind: 'otherNetworkAddress'; readonly message: string }
  /** A mixed-case EVM address whose case is not its EIP-55 checksum: likely mistyped. */
  | { readonly kind: 'invalidAddressChecksum' }
  | { readonly kind: 'invalidAmount' }
  /** Separators that the locale cannot settle ("1.000" where "." is neither decimal nor group). */
  | { readonly kind: 'unclearAmount'; readonly locale: string }
  | { readonly kind: 'tooManyDecimals'; readonly decimals: number }
  | { readonly kind: 'amountNotPositive' }
  | { readonly kind: 'insufficientFunds' }

/** Anything that stops a review or a send. */
export type SendError =
  | SendFormError
  | { readonly kind: 'notConnected' }
  | { readonly kind: 'nameLookupFailed' }
  /** No one registered the name (the name service answered that it does not know it). */
  | { readonly kind: 'nameNotFound'; readonly name: string }
  /** The name is registered but has no address of the connected chain family. */
  | { readonly kind: 'nameHasNoAddress'; readonly name: string }
  | { readonly kind: 'feeEstimateFailed' }
  /** The chain refuses the transfer for the reason a receiver warning names (a token's refusal of the zero address). */
  | { readonly kind: 'receiverWarning'; readonly warning: SendWarning }
  | { readonly kind: 'transactionRejected' }
  /** The wallet or the chain refused for its own reason; `reason` is its own words. */
  | { readonly kind: 'walletFailed'; readonly reason: string }

/** The fee estimate failed (Walletgate's own text, the same as the transfer port's error). */
export const FEE_ESTIMATE_FAILED_MESSAGE = 'Could not estimate the network fee'

/** Walletgate's own texts for the send rules the spec does not word. */
export const INVALID_ADDRESS_CHECKSUM_MESSAGE = 'Invalid address checksum'

export function unclearAmountMessage(locale: string): string {
  return `Enter an amount with "${numberMarks(locale).decimal}" for decimals (for example ${exampleAmount(locale)})`
}

/** "This is not an EVM address", "This is not a Solana address": the article follows the family's label. */
function wrongFamilyMessage(label: string): string {
  return `This is not ${/^[AEIOU]/i.test(label) ? 'an' : 'a'} ${label} address`
}

export function nameNotFoundMessage(name: string): string {
  return `No one has registered the name ${name}`
}

export function nameHasNoAddressMessage(name: string): string {
  return `${name} has no address on this network`
}

/** The send errors that are the spec's errors, each with its `code`. */
const CAUSED_KINDS = [
  'amountAndReceiverRequired',
  'tokenRequired',
  'unsupportedChain',
  'invalidAddress',
  'insufficientFunds',
  'notConnected',
  'nameLookupFailed',
  'transactionRejected',
] as const
type CausedSendError = Extract<SendError, { readonly kind: (typeof CAUSED_KINDS)[number] }>

function isCaused(error: SendError): error is CausedSendError {
  return (CAUSED_KINDS as readonly string[]).includes(error.kind)
}

function causeOf(error: CausedSendError): { readonly code: string; readonly message: string } {
  switch (error.kind) {
    case 'amountAndReceiverRequired':
      return new SendFormIncompleteError()
    case 'tokenRequired':
      return new SendTokenRequiredError()
    case 'unsupportedChain':
      return new UnsupportedChainError()
    case 'invalidAddress':
      return new InvalidAddressError()
    case 'insufficientFunds':
      return new InsufficientFundsError()
    case 'notConnected':
      return new NoActiveCaipAddressError()
    case 'nameLookupFailed':
      return new ResolveNameError()
    case 'transactionRejected':
      return new TransactionRejectedError()
  }
}

/** The spec's error behind `error`, with its `code` (a view renders it by that code), if it is one. */
export function sendErrorCause(error: SendError): { readonly code: string; readonly message: string } | undefined {
  return isCaused(error) ? causeOf(error) : undefined
}

/**
 * `error` as a failure a view shows by its code: the spec's error's `error.<CODE>` where it is one,
 * else Walletgate's own text's key, with what it fills in; a wallet's own words are its `reason`.
 */
export function sendFailure(error: SendError): Failure {
  if (isCaused(error)) return failure(`error.${causeOf(error).code}`)
  switch (error.kind) {
    case 'wrongFamily': {
      // English's article follows the label's sound; other languages have one sentence for both.
      const family = chainFamilyLabel(error.namespace)
      return /^[AEIOU]/i.test(family) ? failure('failure.wrongFamilyAn', { family }) : failure('failure.wrongFamily', { family })
    }
    case 'invalidAddressChecksum':
      return failure('failure.addressChecksum')
    case 'invalidAmount':
      return failure('error.INVALID_AMOUNT')
    case 'unclearAmount':
      return failure('failure.unclearAmount', { mark: numberMarks(error.locale).decimal, example: exampleAmount(error.locale) })
    case 'tooManyDecimals':
      return error.decimals === 0 ? failure('failure.noDecimals') : failure('failure.maxDecimals', { decimals: String(error.decimals) })
    case 'amountNotPositive':
      return failure('failure.amountNotPositive')
    case 'nameNotFound':
      return failure('failure.nameNotFound', { name: error.name })
    case 'nameHasNoAddress':
      return failure('failure.nameHasNoAddress', { name: error.name })
    case 'feeEstimateFailed':
      return failure('failure.feeEstimate')
    case 'receiverWarning':
      return error.warning.kind === 'tokenContract' ? failure('send.warning.tokenContract', { symbol: error.warning.symbol }) : failure(`send.warning.${error.warning.kind}`)
    case 'walletFailed':
      return failure('failure.walletReason', { reason: error.reason })
    case 'otherNetworkAddress':
      // The family's address rule's own words ("This is a Bitcoin Mainnet address"), shown as they are.
      return failure('failure.walletReason', { reason: error.message })
  }
}

/** The text a view shows for `error` (in English; the spec's error's message where it is one). */
export function sendErrorMessage(error: SendError): string {
  return isCaused(error) ? causeOf(error).message : ownMessage(error)
}

/** Walletgate's own words, or the wallet's, for a send error that is none of the spec's errors. */
function ownMessage(error: Exclude<SendError, CausedSendError>): string {
  switch (error.kind) {
    case 'wrongFamily':
      return wrongFamilyMessage(chainFamilyLabel(error.namespace))
    case 'otherNetworkAddress':
      return error.message
    case 'invalidAddressChecksum':
      return INVALID_ADDRESS_CHECKSUM_MESSAGE
    case 'invalidAmount':
      return VALIDATION_MESSAGES.invalidAmount
    case 'unclearAmount':
      return unclearAmountMessage(error.locale)
    case 'tooManyDecimals':
      return tooManyDecimalsMessage(error.decimals)
    case 'amountNotPositive':
      return VALIDATION_MESSAGES.sendAmountNotPositive
    case 'nameNotFound':
      return nameNotFoundMessage(error.name)
    case 'nameHasNoAddress':
      return nameHasNoAddressMessage(error.name)
    case 'feeEstimateFailed':
      return FEE_ESTIMATE_FAILED_MESSAGE
    case 'receiverWarning':
      return sendWarningMessage(error.warning)
    case 'walletFailed':
      return error.reason
  }
}
