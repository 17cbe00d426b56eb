/**
 * Who may sell what, and for how much (spec sections 5 and 9): the providers offered on a network,
 * and the amount limits of a payment currency's payment methods.
 */
import { type COINBASE_ONRAMP_CHAINS, ONRAMP_PAYMENT_METHOD_LIMITS, ONRAMP_PROVIDERS } from '../feature-constants'
import type { ChainNamespace, OnRampProviderName } from '../entities'
import type { OnRampProvider, PaymentCurrency } from './on-ramp-types'
import { VALID } from '../validation/validation-result'
import { refused, type Check } from '../failure'

/** Coinbase's names of the eip155 chains it sells on (section 9), by chain id. */
const COINBASE_CHAIN_IDS: Readonly<Record<string, (typeof COINBASE_ONRAMP_CHAINS)[number]>> = {
  '1': 'ethereum',
  '42161': 'arbitrum',
  '137': 'polygon',
  '80094': 'berachain',
  '43114': 'avalanche-c-chain',
  '10': 'optimism',
  '42220': 'celo',
  '8453': 'base',
}

export interface OnRampNetwork {
  readonly namespace: ChainNamespace
  /** The chain reference: `31337` of `eip155:31337`. */
  readonly reference: string
  /** A test network (the devnets): every provider that serves its namespace sells there. */
  readonly testnet?: boolean
}

/**
 * The providers offered on `network`: those the remote features enable (`false`: on-ramp off),
 * narrowed to the host's `onrampProviders` setting when given, that serve the network's
 * namespace. On a real eip155 network Coinbase also needs the chain in its list; a test network
 * counts as supported by every provider of its namespace.
 */
export function onRampProvidersOn(
  network: OnRampNetwork | undefined,
  remote: readonly OnRampProviderName[] | false,
  setting?: readonly string[],
): OnRampProvider[] {
  if (network === undefined || remote === false) return []
  return ONRAMP_PROVIDERS.filter(
    (p) =>
      remote.includes(p.name) &&
      (setting === undefined || setting.includes(p.name)) &&
      p.supportedChains.includes(network.namespace) &&
      (p.name !== 'coinbase' || network.testnet === true || (network.namespace === 'eip155' && network.reference in COINBASE_CHAIN_IDS)),
  )
}

/** A payment method's limits as decimal strings, e.g. card 10.00 to 7500.00. */
export interface AmountLimits {
  readonly min: string
  readonly max: string
}

/** The limits of `method` for `currency`; the section 9 defaults when the options do not say. */
export function paymentMethodLimits(currency: PaymentCurrency | undefined, method: string): AmountLimits {
  const listed = currency?.payment_method_limits.find((l) => l.id.toLowerCase() === method.toLowerCase())
  if (listed !== undefined) return { min: listed.min, max: listed.max }
  return isBankMethod(method) ? ONRAMP_PAYMENT_METHOD_LIMITS.bankAccount : ONRAMP_PAYMENT_METHOD_LIMITS.card
}

function isBankMethod(method: string): boolean {
  return /bank/i.test(method)
}

/** The payment methods offered: the currency's listed ones, else card and bank account. */
export function paymentMethodsOf(currency: PaymentCurrency | undefined): string[] {
  const listed = currency?.payment_method_limits.map((l) => l.id) ?? []
  return listed.length > 0 ? listed : ['card', 'ach_bank_account']
}

/** The amount must be a positive decimal within the method's limits, which the message names. */
export function validateOnRampAmount(amount: string, currency: string, limits: AmountLimits): Check {
  const text = amount.trim()
  if (text === '') return refused('onramp.enterAmount')
  if (!ONRAMP_AMOUNT.test(text)) return refused('onramp.amountExample')
  const bound = onRampBoundCrossed(text, limits)
  return bound === undefined ? VALID : refused(`onramp.${bound}`, { amount: String(limits[bound]), currency })
}

/** A positive decimal with at most 2 decimals. */
const ONRAMP_AMOUNT = /^\d+(\.\d{0,2})?$/

/**
 * Which of the method's limits `amount` falls outside of, when it is a well-formed amount (the
 * views word the limit in the visitor's language).
 */
export function onRampBoundCrossed(amount: string, limits: AmountLimits): 'min' | 'max' | undefined {
  const text = amount.trim()
  if (!ONRAMP_AMOUNT.test(text)) return undefined
  const value = Number(text)
  return value < Number(limits.min) ? 'min' : value > Number(limits.max) ? 'max' : undefined
}
