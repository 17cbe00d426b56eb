import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../../../../src/domain/entities'
import { UnsupportedChainReadError } from '../../../../src/ports/chain-reader'
import {
  FALLBACK_TRANSPORT_OPTIONS,
  HTTP_TRANSPORT_OPTIONS,
} from '../../../../src/infrastructure/chains/eip155/rpc-transport-options'
import { ViemChainReader } from '../../../../src/infrastructure/chains/eip155/viem-chain-reader'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

interface RpcCall {
  method: string
  params: unknown[]
}

/** A JSON-RPC endpoint on 127.0.0.1 answering eth_getBalance with `balance` (batches too). */
async function rpcServer(balance: bigint): Promise<{ url: string; calls: RpcCall[]; server: Server }> {
  const calls: RpcCall[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const parsed = JSON.parse(body) as RpcCall & { id: number } | (RpcCall & { id: number })[]
      const answer = (call: RpcCall & { id: number }) => {
        calls.push({ method: call.method, params: call.params })
        const result =
          call.method === 'eth_getBalance' ? `0x${balance.toString(16)}` : call.method === 'eth_chainId' ? '0x7a69' : true
        return { jsonrpc: '2.0', id: call.id, result }
      }
      res.setHeader('content-type', 'application/json')
      res.end(JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  servers.push(server)
  return { url: `http://127.0.0.1:${port}`, calls, server }
}

/** A URL on which nothing listens (the port was free a moment ago). */
async function deadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

function network(rpcUrls: string[], overrides: Partial<CaipNetwork> = {}): CaipNetwork {
  return {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Devnet A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls,
    ...overrides,
  }
}

const servers: Server[] = []
const readers: ViemChainReader[] = []
afterEach(async () => {
  readers.splice(0).forEach((r) => r.dispose())
  await Promise.all(
    servers.splice(0).map((s) => new Promise<void>((resolve) => {
      s.closeAllConnections()
      s.close(() => resolve())
    })),
  )
})

function reader(): ViemChainReader {
  const r = new ViemChainReader()
  readers.push(r)
  return r
}

describe('ViemChainReader', () => {
  it('reads the native balance over JSON-RPC', async () => {
    const rpc = await rpcServer(10_000n * 10n ** 18n)
    const balance = await reader().getNativeBalance(network([rpc.url]), ADDRESS)
    expect(balance).toBe(10_000n * 10n ** 18n)
    const call = rpc.calls.find((c) => c.method === 'eth_getBalance')
    expect(call?.params[0]).toBe(ADDRESS)
  })

  it('falls back to the second RPC URL when the first one is down', async () => {
    const rpc = await rpcServer(42n)
    const balance = await reader().getNativeBalance(network([await deadUrl(), rpc.url]), ADDRESS)
    expect(balance).toBe(42n)
    expect(rpc.calls.some((c) => c.method === 'eth_getBalance')).toBe(true)
  })

  it('keeps reading after the first URL dies mid-session', async () => {
    const first = await rpcServer(1n)
    const second = await rpcServer(2n)
    const r = reader()
    const net = network([first.url, second.url])
    expect(await r.getNativeBalance(net, ADDRESS)).toBe(1n)
    await new Promise<void>((resolve) => {
      first.server.closeAllConnections()
      first.server.close(() => resolve())
    })
    expect(await r.getNativeBalance(net, ADDRESS)).toBe(2n)
  })

  it('refuses a namespace it cannot read, before any request', async () => {
    const rpc = await rpcServer(1n)
    await expect(
      reader().getNativeBalance(network([rpc.url], { chainNamespace: 'solana', caipNetworkId: 'solana:abc' }), ADDRESS),
    ).rejects.toBeInstanceOf(UnsupportedChainReadError)
    expect(rpc.calls).toEqual([])
  })

  it('rejects with the abort reason when aborted before reading', async () => {
    const rpc = await rpcServer(1n)
    const controller = new AbortController()
    controller.abort(new Error('stop'))
    await expect(reader().getNativeBalance(network([rpc.url]), ADDRESS, { signal: controller.signal })).rejects.toThrow(
      'stop',
    )
    expect(rpc.calls).toEqual([])
  })
})

describe('RPC transport settings (spec section 9)', () => {
  it('ranks every 4 s over 10 samples with a 1 s ping timeout, weighing stability 0.7 and latency 0.3', () => {
    expect(FALLBACK_TRANSPORT_OPTIONS.rank).toEqual({
      interval: 4000,
      sampleCount: 10,
      timeout: 1000,
      weights: { stability: 0.7, latency: 0.3 },
    })
  })

  it('times out after 10 s, retries 3 times from 150 ms and batches up to 1000 requests', () => {
    expect(FALLBACK_TRANSPORT_OPTIONS.retryCount).toBe(3)
    expect(FALLBACK_TRANSPORT_OPTIONS.retryDelay).toBe(150)
    expect(HTTP_TRANSPORT_OPTIONS.timeout).toBe(10_000)
    expect(HTTP_TRANSPORT_OPTIONS.batch.batchSize).toBe(1000)
  })
})
