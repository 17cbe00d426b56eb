/**
 * Moving an eip155 wallet to another network: `wallet_switchEthereumChain`; when the wallet does
 * not know the chain (4902), `wallet_addEthereumChain` (EIP-3085) with the configured network's
 * details, then switch again.
 */
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import type { CaipNetwork } from '../../../domain/entities'
import { WalletRequestError, type SwitchStep } from '../../../ports/chain-family'
import { request } from './eip1193'

export async function switchChain(provider: Eip1193Provider, network: CaipNetwork, onStep?: (step: SwitchStep) => void): Promise<void> {
  const chainId = `0x${Number(network.id).toString(16)}`
  try {
    await request(provider, 'wallet_switchEthereumChain', [{ chainId }])
  } catch (error) {
    if (!(error instanceof WalletRequestError) || error.kind !== 'unknownNetwork') throw error
    onStep?.('add')
    await request(provider, 'wallet_addEthereumChain', [addChainParameters(network, chainId)])
    onStep?.('switch')
    await request(provider, 'wallet_switchEthereumChain', [{ chainId }])
  }
}

/** EIP-3085 parameters for a configured eip155 network. */
export function addChainParameters(network: CaipNetwork, chainId: string): Record<string, unknown> {
  return {
    chainId,
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorerUrl === undefined ? {} : { blockExplorerUrls: [network.blockExplorerUrl] }),
  }
}
