/**
 * Address format rules (spec section 5). These are format checks only: an EVM address is an
 * optional 0x plus 40 hex characters (no checksum rule), a Solana address 32 to 44 base58
 * characters, a CAIP address three non-empty colon-separated parts with a known namespace.
 */
import { isChainNamespace, type CaipAddress, type ChainNamespace } from '../entities'
import { VALIDATION_MESSAGES } from '../errors'
import { VALID, invalid, type Validation } from './validation-result'
import type { AddressRule } from '../chains/family-rules'

export const EVM_ADDRESS_PATTERN = /^(0x)?[0-9a-fA-F]{40}$/
/** Base58 (Bitcoin alphabet: no 0, O, I, l). */
export const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
export const SOLANA_ADDRESS_PATTERN = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS_PATTERN.test(value)
}

export function isSolanaAddress(value: string): boolean {
  return SOLANA_ADDRESS_PATTERN.test(value)
}

/** The EVM family's rule: 0x and 40 hex characters (the checksum is the send form's own rule). */
export const EVM_ADDRESS_RULE: AddressRule = { isAddress: isEvmAddress }
/** The Solana family's rule: 32 to 44 base58 characters. */
export const SOLANA_ADDRESS_RULE: AddressRule = { isAddress: isSolanaAddress }
/** A family without an address rule of its own yet accepts nothing: it is never sent to before it has one. */
export const NO_ADDRESS_RULE: AddressRule = { isAddress: () => false }

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
