/**
 * Address format rules (spec section 5). These are format checks only: an EVM address is an
 * optional 0x plus 40 hex characters (no checksum rule), a Solana address 32 to 44 base58
 * characters, a CAIP address three non-empty colon-separated parts with a known namespace.
 */
import { isChainNamespace, type CaipAddress, type ChainNamespace } from '../entities'
import { VALIDATION_MESSAGES } from '../errors'
import { VALID, invalid, type Validation } from './validation-result'

export const EVM_ADDRESS_PATTERN = /^(0x)?[0-9a-fA-F]{40}$/
/** Base58 (Bitcoin alphabet: no 0, O, I, l). */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * A Bitcoin address's shape: segwit bech32 (`bc1`, `tb1`, `bcrt1` and bech32 characters) or legacy
 * base58. The checksum and network rules live in domain/bitcoin/bitcoin-address.ts, loaded with the
 * Bitcoin wing: this file is in the page's first script.
 */
export const BITCOIN_ADDRESS_PATTERN = /^((bc|tb|bcrt)1[02-9ac-hj-np-z]{8,87}|(BC|TB|BCRT)1[02-9AC-HJ-NP-Z]{8,87}|[13mn2][1-9A-HJ-NP-Za-km-z]{24,34})$/

export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS_PATTERN.test(value)
}

export function isSolanaAddress(value: string): boolean {
  return SOLANA_ADDRESS_PATTERN.test(value)
}

export function isCaipAddress(value: string): value is CaipAddress {
  const parts = value.split(':')
  return parts.length === 3 && parts.every((p) => p.length > 0) && isChainNamespace(parts[0])
}

export function validateEvmAddress(value: string): Validation {
  return isEvmAddress(value) ? VALID : invalid(VALIDATION_MESSAGES.invalidAddress)
}

export function validateSolanaAddress(value: string): Validation {
  return isSolanaAddress(value) ? VALID : invalid(VALIDATION_MESSAGES.invalidAddress)
}

export function validateCaipAddress(value: string): Validation {
  return isCaipAddress(value) ? VALID : invalid(VALIDATION_MESSAGES.invalidCaipAddress)
}

/**
 * Whether `address` is an address of the `namespace` chain family (the format rule only). A
 * namespace without a rule of its own yet (polkadot, cosmos) accepts nothing, so a
 * family is never sent to before its address rule exists.
 */
export function isAddressOf(namespace: ChainNamespace, address: string): boolean {
  switch (namespace) {
    case 'eip155':
      return isEvmAddress(address)
    case 'solana':
      return isSolanaAddress(address)
    case 'bip122':
      return BITCOIN_ADDRESS_PATTERN.test(address)
    default:
      return false
  }
}

export interface ParsedCaipAddress {
  namespace: ChainNamespace
  reference: string
  address: string
  caipNetworkId: `${ChainNamespace}:${string}`
}

/** Splits a CAIP-10 address; undefined when it is not one. */
export function parseCaipAddress(value: string): ParsedCaipAddress | undefined {
  if (!isCaipAddress(value)) return undefined
  const [namespace, reference, address] = value.split(':') as [ChainNamespace, string, string]
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` }
}

export function toCaipAddress(caipNetworkId: `${ChainNamespace}:${string}`, address: string): CaipAddress {
  return `${caipNetworkId}:${address}`
}
