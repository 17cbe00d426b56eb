import type { CaipAddress, CaipNetworkId } from '../../../domain/entities'
import type { NamespaceCapability } from '../../../domain/feature-constants'
import { supportsCapability } from '../../../domain/network/network-support'
import type { RequestOptions } from '../../../ports/blockchain/request-options'
import type { SupportedChainsApi } from '../../../ports/blockchain/supported-chains'
import { parseCaip } from '../caip'

/**
 * The parsed account when its namespace has `capability` and the service runs its network, else
 * undefined (no request made beyond the supported-chains list).
 */
export async function supportedAccount(
  chains: Pick<SupportedChainsApi, 'isNetworkSupported'>,
  account: CaipAddress,
  capability: NamespaceCapability,
  options: RequestOptions,
): Promise<{ chainId: CaipNetworkId; address: string } | undefined> {
  const parsed = parseCaip(account)
  if (!parsed?.address || !supportsCapability(capability, parsed.namespace)) return undefined
  if (!(await chains.isNetworkSupported(parsed.chainId, options))) return undefined
  return { chainId: parsed.chainId, address: parsed.address }
}

/** The plain address of a CAIP-10 account whose namespace has names, else undefined. */
export function namedAddress(address: CaipAddress): string | undefined {
  const parsed = parseCaip(address)
  return parsed?.address && supportsCapability('names', parsed.namespace) ? parsed.address : undefined
}
