/**
 * JSON-RPC batches for the chains read over plain JSON-RPC without viem (Solana): each URL in turn,
 * the answers in the order of the calls.
 */
const REQUEST_TIMEOUT_MS = 10_000

export interface RpcAnswer {
  readonly id: number
  readonly result?: unknown
  readonly error?: { readonly message?: string }
}

/** One JSON-RPC batch, tried on each URL in turn: each call's answer, an error one included. */
export async function rpcBatch(urls: readonly string[], calls: readonly { method: string; params: unknown[] }[]): Promise<RpcAnswer[]> {
  let last: unknown
  for (const url of urls) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(calls.map((call, id) => ({ jsonrpc: '2.0', id, ...call }))),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      })
      if (!response.ok) throw new Error(`HTTP ${response.status}`)
      const answers = (await response.json()) as RpcAnswer[]
      if (!Array.isArray(answers)) throw new Error('not a JSON-RPC batch answer')
      return calls.map((_, id) => answers.find((a) => a.id === id) ?? { id, error: { message: 'no answer' } })
    } catch (error) {
      last = error
    }
  }
  throw new Error(`no RPC URL answered: ${last instanceof Error ? last.message : String(last)}`)
}

