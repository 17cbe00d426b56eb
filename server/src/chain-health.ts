/**
 * Whether each configured chain answers (for `/readyz`): an eip155 chain is asked `eth_chainId` on
 * each of its RPC URLs in turn and must name itself; a Solana network `getHealth` (`ok`); a Bitcoin
 * network its Esplora tip height; other namespaces are not probed. A chain that does not answer
 * within the limit is `unreachable`; one that names another chain is `wrong chain`.
 */
import type { ChainConfig } from './config.js'

export type ChainHealth = 'ok' | 'unreachable' | 'wrong chain' | 'unchecked'

async function eip155ChainId(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(timeoutMs),
    })
    const body = (await response.json()) as { result?: unknown }
    return typeof body.result === 'string' ? body.result : undefined
  } catch {
    return undefined
  }
}

/** Whether a Solana RPC says it is healthy, or an Esplora API gives its tip height. */
async function answers(namespace: string, url: string, timeoutMs: number): Promise<boolean> {
  try {
    if (namespace === 'solana') {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth', params: [] }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      return ((await response.json()) as { result?: unknown }).result === 'ok'
    }
    const response = await fetch(`${url.replace(/\/+$/, '')}/blocks/tip/height`, { signal: AbortSignal.timeout(timeoutMs) })
    return response.ok && /^\d+$/.test((await response.text()).trim())
  } catch {
    return false
  }
}

export async function chainHealth(chain: Pick<ChainConfig, 'id' | 'rpcUrls'>, timeoutMs = 2_000): Promise<ChainHealth> {
  const [namespace, reference] = chain.id.split(':')
  if (namespace === 'solana' || namespace === 'bip122') {
    for (const url of chain.rpcUrls.filter((u) => /^https?:/.test(u))) if (await answers(namespace, url, timeoutMs)) return 'ok'
    return 'unreachable'
  }
  if (namespace !== 'eip155') return 'unchecked'
  let answered = false
  for (const url of chain.rpcUrls.filter((u) => /^https?:/.test(u))) {
    const id = await eip155ChainId(url, timeoutMs)
    if (id === undefined) continue
    answered = true
    if (/^0x[0-9a-f]+$/i.test(id) && BigInt(id).toString() === reference) return 'ok'
  }
  return answered ? 'wrong chain' : 'unreachable'
}
