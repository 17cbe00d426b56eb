import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
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
  }, 20_000) // the file's first read imports viem, seconds on a loaded machine

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

/** A scripted chain for `watchAccount`: its head, the account's balance and nonce, and token transfers to it. */
async function scriptedChain() {
  const state = {
    block: 10n,
    balance: 5n,
    nonce: 1,
    transfersTo: [] as bigint[],
    logRanges: [] as [bigint, bigint][],
    /** How many times the head was asked for. */
    headPolls: 0,
    /** While set, answers to reads other than the head's wait for it (computed when asked: a slow node). */
    hold: undefined as Promise<void> | undefined,
  }
  const padded = `0x${ADDRESS.slice(2).toLowerCase().padStart(64, '0')}`
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const parsed = JSON.parse(body) as (RpcCall & { id: number }) | (RpcCall & { id: number })[]
      const answer = (call: RpcCall & { id: number }) => {
        const hex = (n: bigint | number) => `0x${n.toString(16)}`
        let result: unknown = null
        if (call.method === 'eth_chainId') result = '0x7a69'
        else if (call.method === 'eth_blockNumber') {
          state.headPolls += 1
          result = hex(state.block)
        }
        else if (call.method === 'eth_getBalance') result = hex(state.balance)
        else if (call.method === 'eth_getTransactionCount') result = hex(state.nonce)
        else if (call.method === 'eth_getLogs') {
          const filter = call.params[0] as { fromBlock: string; toBlock: string; topics: (string | null)[] }
          const [from, to] = [BigInt(filter.fromBlock), BigInt(filter.toBlock)]
          state.logRanges.push([from, to])
          result =
            filter.topics[2]?.toLowerCase() === padded
              ? state.transfersTo.filter((b) => b >= from && b <= to).map((b) => ({ blockNumber: hex(b), topics: filter.topics, data: '0x' }))
              : []
        }
        return { jsonrpc: '2.0', id: call.id, result }
      }
      const calls = Array.isArray(parsed) ? parsed : [parsed]
      const text = JSON.stringify(Array.isArray(parsed) ? parsed.map(answer) : answer(parsed))
      const held = calls.some((call) => call.method !== 'eth_blockNumber') ? state.hold : undefined
      res.setHeader('content-type', 'application/json')
      void (held ?? Promise.resolve()).then(() => res.end(text))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state }
}

/** Waits that hold on a loaded machine (the polls are 20 ms; a busy CI box stretches them). */
const SLOW_MACHINE = { timeout: 4_000, interval: 10 }

describe('ViemChainReader.watchAccount (issue 41 item 3: balances follow the chain)', () => {
  it('tells each new block that changes the balance or the nonce or brings a token, and no other', async () => {
    const chain = await scriptedChain()
    const r = new ViemChainReader({ accountPollMs: 20 })
    readers.push(r)
    const net = network([chain.url])
    let touches = 0
    let stop = r.watchAccount(net, ADDRESS, () => touches++)
    const settle = () => new Promise((resolve) => setTimeout(resolve, 150))
    await settle()
    expect(touches).toBe(0) // the first look only marks where the account stands

    chain.state.block = 11n // a block of other people's transactions
    await settle()
    expect(touches).toBe(0)

    chain.state.block = 12n
    chain.state.balance = 6n // an incoming native transfer
    await vi.waitFor(() => expect(touches).toBe(1))

    chain.state.block = 13n
    chain.state.nonce = 2 // a transaction the account sent (by any path), fee paid elsewhere
    await vi.waitFor(() => expect(touches).toBe(2))

    chain.state.block = 14n
    chain.state.transfersTo.push(14n) // a token arrives: native balance and nonce unchanged
    await vi.waitFor(() => expect(touches).toBe(3))
    expect(chain.state.logRanges).toContainEqual([14n, 14n])

    // While nobody watched, a transfer landed: the next watch tells it at once.
    stop()
    chain.state.block = 20n
    chain.state.transfersTo.push(17n)
    await settle()
    expect(touches).toBe(3)
    stop = r.watchAccount(net, ADDRESS, () => touches++)
    await vi.waitFor(() => expect(touches).toBe(4))
    expect(chain.state.logRanges).toContainEqual([15n, 20n])

    // Too many blocks to scan for transfers: counted as touched rather than missed.
    chain.state.block = 20_000n
    await vi.waitFor(() => expect(touches).toBe(5))
    stop()
  })

  it('a head that comes while the last one is being looked at is looked at next, not lost', async () => {
    const chain = await scriptedChain()
    const r = new ViemChainReader({ accountPollMs: 20 })
    readers.push(r)
    let touches = 0
    const stop = r.watchAccount(network([chain.url]), ADDRESS, () => touches++)
    // The first look marks block 10.
    await vi.waitFor(() => expect(chain.state.headPolls).toBeGreaterThanOrEqual(3), SLOW_MACHINE)
    // Block 11 changes nothing, and the node is slow to say so.
    let release = () => undefined as void
    chain.state.hold = new Promise<void>((resolve) => (release = resolve))
    chain.state.block = 11n
    await vi.waitFor(() => expect(chain.state.logRanges).toContainEqual([11n, 11n]), SLOW_MACHINE)
    // Block 12 brings money while block 11's look still waits; the head stays at 12.
    chain.state.block = 12n
    chain.state.balance = 6n
    const polls = chain.state.headPolls
    await vi.waitFor(() => expect(chain.state.headPolls).toBeGreaterThanOrEqual(polls + 3), SLOW_MACHINE)
    chain.state.hold = undefined
    release()
    await vi.waitFor(() => expect(touches).toBe(1), SLOW_MACHINE)
    stop()
  }, 20_000)

  it('watches nothing for another namespace', () => {
    const r = reader()
    const stop = r.watchAccount(network(['http://127.0.0.1:1'], { chainNamespace: 'solana', caipNetworkId: 'solana:abc' }), ADDRESS, () => undefined)
    expect(() => stop()).not.toThrow()
  })
})
