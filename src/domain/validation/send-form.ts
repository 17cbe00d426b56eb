/**
 * Send form rules (spec section 5): an amount and a receiver address are required, then a token;
 * only namespaces that support sending are accepted. Beyond the spec's three messages the form
 * also rejects a malformed receiver ("Invalid address"), an unparseable amount, an amount of zero
 * ("Enter an amount greater than 0") and an amount above the balance ("Insufficient funds"). Returns the first failing rule's error, else undefined.
 */
import { SUPPORTED_NAMESPACES } from '../constants'
import type { ChainNamespace, TokenBalance } from '../entities'
import {
  InsufficientFundsError,
  InvalidAddressError,
  InvalidAmountError,
  VALIDATION_MESSAGES,
  SendFormIncompleteError,
  SendTokenRequiredError,
  UnsupportedChainError,
  type DomainError,
} from '../errors'
import { tokenBalanceUnits, tokenDecimals } from '../balances/token-balances'
import { parseAmountInput } from '../format/amount'
import { isAddressOfNamespace } from './addresses'

export interface SendFormInput {
  token?: TokenBalance
  /** What the user typed. */
  amount?: string
  receiverAddress?: string
  /** Namespace of the active network. */
  namespace?: ChainNamespace
}

export function validateSendForm(input: SendFormInput): DomainError | undefined {
  if (!input.amount?.trim() || !input.receiverAddress?.trim()) return new SendFormIncompleteError()
  if (!input.token) return new SendTokenRequiredError()
  if (!input.namespace || !SUPPORTED_NAMESPACES.send.includes(input.namespace)) return new UnsupportedChainError()
  if (!isAddressOfNamespace(input.receiverAddress.trim(), input.namespace)) return new InvalidAddressError()
  const parsed = parseAmountInput(input.amount, tokenDecimals(input.token))
  if (!parsed.ok) return parsed.error
  if (parsed.value <= 0n) return new InvalidAmountError(VALIDATION_MESSAGES.sendAmountNotPositive)
  if (parsed.value > tokenBalanceUnits(input.token)) return new InsufficientFundsError()
  return undefined
}
