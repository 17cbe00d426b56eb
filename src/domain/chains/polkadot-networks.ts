/**
 * Which Substrate network an SS58 address or a CAIP-2 `polkadot:` id belongs to (pure data, no
 * SDK). A CAIP-2 reference is the genesis hash's first 32 hex characters; an SS58 address carries
 * its network's prefix. Networks not listed here use the generic Substrate prefix, 42.
 */
import type { CaipNetwork } from '../entities'

/** The generic Substrate prefix: what extensions show an account in unless told a network. */
export const GENERIC_SS58_PREFIX = 42

/** Known networks by CAIP-2 reference, with their SS58 prefix. */
const BY_GENESIS: Readonly<Record<string, number>> = {
  '91b171bb158e2d3848fa23a9f1c25182': 0, // Polkadot
  b0a8d493285c2df73290dfb7e61f870f: 2, // Kusama
  e143f23803ac50e8f6f8e62695d1ce9e: 42, // Westend
}

/** Known SS58 prefixes by the network that uses them, for messages naming another network. */
const PREFIX_NAMES: Readonly<Record<number, string>> = {
  0: 'Polkadot',
  2: 'Kusama',
  5: 'Astar',
  7: 'Edgeware',
  10: 'Acala',
  42: 'the generic Substrate format',
}

/** The SS58 prefix of a configured polkadot network (42 when it is not a known one). */
export function ss58PrefixOf(network: Pick<CaipNetwork, 'caipNetworkId'>): number {
  const reference = network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1).toLowerCase()
  return BY_GENESIS[reference] ?? GENERIC_SS58_PREFIX
}

/** Who uses `prefix`, for a person: "Kusama", or "another network (SS58 prefix 99)". */
export function ss58NetworkName(prefix: number): string {
  return PREFIX_NAMES[prefix] ?? `another network (SS58 prefix ${prefix})`
}

/** The message for an address of another SS58 network than the one in use. */
export function otherSs58NetworkMessage(prefix: number, network: Pick<CaipNetwork, 'name'>): string {
  return `This address belongs to ${ss58NetworkName(prefix)}, not ${network.name}`
}
