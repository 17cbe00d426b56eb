/**
 * Whether an address can be used on a Bitcoin network: one of another Bitcoin network, or of
 * another chain family, is refused with a message naming where it belongs.
 */
import { bech32Decode } from '../format/bech32'
import { VALIDATION_MESSAGES } from '../messages'
import { otherFamilyAddressMessage } from '../validation/other-family-address'
import { VALID, invalid, type Validation } from '../validation/validation-result'
import type { AddressRule } from '../chains/family-rules'
import { bitcoinAddressNetwork, otherBitcoinNetworkMessage } from './bitcoin-address'
import { BITCOIN_NETWORK_NAMES, bitcoinNetworkOf, type BitcoinNetworkKind } from './bitcoin-networks'

/**
 * Whether `address` can be used on the Bitcoin network `caipNetworkId`: an address of another
 * network gets a message naming that network. A network the rules do not know (a custom chain)
 * accepts any Bitcoin address.
 */
export function validateBitcoinAddress(address: string, caipNetworkId: string): Validation {
  const belongs = bitcoinAddressNetwork(address.trim())
  const expected = bitcoinNetworkOf(caipNetworkId)
  if (belongs === undefined) {
    const name = expected === undefined ? 'Bitcoin' : BITCOIN_NETWORK_NAMES[expected]
    return invalid(otherFamilyAddressMessage(address, { chainNamespace: 'bip122', name }) ?? VALIDATION_MESSAGES.invalidAddress)
  }
  if (expected === undefined || sameAddressSpace(belongs, expected, address.trim())) return VALID
  return invalid(otherBitcoinNetworkMessage(belongs))
}

/** Regtest base58 addresses share testnet's bytes: they are accepted on both. */
function sameAddressSpace(belongs: BitcoinNetworkKind, expected: BitcoinNetworkKind, address: string): boolean {
  if (belongs === expected) return true
  const base58 = bech32Decode(address) === undefined
  return base58 && belongs === 'testnet' && expected === 'regtest'
}

/**
 * Bitcoin's one address rule (the bip122 wing's): an address of any Bitcoin network with its
 * checksum, usable only on its own network.
 */
export const BITCOIN_ADDRESS_RULE: AddressRule = {
  isAddress: (text) => bitcoinAddressNetwork(text) !== undefined,
  validate: validateBitcoinAddress,
}
