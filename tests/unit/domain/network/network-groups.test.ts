import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../../../../src/domain/entities'
import { groupByFamily } from '../../../../src/domain/network/network-groups'

const n = (caipNetworkId: `${CaipNetwork['chainNamespace']}:${string}`): CaipNetwork => ({
  id: caipNetworkId.split(':')[1]!,
  caipNetworkId,
  chainNamespace: caipNetworkId.split(':')[0] as CaipNetwork['chainNamespace'],
  name: caipNetworkId,
  nativeCurrency: { name: 'T', symbol: 'T', decimals: 1 },
  rpcUrls: [],
})

describe('groupByFamily', () => {
  it("keeps the host's order: families by their first network, networks in order within each", () => {
    const list = [n('eip155:1'), n('polkadot:abc'), n('eip155:2'), n('cosmos:hub'), n('solana:x'), n('polkadot:def')]
    expect(groupByFamily(list).map((g) => [g.namespace, g.networks.map((x) => x.caipNetworkId)])).toEqual([
      ['eip155', ['eip155:1', 'eip155:2']],
      ['polkadot', ['polkadot:abc', 'polkadot:def']],
      ['cosmos', ['cosmos:hub']],
      ['solana', ['solana:x']],
    ])
    expect(groupByFamily([])).toEqual([])
  })
})
