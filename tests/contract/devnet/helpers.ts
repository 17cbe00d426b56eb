/** Shared helpers for the devnet's own contract tests. */
import { inject } from 'vitest'
import { createPublicClient, createWalletClient, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetViemChain, type DevnetChainId } from '../../../devnet/src/config'

export const devnet = inject('devnet')

export const SDK_QUERY = `projectId=${devnet.projectId}&st=walletgate&sv=walletgate-0.1.0`

export async function getJson<T = unknown>(path: string, query = ''): Promise<{ status: number; body: T }> {
  const sep = path.includes('?') ? '&' : '?'
  const res = await fetch(`${devnet.serviceUrl}${path}${sep}${SDK_QUERY}${query ? `&${query}` : ''}`)
  return { status: res.status, body: (await res.json()) as T }
}

/** The header the devnet's `/__admin/*` switches ask for. */
export const ADMIN_AUTH = { authorization: `Bearer ${devnet.adminToken}` }

export async function postJson<T = unknown>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${devnet.serviceUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(path.startsWith('/__admin/') ? ADMIN_AUTH : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as T }
}

export function clients(chainId: DevnetChainId, privateKey: Hex) {
  const url = devnet.rpcUrls[chainId]!
  const chain = devnetViemChain(chainId, url)
  const account = privateKeyToAccount(privateKey)
  return {
    account,
    publicClient: createPublicClient({ chain, transport: http(url), pollingInterval: 50 }),
    walletClient: createWalletClient({ chain, transport: http(url), account }),
  }
}
