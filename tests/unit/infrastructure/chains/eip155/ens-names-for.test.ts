import { describe, expect, it } from 'vitest'
import { DEFAULT_UNIVERSAL_RESOLVER, ensNamesFor, ViemEnsNames } from '../../../../../src/infrastructure/chains/eip155/ens/viem-ens-names'
import { parseConfig } from '../../../../../src/domain/config'
import { aModalConfig } from '../../../../builders/config'

describe("the modal's ENS", () => {
  it("is mainnet's by default, and only when mainnet is one of the networks (its RPC is what it reads)", () => {
    expect(ensNamesFor(parseConfig(aModalConfig()))).toBeUndefined()
    const mainnet = { id: 1, chainNamespace: 'eip155' as const, name: 'Ethereum', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['https://rpc.example'] }
    const config = parseConfig(aModalConfig({ networks: [...aModalConfig().networks, mainnet] }))
    const ens = ensNamesFor(config)
    expect(ens).toBeInstanceOf(ViemEnsNames)
    expect((ens as unknown as { universalResolver: string }).universalResolver).toBe(DEFAULT_UNIVERSAL_RESOLVER)
  })

  it('is the configured chain and resolver when the host names them', () => {
    const config = parseConfig(aModalConfig({ ens: { chainId: 31337, universalResolver: '0x43e8b5D7341DF032312c97Ccf0cfe5d209337929' } }))
    expect((ensNamesFor(config) as unknown as { universalResolver: string }).universalResolver).toBe('0x43e8b5D7341DF032312c97Ccf0cfe5d209337929')
    expect(ensNamesFor(parseConfig(aModalConfig({ ens: { chainId: 5 } })))).toBeUndefined()
  })
})
