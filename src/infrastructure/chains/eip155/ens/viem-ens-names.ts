import type { PublicClient } from 'viem'
import type { ResolvedConfig } from '../../../../domain/config'
import type { EnsNames } from '../../../../ports/blockchain/ens-names'

/** The Universal Resolver viem knows for Ethereum mainnet and Sepolia (the same address on both). */
export const DEFAULT_UNIVERSAL_RESOLVER = '0xeeeeeeee14d718c2b47d9923deab1335e144eeee'

interface EnsChain {
  readonly id: number
  readonly name: string
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls: readonly string[]
}

/**
 * ENS through viem's `getEnsAddress` on the configured chain: viem calls the Universal Resolver,
 * follows an OffchainLookup to the gateway and hands its answer back to the resolver, which checks
 * the gateway's signature. viem and its name normalisation (ENSIP-15) load with the first lookup.
 */
export class ViemEnsNames implements EnsNames {
  private client: Promise<PublicClient> | undefined

  constructor(
    private readonly chain: EnsChain,
    private readonly universalResolver: `0x${string}`,
    private readonly timeoutMs: number,
  ) {}

  async addressOf(name: string): Promise<string | null> {
    const [{ getEnsAddress, normalize }, client] = await Promise.all([import('viem/ens'), this.publicClient()])
    let normalized: string
    try {
      normalized = normalize(name)
    } catch {
      // Not a name ENS can hold (ENSIP-15 refuses it): ENS has no address for it.
      return null
    }
    return getEnsAddress(client, { name: normalized, universalResolverAddress: this.universalResolver })
  }

  private publicClient(): Promise<PublicClient> {
    if (this.client === undefined) {
      this.client = import('viem').then(({ createPublicClient, defineChain, fallback, http }) =>
        createPublicClient({
          chain: defineChain({ id: this.chain.id, name: this.chain.name, nativeCurrency: this.chain.nativeCurrency, rpcUrls: { default: { http: [...this.chain.rpcUrls] } } }),
          transport: fallback(this.chain.rpcUrls.map((url) => http(url, { timeout: this.timeoutMs, retryCount: 0 }))),
        }),
      )
      // A failed import is not kept: the next lookup tries again.
      this.client.catch(() => (this.client = undefined))
    }
    return this.client
  }
}

/**
 * The host's ENS (`ens`, default Ethereum mainnet's), when its chain is one of the configured EVM
 * networks with an RPC URL; undefined otherwise (names are then asked of the name service only).
 */
export function ensNamesFor(config: Pick<ResolvedConfig, 'ens' | 'networks' | 'services'>): EnsNames | undefined {
  const ens = config.ens ?? { chainId: 1 }
  const network = config.networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === ens.chainId && n.rpcUrls.length > 0)
  if (network === undefined) return undefined
  return new ViemEnsNames({ id: ens.chainId, name: network.name, nativeCurrency: network.nativeCurrency, rpcUrls: network.rpcUrls }, ens.universalResolver ?? DEFAULT_UNIVERSAL_RESOLVER, config.services.timeoutMs)
}
