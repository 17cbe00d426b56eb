/** A network as the host configures it, and the CAIP network it describes. */
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../entities'

/** Families whose networks may leave `rpcUrls` out: the modal connects and signs there, it reads no chain. */
export const RPC_OPTIONAL_NAMESPACES: readonly ChainNamespace[] = ['polkadot', 'cosmos']

/** A network as a host configures it: `rpcUrls` may be left out for polkadot and cosmos networks. */
export type NetworkConfig = Omit<ResolvedNetworkConfig, 'chainNamespace' | 'rpcUrls'> &
  (
    | { chainNamespace: Exclude<ChainNamespace, 'polkadot' | 'cosmos'>; rpcUrls: string[] }
    | { chainNamespace: 'polkadot' | 'cosmos'; rpcUrls?: string[] | undefined }
  )

/** A configured network once checked (`rpcUrls` empty for a polkadot or cosmos network that gave none). */
export interface ResolvedNetworkConfig {
  id: number | string
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** At least one, except for polkadot and cosmos networks ({@link RPC_OPTIONAL_NAMESPACES}). */
  rpcUrls: string[]
  blockExplorerUrl?: string | undefined
  imageUrl?: string | undefined
  testnet?: boolean | undefined
}

/** The CAIP network a configured network describes (`eip155:31337`). */
export function toCaipNetwork(network: ResolvedNetworkConfig): CaipNetwork {
  const caipNetworkId: CaipNetworkId = `${network.chainNamespace}:${network.id}`
  return {
    id: network.id,
    caipNetworkId,
    chainNamespace: network.chainNamespace,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorerUrl === undefined ? {} : { blockExplorerUrl: network.blockExplorerUrl }),
    ...(network.imageUrl === undefined ? {} : { assets: { imageUrl: network.imageUrl } }),
    ...(network.testnet === undefined ? {} : { testnet: network.testnet }),
  }
}
