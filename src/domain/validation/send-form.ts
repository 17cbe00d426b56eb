/**
 * Send form rules (spec section 5): an amount and a receiver address are required, then a token;
 * only namespaces that support sending are accepted. Beyond the spec's three rules the form also
 * refuses a receiver that is no address of the namespace ("Invalid address"; an address of another
 * chain family: "This is not a Solana address") or an EVM address whose mixed case is not its
 * checksum ("Invalid address checksum"), an unparseable
 * amount, an amount of zero ("Enter an amount greater than 0") and an amount above the balance
 * ("Insufficient funds"). Returns the first broken rule, else undefined; sendErrorMessage words it.
 */
import { SUPPORTED_NAMESPACES } from '../feature-constants'
import type { ChainNamespace, TokenBalance } from '../entities'
import { tokenBalanceUnits, tokenDecimals } from '../balances/token-balances'
import { parseSendAmount } from '../send/send-amount'
import { receiverChecksumError } from '../send/send-receiver-checks'
import { belongsToAnotherFamily } from '../send/send-receiver'
import type { SendFormError } from '../send/send-errors'
import { isAddressOf } from './addresses'

export interface SendFormInput {
  token?: TokenBalance
  /** What the user typed. */
  amount?: string
  receiverAddress?: string
  /** Namespace of the active network. */
  namespace?: ChainNamespace
  /** The locale the amount is read in ("1,000" is 1000 in en-US, 1 in de-DE); en-US when absent. */
  locale?: string
}

export function validateSendForm(input: SendFormInput): SendFormError | undefined {
  if (!input.amount?.trim() || !input.receiverAddress?.trim()) return { kind: 'amountAndReceiverRequired' }
  if (!input.token) return { kind: 'tokenRequired' }
  if (!input.namespace || !SUPPORTED_NAMESPACES.send.includes(input.namespace)) return { kind: 'unsupportedChain' }
  const receiver = input.receiverAddress.trim()
  if (!isAddressOf(input.namespace, receiver)) {
    // An address of another chain family says which family the form expects.
    return belongsToAnotherFamily(receiver, input.namespace)
      ? { kind: 'wrongFamily', namespace: input.namespace }
      : { kind: 'invalidAddress' }
  }
  const checksum = receiverChecksumError(input.namespace, receiver)
  if (checksum) return checksum
  const parsed = parseSendAmount(input.amount, tokenDecimals(input.token), input.locale ?? 'en-US')
  if (!parsed.ok) return parsed.error
  if (parsed.value > tokenBalanceUnits(input.token)) return { kind: 'insufficientFunds' }
  return undefined
}
