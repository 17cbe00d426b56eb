import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CaipNetwork } from '../../../../src/domain/entities'
import { ViemChainReader } from '../../../../src/infrastructure/chains/eip155/viem-chain-reader'

/**
 * The spec's RPC settings (10 s request timeout, 3 retries with an exponential delay from 150 ms,
 * batches of up to 1000) as the real reader and the real viem apply them: observed on the wire of a
 * stubbed fetch, with fake timers driving the clock.
 */

const NETWORK: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['http://rpc.test/'],
}

interface RpcBody {
  readonly id: number
  readonly method: string
}

/** Every POST the reader made, with the fake time it was made at and its JSON-RPC body. */
function stubRpc(answer: 'hang' | 'balance') {
  const posts: { at: number; body: RpcBody | RpcBody[] }[] = []
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as RpcBody | RpcBody[]
    posts.push({ at: Date.now(), body })
    if (answer === 'hang') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as unknown), { once: true })
      })
    }
    const reply = (call: RpcBody) => ({ jsonrpc: '2.0', id: call.id, result: '0x1' })
    return Promise.resolve(
      new Response(JSON.stringify(Array.isArray(body) ? body.map(reply) : reply(body)), {
        headers: { 'content-type': 'application/json' },
      }),
    )
  })
  const balanceReads = () =>
    posts.filter((p) => (Array.isArray(p.body) ? p.body : [p.body]).some((call) => call.method === 'eth_getBalance'))
  return { posts, balanceReads }
}

const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

let reader: ViemChainReader
// The reader imports viem and its transport module on its first read; loaded here, those imports
// settle within a few microtasks instead of taking real time the fake clock cannot wait for.
beforeAll(async () => {
  await Promise.all([import('viem'), import('../../../../src/infrastructure/chains/eip155/rpc-fallback')])
})
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'], now: 0 })
  reader = new ViemChainReader()
})
afterEach(() => {
  reader.dispose()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('ViemChainReader RPC settings on the wire', () => {
  it('gives a hanging node 10 s per attempt and retries 3 times after 150, 300 and 600 ms, then fails', async () => {
    const rpc = stubRpc('hang')
    const seen: { error?: unknown } = {}
    reader.getNativeBalance(NETWORK, address(1)).catch((error: unknown) => (seen.error = error))
    // 4 attempts of 10 s and 1050 ms of delays: nothing is decided before 41 s.
    await vi.advanceTimersByTimeAsync(41_000)
    expect(seen.error).toBeUndefined()
    await vi.advanceTimersByTimeAsync(100)
    expect(seen.error).toMatchObject({ name: 'TimeoutError' })
    const starts = rpc.balanceReads().map((p) => p.at)
    expect(starts).toHaveLength(4)
    // Each next attempt starts 10 s (the limit) plus the retry delay after the previous one; a
    // millisecond or two of slack is the batch flush (a zero-delay timer) per attempt.
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!)
    ;[10_150, 10_300, 10_600].forEach((gap, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(gap)
      expect(gaps[i]).toBeLessThanOrEqual(gap + 5)
    })
  })

  it('pings for the ranking apart from the reads, so a ping never shortens a read to its 1 s limit', async () => {
    const rpc = stubRpc('hang')
    const seen: { error?: unknown } = {}
    reader.getNativeBalance(NETWORK, address(1)).catch((error: unknown) => (seen.error = error))
    await vi.advanceTimersByTimeAsync(9_990)
    expect(rpc.balanceReads()).toHaveLength(1)
    const first = rpc.balanceReads()[0]!.body
    expect(Array.isArray(first) ? first.map((call) => call.method) : [first.method]).toEqual(['eth_getBalance'])
    expect(rpc.posts.some((p) => !Array.isArray(p.body) && p.body.method === 'net_listening')).toBe(true)
  })

  it('sends concurrent reads as one JSON-RPC batch of at most 1000 calls', async () => {
    const rpc = stubRpc('balance')
    const reads = Array.from({ length: 1001 }, (_, i) => reader.getNativeBalance(NETWORK, address(i + 1)))
    await vi.advanceTimersByTimeAsync(10)
    await expect(Promise.all(reads)).resolves.toHaveLength(1001)
    const batches = rpc.balanceReads().map((p) => (Array.isArray(p.body) ? p.body.length : 1))
    expect(batches).toEqual([1000, 1])
  })
})
