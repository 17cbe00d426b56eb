/**
 * What the ENS suites share: a name registered as the modal registers one (an EIP-191-signed
 * message to `POST /v1/profile/account`), and plain viem clients for a devnet chain. No Walletgate
 * client code: an ENS client only knows the chain's RPC and the universal resolver's address.
 */
import { inject } from 'vitest'
import { createPublicClient, createTestClient, http, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnetViemChain, type DevnetChainId } from '../../../devnet/src/config'

export const devnet = inject('devnet')

/** Registers `name` for `privateKey`'s address on `chainId` (ENSIP-11 coin type), as the modal does. */
export async function registerName(name: string, privateKey: Hex, chainId: DevnetChainId = 31337): Promise<void> {
  const account = privateKeyToAccount(privateKey)
  const coinType = (0x80000000 | chainId) >>> 0
  const message = JSON.stringify({ name, coinType, address: account.address, timestamp: Date.now() })
  const signature = await account.signMessage({ message })
  const res = await fetch(`${devnet.serviceUrl}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: coinType, address: account.address, message, signature }),
  })
  if (res.status !== 200) throw new Error(`registering ${name}: ${res.status} ${await res.text()}`)
}

/** A fresh key and a name of this run's own (the registry keeps every name a devnet saw). */
export function freshOwner(prefix: string): { privateKey: Hex; address: Address; name: string } {
  const privateKey = generatePrivateKey()
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  return { privateKey, address: privateKeyToAccount(privateKey).address, name: `${prefix}-${suffix}.wg.id` }
}

export function chainClients(chainId: DevnetChainId) {
  const url = devnet.rpcUrls[chainId]!
  const chain = devnetViemChain(chainId, url)
  return {
    chain,
    publicClient: createPublicClient({ chain, transport: http(url), pollingInterval: 50 }),
    setBalance: (address: Address, wei: bigint) => createTestClient({ chain, mode: 'anvil', transport: http(url) }).setBalance({ address, value: wei }),
  }
}
