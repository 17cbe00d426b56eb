/**
 * What the dapp asks a WalletConnect wallet for, per chain family, built from the configured
 * networks. Every namespace is optional (sign-client 2.x folds required into optional anyway);
 * eip155 networks carry an RPC map of their first URL so the SDK never falls back to a hosted RPC.
 * The session's reads do not use it: they go over the whole RPC list (rpc-reads.ts).
 */
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../../../domain/entities'

export interface RequestedNamespace {
  chains: string[]
  methods: string[]
  events: string[]
  /** Numeric chain reference -> RPC URL (eip155 only; the SDK takes one per chain). */
  rpcMap?: Record<string, string>
}

export const WALLETCONNECT_METHODS: Readonly<Record<ChainNamespace, readonly string[]>> = {
  eip155: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    // EIP-5792 batches (approve + swap under one prompt), used only when the wallet approves them.
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
  ],
  solana: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
  polkadot: ['polkadot_signMessage', 'polkadot_signTransaction'],
  bip122: ['signMessage', 'sendTransfer', 'getAccountAddresses'],
  cosmos: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
}

export const WALLETCONNECT_EVENTS: Readonly<Record<ChainNamespace, readonly string[]>> = {
  eip155: ['accountsChanged', 'chainChanged'],
  solana: ['accountsChanged', 'chainChanged'],
  polkadot: ['accountsChanged', 'chainChanged'],
  bip122: ['accountsChanged', 'chainChanged'],
  cosmos: ['accountsChanged', 'chainChanged'],
}

export type WalletConnectNetwork = Pick<CaipNetwork, 'caipNetworkId' | 'chainNamespace' | 'rpcUrls'>

/**
 * The optionalNamespaces for UniversalProvider.connect(): one entry per chain family present in
 * `networks` and enabled in `namespaces`, chains in configured order.
 */
export function requestedNamespaces(
  networks: readonly WalletConnectNetwork[],
  namespaces: readonly ChainNamespace[] = ['eip155'],
): Record<string, RequestedNamespace> {
  const out: Record<string, RequestedNamespace> = {}
  for (const network of networks) {
    if (!namespaces.includes(network.chainNamespace)) continue
    const ns = (out[network.chainNamespace] ??= {
      chains: [],
      methods: [...WALLETCONNECT_METHODS[network.chainNamespace]],
      events: [...WALLETCONNECT_EVENTS[network.chainNamespace]],
    })
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
