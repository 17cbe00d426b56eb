/**
 * The Networks list grouped by chain family: families in the order their first network appears in
 * the host's list, networks in the host's order within each.
 */
import type { CaipNetwork, ChainNamespace } from '../entities'

export interface NetworkGroup {
  readonly namespace: ChainNamespace
  readonly networks: readonly CaipNetwork[]
}

export function groupByFamily(networks: readonly CaipNetwork[]): NetworkGroup[] {
  const groups: { namespace: ChainNamespace; networks: CaipNetwork[] }[] = []
  for (const network of networks) {
    const group = groups.find((g) => g.namespace === network.chainNamespace)
    if (group === undefined) groups.push({ namespace: network.chainNamespace, networks: [network] })
    else group.networks.push(network)
  }
  return groups
}
