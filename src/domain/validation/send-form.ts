/**
 * Send form rules (spec section 5): an amount and a receiver address are required, then a token;
 * only a family that declares it can send is accepted. Beyond the spec's three rules the form also
 * refuses a receiver that is no address of the family ("Invalid address"; an address of another
 * chain family: "This is not a Solana address"), one of another network of the family (its rule's
 * message: "This is a Bitcoin Mainnet address" on regtest) or an EVM address whose mixed case is
 * not its checksum ("Invalid address checksum"), an unparseable
 * amount, an amount of zero ("Enter an amount greater than 0") and an amount above the balance
 * ("Insufficient funds"). Returns the first broken rule, else undefined; sendErrorMessage words it.
 */
import type { FamilyRule } from '../chains/family-rules'
import type { TokenBalance } from '../entities'
import { tokenBalanceUnits, tokenDecimals } from '../balances/token-balances'
import { parseSendAmount } from '../send/send-amount'
import { receiverChecksumError } from '../send/send-receiver-checks'
import { belongsToAnotherFamily } from '../send/send-receiver'
import type { SendFormError } from '../send/send-errors'

export interface SendFormInput {
  token?: TokenBalance
  /** What the user typed. */
  amount?: string
  receiverAddress?: string
  /** The family of the active network, with its capabilities and address rule (its wing's). */
  family?: FamilyRule
  /** The active network (CAIP-2), which the family's address rule may refuse an address for. */
  caipNetworkId?: string
  /** The locale the amount is read in ("1,000" is 1000 in en-US, 1 in de-DE); en-US when absent. */
  locale?: string
}

export function validateSendForm(input: SendFormInput): SendFormError | undefined {
  if (!input.amount?.trim() || !input.receiverAddress?.trim()) return { kind: 'amountAndReceiverRequired' }
  if (!input.token) return { kind: 'tokenRequired' }
  const { family } = input
  if (family === undefined || !family.capabilities.includes('send')) return { kind: 'unsupportedChain' }
  const receiver = input.receiverAddress.trim()
  const refused = receiverError(family, receiver, input.caipNetworkId)
  if (refused) return refused
  const checksum = receiverChecksumError(family.namespace, receiver)
  if (checksum) return checksum
  const parsed = parseSendAmount(input.amount, tokenDecimals(input.token), input.locale ?? 'en-US')
  if (!parsed.ok) return parsed.error
  if (parsed.value > tokenBalanceUnits(input.token)) return { kind: 'insufficientFunds' }
  return undefined
}

/**
 * What is wrong with `receiver` as an address of `family` on the network, if anything: no address
 * of it (an address of another chain family says which family the form expects), or one that the
 * family's rule refuses on this network.
 */
export function receiverError(
  family: Pick<FamilyRule, 'namespace' | 'address'>,
  receiver: string,
  caipNetworkId: string | undefined,
): Extract<SendFormError, { kind: 'wrongFamily' | 'invalidAddress' | 'otherNetworkAddress' }> | undefined {
  if (!family.address.isAddress(receiver)) {
    return belongsToAnotherFamily(receiver, family.namespace) ? { kind: 'wrongFamily', namespace: family.namespace } : { kind: 'invalidAddress' }
  }
  const validation = caipNetworkId === undefined ? undefined : family.address.validate?.(receiver, caipNetworkId)
  return validation?.valid === false ? { kind: 'otherNetworkAddress', message: validation.message } : undefined
}
