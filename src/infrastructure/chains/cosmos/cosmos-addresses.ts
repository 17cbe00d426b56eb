/**
 * Bech32 account addresses with @cosmjs/encoding: format and checksum, and which chain's prefix
 * they carry. Loaded on a Cosmos path only (with the wing's session), never with the page.
 */
import { fromBech32 } from '@cosmjs/encoding'
import { bech32PrefixOf, otherBech32NetworkMessage } from '../../../domain/chains/cosmos-networks'
import type { CaipNetwork } from '../../../domain/entities'
import { VALIDATION_MESSAGES } from '../../../domain/errors'
import { otherFamilyAddressMessage } from '../../../domain/validation/other-family-address'
import { VALID, invalid, type Validation } from '../../../domain/validation/validation-result'

/**
 * Longest address read. Passed on purpose: @cosmjs/encoding 0.39's default (Infinity) is refused by
 * the @scure/base 2 it runs on ("limit: expected safe integer"), which fails every address.
 */
const BECH32_LIMIT = 256

/** The bech32 prefix of an account address (20 bytes, or 32 for a module or contract account); undefined when it is none. */
export function bech32PrefixOfAddress(address: string): string | undefined {
  // Bech32 may be all upper case, but addresses are written (and compared) in lower case.
  if (address !== address.toLowerCase()) return undefined
  try {
    const { prefix, data } = fromBech32(address, BECH32_LIMIT)
    return data.length === 20 || data.length === 32 ? prefix : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `address` is an account of `network`: a valid bech32 account address with the chain's
 * prefix (any prefix on a chain Walletgate does not know). Another chain's address is refused with
 * a message naming that chain; another family's (EVM, Bitcoin) with one naming where it belongs.
 */
export function validateCosmosAddress(address: string, network: Pick<CaipNetwork, 'caipNetworkId' | 'name'>): Validation {
  const prefix = bech32PrefixOfAddress(address)
  if (prefix === undefined) {
    return invalid(otherFamilyAddressMessage(address, { chainNamespace: 'cosmos', name: network.name }) ?? VALIDATION_MESSAGES.invalidAddress)
  }
  const expected = bech32PrefixOf(network)
  return expected === undefined || prefix === expected ? VALID : invalid(otherBech32NetworkMessage(prefix, network))
}
