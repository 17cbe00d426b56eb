/**
 * SS58 addresses with @polkadot/util-crypto: format and checksum, and which network's prefix they
 * carry. Loaded on a Polkadot path only (with the wing's session), never with the page.
 */
// The modules themselves, not the package entry: that one starts the WebAssembly build at import,
// which a strict CSP (no 'wasm-unsafe-eval') refuses with a console error; these are pure JS.
import { checkAddressChecksum } from '@polkadot/util-crypto/address/checksum'
import { decodeAddress } from '@polkadot/util-crypto/address/decode'
import { encodeAddress } from '@polkadot/util-crypto/address/encode'
import { base58Decode } from '@polkadot/util-crypto/base58'
import { otherSs58NetworkMessage, ss58PrefixOf } from '../../../domain/chains/polkadot-networks'
import type { CaipNetwork } from '../../../domain/entities'
import { VALIDATION_MESSAGES } from '../../../domain/errors'
import { otherFamilyAddressMessage } from '../../../domain/validation/other-family-address'
import { VALID, invalid, type Validation } from '../../../domain/validation/validation-result'

/** The SS58 prefix of an account address (a 32-byte public key); undefined when it is not one. */
export function ss58PrefixOfAddress(address: string): number | undefined {
  try {
    // decodeAddress checks the alphabet, the length and the checksum; account indices are not accounts.
    if (decodeAddress(address).length !== 32) return undefined
    const [valid, , , prefix] = checkAddressChecksum(base58Decode(address))
    return valid ? prefix : undefined
  } catch {
    return undefined
  }
}

/**
 * Whether `address` is an account of `network`: a valid SS58 account address with the network's
 * prefix. Another network's address is refused with a message naming that network; another
 * family's (EVM, Bitcoin, a known Cosmos chain) with one naming where it belongs.
 */
export function validatePolkadotAddress(address: string, network: Pick<CaipNetwork, 'caipNetworkId' | 'name'>): Validation {
  const prefix = ss58PrefixOfAddress(address)
  if (prefix === undefined) {
    return invalid(otherFamilyAddressMessage(address, { chainNamespace: 'polkadot', name: network.name }) ?? VALIDATION_MESSAGES.invalidAddress)
  }
  return prefix === ss58PrefixOf(network) ? VALID : invalid(otherSs58NetworkMessage(prefix, network))
}

/** The same account in `network`'s format (extensions answer in the generic one); undefined when it is no account. */
export function toNetworkAddress(address: string, network: Pick<CaipNetwork, 'caipNetworkId'>): string | undefined {
  if (ss58PrefixOfAddress(address) === undefined) return undefined
  return encodeAddress(decodeAddress(address), ss58PrefixOf(network))
}
