/**
 * Which networks support which capability (spec sections 5, 8, 9). Swaps and gas price need a
 * supported network: the `assert*` functions throw the spec's errors before any request is made.
 * Balance, send, names, activity and on-ramp are supported per namespace; unsupported networks
 * give empty results rather than failing (the adapters use `supportsCapability`).
 */
import { SUPPORTED_NAMESPACES, SWAP_SUPPORTED_CHAIN_IDS, type NamespaceCapability } from '../feature-constants'
import type { ChainNamespace } from '../entities'
import { GasPriceNetworkNotSupportedError, SwapNetworkNotSupportedError } from '../errors'
import { parseCaipNetworkId } from './caip-network-id'

export function supportsCapability(
  capability: NamespaceCapability,
  namespace: ChainNamespace | undefined,
): boolean {
  return namespace !== undefined && SUPPORTED_NAMESPACES[capability].includes(namespace)
}

/** True for an eip155 network whose chain id is in the swap list (or `swapChainIds` when given). */
export function isSwapNetwork(
  caipNetworkId: string | undefined,
  swapChainIds: readonly number[] = SWAP_SUPPORTED_CHAIN_IDS,
): boolean {
  if (caipNetworkId === undefined) return false
  const parsed = parseCaipNetworkId(caipNetworkId)
  if (parsed?.namespace !== 'eip155' || !/^\d+$/.test(parsed.reference)) return false
  return swapChainIds.includes(Number(parsed.reference))
}

/** Throws "Network not supported for Swaps" unless the network supports swaps. */
export function assertSwapNetwork(
  caipNetworkId: string | undefined,
  swapChainIds: readonly number[] = SWAP_SUPPORTED_CHAIN_IDS,
): void {
  if (!isSwapNetwork(caipNetworkId, swapChainIds)) throw new SwapNetworkNotSupportedError()
}

/** Throws "Network not supported for Gas Price" unless the network supports swaps. */
export function assertGasPriceNetwork(
  caipNetworkId: string | undefined,
  swapChainIds: readonly number[] = SWAP_SUPPORTED_CHAIN_IDS,
): void {
  if (!isSwapNetwork(caipNetworkId, swapChainIds)) throw new GasPriceNetworkNotSupportedError()
}
