import { createWalletClient, custom, parseEther } from 'viem'
import { createWalletModal } from 'walletgate'

const devnetA = {
  id: 31337,
  name: 'Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
} as const

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: devnetA.id, chainNamespace: 'eip155', name: devnetA.name, nativeCurrency: devnetA.nativeCurrency, rpcUrls: ['http://127.0.0.1:8545'] }],
  features: { send: true, receive: true, activity: true },
})

// The visitor's own views: Account (tokens, NFTs, activity), Send, Receive.
export const showAccount = () => modal.open({ view: 'Account' })

// Your app sends through the same wallet, with viem.
export async function tip(to: `0x${string}`): Promise<string | undefined> {
  const provider = await modal.getProvider('eip155')
  const { address } = modal.getState()
  if (provider === undefined || address === undefined) return undefined
  const wallet = createWalletClient({ chain: devnetA, transport: custom(provider) })
  return wallet.sendTransaction({ account: address as `0x${string}`, to, value: parseEther('0.01') })
}
