/**
 * Runs an operation's calls on the chain before the paymaster signs for it: `eth_simulateV1` of
 * every inner call from the account, in order, in one block on the latest state (a batch's later
 * calls see the earlier ones' effects). A call that reverts is not sponsored.
 */
import type { Address } from 'viem'
import type { InnerCall } from './policy.js'

export type SimulationOutcome =
  /** `chainTimeS`: the simulated block's timestamp (seconds), the clock the EntryPoint checks `validUntil` against. */
  | { readonly ok: true; readonly gasUsed: bigint; readonly chainTimeS?: number }
  | { readonly ok: false; readonly detail: string }

export interface OperationSimulator {
  /** MUST resolve ok only when every call succeeds on the chain's latest state; never throws for a revert. */
  simulate(chainId: number, sender: Address, calls: readonly InnerCall[]): Promise<SimulationOutcome>
}

const TIMEOUT_MS = 10_000

interface SimulatedCall {
  status?: string
  gasUsed?: string
  error?: { message?: string }
}

export function rpcSimulator(rpcUrlOf: (chainId: number) => string | undefined): OperationSimulator {
  return {
    async simulate(chainId, sender, calls) {
      const url = rpcUrlOf(chainId)
      if (url === undefined) return { ok: false, detail: `no RPC URL for chain ${chainId}` }
      const params = [
        {
          blockStateCalls: [{ calls: calls.map((c) => ({ from: sender, to: c.to, value: `0x${c.value.toString(16)}`, data: c.data })) }],
          validation: false,
        },
        'latest',
      ]
      let body: { result?: { calls?: SimulatedCall[]; timestamp?: string }[]; error?: { message?: string } }
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_simulateV1', params }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        })
        body = (await res.json()) as typeof body
      } catch (error) {
        return { ok: false, detail: `the chain did not answer: ${(error as Error).message}` }
      }
      if (body.error !== undefined) return { ok: false, detail: body.error.message ?? 'the simulation failed' }
      const results = body.result?.[0]?.calls ?? []
      if (results.length !== calls.length) return { ok: false, detail: 'the simulation answered another number of calls' }
      const failed = results.find((r) => r.status !== '0x1')
      if (failed !== undefined) return { ok: false, detail: failed.error?.message ?? 'a call reverted' }
      const gasUsed = results.reduce((sum, r) => sum + BigInt(r.gasUsed ?? '0x0'), 0n)
      const timestamp = body.result?.[0]?.timestamp
      const chainTimeS = typeof timestamp === 'string' && /^0x[0-9a-f]{1,12}$/i.test(timestamp) ? Number(timestamp) : undefined
      return chainTimeS === undefined ? { ok: true, gasUsed } : { ok: true, gasUsed, chainTimeS }
    },
  }
}
