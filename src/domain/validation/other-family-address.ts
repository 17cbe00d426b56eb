/**
 * An address of another chain family than the network's, named for the person: "This is a Bitcoin
 * Mainnet address, not a Polkadot one". Pure rules only (no SDK): an EVM address by its shape, a
 * Bitcoin address with its checksum, a known Cosmos chain's account by its bech32 prefix and
 * checksum. Anything else is left to the family's own "Invalid address".
 */
import { BITCOIN_NETWORK_NAMES } from '../bitcoin/bitcoin-networks'
import { bitcoinAddressNetwork } from '../bitcoin/bitcoin-address'
import { knownBech32ChainName } from '../chains/cosmos-networks'
import { chainFamilyLabel } from '../connection/connectors'
import type { CaipNetwork } from '../entities'
import { bech32Decode } from '../format/bech32'
import { isEvmAddress } from './addresses'

/** The message for `address` on `network` when it belongs to another family; undefined when it is none of the above. */
export function otherFamilyAddressMessage(address: string, network: Pick<CaipNetwork, 'chainNamespace' | 'name'>): string | undefined {
  const text = address.trim()
  const belongs = (namespace: CaipNetwork['chainNamespace'], name: string | undefined) =>
    name === undefined || namespace === network.chainNamespace ? undefined : name
  const bitcoin = bitcoinAddressNetwork(text)
  const bech32 = bech32Decode(text)
  const name =
    (isEvmAddress(text) ? belongs('eip155', chainFamilyLabel('eip155')) : undefined) ??
    (bitcoin === undefined ? undefined : belongs('bip122', BITCOIN_NETWORK_NAMES[bitcoin])) ??
    (bech32 === undefined || bech32.encoding !== 'bech32' ? undefined : belongs('cosmos', knownBech32ChainName(bech32.prefix)))
  return name === undefined ? undefined : `This is ${article(name)} ${name} address, not ${article(network.name)} ${network.name} one`
}

function article(word: string): string {
  return /^[AEIOU]/i.test(word) ? 'an' : 'a'
}
