/**
 * What the dapp asks a WalletConnect wallet for, per chain family, built from the configured
 * networks. Every namespace is optional (sign-client 2.x folds required into optional anyway);
 * eip155 networks carry an RPC map of their first URL so the SDK never falls back to a hosted RPC.
 * The session's reads do not use it: they go over the whole RPC list (rpc-reads.ts).
 */
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../../../domain/entities'
import { EIP155_WALLETCONNECT } from '../../chains/eip155/walletconnect'

export interface RequestedNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  /** Numeric chain reference -> RPC URL (eip155 only; the SDK takes one per chain). */
  rpcMap?: Record<string, string>
}

/** What the modal asks a WalletConnect wallet for in one chain family (each wing says its own). */
export interface WalletConnectAsk {
  readonly methods: readonly string[]
  readonly events: readonly string[]
}

/** The families to ask for, each with its ask; by default EVM's alone. */
export type WalletConnectAsks = Readonly<Partial<Record<ChainNamespace, WalletConnectAsk>>>

export type WalletConnectNetwork = Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace' | 'rpcUrls'>

/**
 * The optionalNamespaces for UniversalProvider.connect(): one entry per chain family present in
 * `networks` and asked for in `asks`, chains in configured order.
 */
export function requestedNamespaces(
  networks: readonly WalletConnectNetwork[],
  asks: WalletConnectAsks = { eip155: EIP155_WALLETCONNECT },
): Record<string, RequestedNamespace> {
  const out: Record<string, RequestedNamespace> = {}
  for (const network of networks) {
    const ask = asks[network.chainNamespace]
    if (ask === undefined) continue
    const ns = (out[network.chainNamespace] ??= { chains: [], methods: [...ask.methods], events: [...ask.events] })
    if (!ns.chains.includes(network.caipNetworkId)) ns.chains.push(network.caipNetworkId)
    const rpcUrl = network.rpcUrls[0]
    if (network.chainNamespace === 'eip155' && rpcUrl) {
      ns.rpcMap = { ...ns.rpcMap, [referenceOf(network.caipNetworkId)]: rpcUrl }
    }
  }
  return out
}

/** `eip155:31337` -> `31337`. */
export function referenceOf(caipNetworkId: CaipNetworkId | string): string {
  const i = caipNetworkId.indexOf(':')
  return i < 0 ? caipNetworkId : caipNetworkId.slice(i + 1)
}

/** `eip155:31337:0xabc` -> `0xabc` (the address part of a CAIP-10 account). */
export function addressOf(caip10: string): string {
  return caip10.split(':').slice(2).join(':')
}
