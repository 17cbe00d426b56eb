/**
 * Which Cosmos chain a bech32 address or a CAIP-2 `cosmos:<chain-id>` belongs to (pure data, no
 * SDK). Every Cosmos SDK chain has its own bech32 prefix; for a chain not listed here any prefix is
 * taken (the wallet's word stands).
 */
import type { CaipNetwork } from '../entities'

/** Known chains by chain id: their name and bech32 account prefix. */
const CHAINS: Readonly<Record<string, { readonly name: string; readonly prefix: string }>> = {
  'cosmoshub-4': { name: 'Cosmos Hub', prefix: 'cosmos' },
  'theta-testnet-001': { name: 'Cosmos Hub testnet', prefix: 'cosmos' },
  'osmosis-1': { name: 'Osmosis', prefix: 'osmo' },
  'juno-1': { name: 'Juno', prefix: 'juno' },
  'stargaze-1': { name: 'Stargaze', prefix: 'stars' },
  'akashnet-2': { name: 'Akash', prefix: 'akash' },
  celestia: { name: 'Celestia', prefix: 'celestia' },
  'neutron-1': { name: 'Neutron', prefix: 'neutron' },
  'injective-1': { name: 'Injective', prefix: 'inj' },
  'secret-4': { name: 'Secret Network', prefix: 'secret' },
}

/** The chain id of a `cosmos:` CAIP-2 id (`cosmoshub-4`). */
export function cosmosChainId(caipNetworkId: string): string {
  return caipNetworkId.slice(caipNetworkId.indexOf(':') + 1)
}

/** The bech32 prefix addresses of `network` carry, when it is a known chain. */
export function bech32PrefixOf(network: Pick<CaipNetwork, 'caipNetworkId'>): string | undefined {
  return CHAINS[cosmosChainId(network.caipNetworkId)]?.prefix
}

/** The known chain whose accounts carry `prefix` ("Osmosis"), or undefined. */
export function knownBech32ChainName(prefix: string): string | undefined {
  return Object.values(CHAINS).find((c) => c.prefix === prefix)?.name
}

/** Who uses `prefix`, for a person: "Osmosis", or "another chain (prefix foo)". */
export function bech32NetworkName(prefix: string): string {
  return knownBech32ChainName(prefix) ?? `another chain (prefix ${prefix})`
}

/** The message for an address of another chain than the one in use. */
export function otherBech32NetworkMessage(prefix: string, network: Pick<CaipNetwork, 'name'>): string {
  return `This address belongs to ${bech32NetworkName(prefix)}, not ${network.name}`
}
