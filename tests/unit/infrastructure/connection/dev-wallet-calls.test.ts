// @vitest-environment jsdom
/**
 * EIP-5792 on the Devnet Wallet (an EOA): capabilities say atomic batches are unsupported, a batch
 * is approved once and sent as one transaction per call, its status comes from the receipts, and
 * every call's `to` must start with 0x. The chain is a fake JSON-RPC behind fetch.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { keccak256, parseTransaction, recoverTransactionAddress, type Hex, type TransactionSerialized } from 'viem'
import { DevWalletProvider, type ApprovalMode, type ApprovalRequest } from '../../../../demo/src/dev-wallet/eip155/provider'
import { DEVNET_ACCOUNTS } from '../../../../devnet/src/config'

const chains = [
  { id: 31337, name: 'Devnet A', rpcUrl: 'http://127.0.0.1:1', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
  { id: 31338, name: 'Devnet B', rpcUrl: 'http://127.0.0.1:2', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
]
const address = DEVNET_ACCOUNTS[0]!.address
const [to1, to2] = [DEVNET_ACCOUNTS[1]!.address, DEVNET_ACCOUNTS[2]!.address]

/** A chain that mines on demand: raw transactions wait until `mine()`; some can be made to revert or be refused. */
class FakeChain {
  readonly sent: { to: string; value: bigint; from: string }[] = []
  readonly receipts = new Map<Hex, { status: Hex } | null>()
  revertTo = new Set<string>()
  refuseFrom = Infinity
  private nonce = 0

  mine(): void {
    for (const [hash, receipt] of this.receipts) if (receipt === null) this.receipts.set(hash, { status: this.pendingStatus.get(hash) ?? '0x1' })
  }
  private readonly pendingStatus = new Map<Hex, Hex>()

  async answer(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return '0x7a69'
      case 'eth_getTransactionCount':
        return `0x${this.nonce.toString(16)}`
      case 'eth_estimateGas':
        return '0x5208'
      case 'eth_gasPrice':
      case 'eth_maxPriorityFeePerGas':
        return '0x3b9aca00'
      case 'eth_getBlockByNumber':
        return { baseFeePerGas: '0x3b9aca00', number: '0x1', timestamp: '0x1', hash: `0x${'1'.repeat(64)}`, transactions: [] }
      case 'eth_sendRawTransaction': {
        if (this.sent.length >= this.refuseFrom) throw Object.assign(new Error('insufficient funds for gas * price + value'), { code: -32000 })
        const raw = params[0] as TransactionSerialized
        const tx = parseTransaction(raw)
        const from = await recoverTransactionAddress({ serializedTransaction: raw })
        this.sent.push({ to: tx.to!, value: tx.value ?? 0n, from })
        this.nonce++
        const hash = keccak256(raw)
        this.receipts.set(hash, null)
        this.pendingStatus.set(hash, this.revertTo.has(tx.to!.toLowerCase()) ? '0x0' : '0x1')
        return hash
      }
      case 'eth_getTransactionReceipt': {
        const receipt = this.receipts.get(params[0] as Hex)
        if (receipt === null || receipt === undefined) return null
        return { ...receipt, logs: [], blockHash: `0x${'2'.repeat(64)}`, blockNumber: '0x2', gasUsed: '0x5208', transactionHash: params[0] }
      }
      default:
        throw new Error(`fake chain: ${method}`)
    }
  }
}

let chain: FakeChain
beforeEach(() => {
  chain = new FakeChain()
  vi.stubGlobal('fetch', async (_url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as { id: number; method: string; params: unknown[] } | { id: number; method: string; params: unknown[] }[]
    const one = async (r: { id: number; method: string; params: unknown[] }) => {
      try {
        return { jsonrpc: '2.0', id: r.id, result: await chain.answer(r.method, r.params) }
      } catch (error) {
        return { jsonrpc: '2.0', id: r.id, error: { code: (error as { code?: number }).code ?? -32603, message: (error as Error).message } }
      }
    }
    const answer = Array.isArray(body) ? await Promise.all(body.map(one)) : await one(body)
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

async function connected(mode: ApprovalMode = 'approve', ask: (r: ApprovalRequest) => Promise<boolean> = async () => true) {
  const provider = new DevWalletProvider(
    DEVNET_ACCOUNTS.map((a) => a.privateKey),
    chains,
    { authorized: false, chainId: 31337, accountIndex: 0 },
    { ask, dismissAll: () => undefined },
    () => undefined,
    mode,
  )
  await provider.request({ method: 'eth_requestAccounts' })
  return provider
}

const batch = (calls: unknown[], extra: Record<string, unknown> = {}) => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: '0x7a69', from: address, calls, atomicRequired: false, ...extra }],
})

describe('EIP-5792 on the Devnet Wallet', () => {
  it('says, for every chain it knows, that it cannot batch atomically (it is an EOA)', async () => {
    const provider = await connected()
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [address] })).toEqual({
      '0x7a69': { atomic: { status: 'unsupported' } },
      '0x7a6a': { atomic: { status: 'unsupported' } },
    })
    expect(await provider.request({ method: 'wallet_getCapabilities', params: [address, ['0x7a6a']] })).toEqual({ '0x7a6a': { atomic: { status: 'unsupported' } } })
    await expect(provider.request({ method: 'wallet_getCapabilities', params: [to1] })).rejects.toMatchObject({ code: 4100 })
  })

  it('asks once, then sends each call as its own transaction; the status follows the receipts', async () => {
    const asked: ApprovalRequest[] = []
    const provider = await connected('manual', async (r) => {
      asked.push(r)
      return true
    })
    asked.length = 0
    const { id } = (await provider.request(batch([{ to: to1, value: '0x64' }, { to: to2, value: '0xc8', data: '0x' }]))) as { id: string }
    expect(asked).toEqual([expect.objectContaining({ method: 'wallet_sendCalls', summary: 'Send 2 calls on Devnet A, one transaction each with 300 wei in all' })])
    expect(chain.sent).toEqual([
      { to: to1.toLowerCase(), value: 100n, from: address },
      { to: to2.toLowerCase(), value: 200n, from: address },
    ])
    expect(await provider.request({ method: 'wallet_getCallsStatus', params: [id] })).toMatchObject({ id, chainId: '0x7a69', status: 100, atomic: false, receipts: [] })
    chain.mine()
    const done = (await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as { status: number; receipts: { status: Hex }[] }
    expect(done.status).toBe(200)
    expect(done.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
  })

  it('reports a batch whose calls all reverted (500) and one that landed in part (600)', async () => {
    const provider = await connected()
    chain.revertTo = new Set([to1.toLowerCase(), to2.toLowerCase()])
    const { id: allFailed } = (await provider.request(batch([{ to: to1 }, { to: to2 }]))) as { id: string }
    chain.revertTo = new Set([to2.toLowerCase()])
    const { id: half } = (await provider.request(batch([{ to: to1 }, { to: to2 }]))) as { id: string }
    chain.revertTo = new Set()
    chain.refuseFrom = chain.sent.length + 1
    const { id: cut } = (await provider.request(batch([{ to: to1 }, { to: to2 }]))) as { id: string }
    chain.mine()
    const status = async (id: string) => ((await provider.request({ method: 'wallet_getCallsStatus', params: [id] })) as { status: number }).status
    expect([await status(allFailed), await status(half), await status(cut)]).toEqual([500, 600, 600])
  })

  it('refuses a call whose to does not start with 0x, atomic batches, other chains, unknown ids and a refused approval, sending nothing', async () => {
    const provider = await connected()
    await expect(provider.request(batch([{ to: to1 }, { to: to2.slice(2) }]))).rejects.toMatchObject({ code: -32602, message: 'Call 2 needs a "to" address starting with 0x' })
    await expect(provider.request(batch([{ to: '0x1234' }]))).rejects.toMatchObject({ code: -32602, message: 'Call 1 has a "to" that is not an address' })
    await expect(provider.request(batch([]))).rejects.toMatchObject({ code: -32602 })
    await expect(provider.request(batch([{ to: to1 }], { atomicRequired: true }))).rejects.toMatchObject({ code: 5760 })
    await expect(provider.request(batch([{ to: to1 }], { chainId: '0x7a6a' }))).rejects.toMatchObject({ code: 5710 })
    await expect(provider.request(batch([{ to: to1 }], { capabilities: { paymasterService: { url: 'http://x' } } }))).rejects.toMatchObject({ code: 5700 })
    await expect(provider.request({ method: 'wallet_getCallsStatus', params: [`0x${'0'.repeat(64)}`] })).rejects.toMatchObject({ code: 5730 })
    const refusing = await connected('manual', async (r) => r.method !== 'wallet_sendCalls')
    await expect(refusing.request(batch([{ to: to1 }]))).rejects.toMatchObject({ code: 4001 })
    expect(chain.sent).toEqual([])
  })

  it('fails like eth_sendTransaction when not even the first call could be sent', async () => {
    const provider = await connected()
    chain.refuseFrom = 0
    await expect(provider.request(batch([{ to: to1, value: '0x1' }]))).rejects.toMatchObject({ code: -32000 })
  })
})
