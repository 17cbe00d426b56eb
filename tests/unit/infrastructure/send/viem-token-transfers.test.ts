import { describe, expect, it } from 'vitest'
import { decodeFunctionData, erc20Abi } from 'viem'
import { TransactionRejectedError } from '../../../../src/domain/errors'
import { ViemTokenTransfers } from '../../../../src/infrastructure/chains/eip155/send/viem-token-transfers'
import { GasEstimationError, TransferFailedError, UnsupportedTransferChainError } from '../../../../src/ports/token-transfers'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const HASH = `0x${'ab'.repeat(32)}`

type Handler = (params: unknown) => unknown

/** An EIP-1193 wallet on chain 31337 answering from handlers; records every request. */
class FakeWallet {
  readonly requests: { method: string; params?: unknown }[] = []
  constructor(private readonly handlers: Record<string, Handler> = {}) {}
  request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    this.requests.push({ method, params })
    const handler = this.handlers[method] ?? DEFAULTS[method]
    if (!handler) throw Object.assign(new Error(`Method ${method} not supported`), { code: -32601 })
    return handler(params)
  }
  sent(): Record<string, string>[] {
    return this.requests.filter((r) => r.method === 'eth_sendTransaction').map((r) => (r.params as Record<string, string>[])[0]!)
  }
}

const DEFAULTS: Record<string, Handler> = {
  eth_chainId: () => '0x7a69',
  eth_sendTransaction: () => HASH,
  eth_getTransactionByHash: () => ({ nonce: '0x7' }),
  eth_estimateGas: () => '0x5208',
  eth_gasPrice: () => '0x3b9aca00',
  eth_maxPriorityFeePerGas: () => '0x3b9aca00',
  eth_getBlockByNumber: () => ({ number: '0x1', baseFeePerGas: '0x3b9aca00', hash: HASH, timestamp: '0x1', transactions: [] }),
}

function adapter(wallet: FakeWallet | undefined) {
  return new ViemTokenTransfers(() => Promise.resolve(wallet))
}

describe('ViemTokenTransfers', () => {
  it('sends the native token as one eth_sendTransaction with the value and the wallet on the right chain', async () => {
    const wallet = new FakeWallet()
    const sent = await adapter(wallet).send({ chainId: 'eip155:31337', from: FROM, to: TO, amount: 250_000_000_000_000_000n })
    expect(sent).toEqual({ hash: HASH, nonce: 7 })
    expect(wallet.sent()).toHaveLength(1)
    expect(wallet.sent()[0]).toMatchObject({ from: FROM, to: TO, value: '0x3782dace9d90000' })
    expect(wallet.requests.map((r) => r.method)).toContain('eth_chainId')
  })

  it('sends an ERC20 as transfer(to, amount) to the token contract, with no value', async () => {
    const wallet = new FakeWallet()
    await adapter(wallet).send({ chainId: 'eip155:31337', from: FROM, to: TO, amount: 10_500_000n, token: TOKEN })
    const [tx] = wallet.sent()
    expect(tx?.to).toBe(TOKEN)
    expect(tx?.value).toBeUndefined()
    const call = decodeFunctionData({ abi: erc20Abi, data: tx?.data as `0x${string}` })
    expect(call).toEqual({ functionName: 'transfer', args: [TO, 10_500_000n] })
  })

  it('refuses to send when the wallet is on another chain', async () => {
    const wallet = new FakeWallet({ eth_chainId: () => '0x7a6a' })
    await expect(adapter(wallet).send({ chainId: 'eip155:31337', from: FROM, to: TO, amount: 1n })).rejects.toBeInstanceOf(TransferFailedError)
    expect(wallet.sent()).toEqual([])
  })

  it('a 4001 from the wallet is "Transaction rejected", sent once, never retried', async () => {
    const wallet = new FakeWallet({
      eth_sendTransaction: () => {
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      },
    })
    const error = await adapter(wallet)
      .send({ chainId: 'eip155:31337', from: FROM, to: TO, amount: 1n })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransactionRejectedError)
    expect((error as Error).message).toBe('Transaction rejected')
    expect(wallet.sent()).toHaveLength(1)
  })

  it("another wallet failure keeps the wallet's words", async () => {
    const wallet = new FakeWallet({
      eth_sendTransaction: () => {
        throw Object.assign(new Error('insufficient funds for gas * price + value'), { code: -32000 })
      },
    })
    const error = await adapter(wallet)
      .send({ chainId: 'eip155:31337', from: FROM, to: TO, amount: 1n })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(TransferFailedError)
    expect((error as Error).message).not.toBe('')
    expect(wallet.sent()).toHaveLength(1)
  })

  it('estimates gas times the max fee per gas', async () => {
    const wallet = new FakeWallet()
    const estimate = await adapter(wallet).estimate({ chainId: 'eip155:31337', from: FROM, to: TO, amount: 1n })
    expect(estimate.gas).toBe(21_000n)
    expect(estimate.gasPrice).toBeGreaterThan(0n)
    expect(estimate.fee).toBe(estimate.gas * estimate.gasPrice)
    expect(wallet.sent()).toEqual([])
  })

  it('a failed estimate is a GasEstimationError', async () => {
    const wallet = new FakeWallet({
      eth_estimateGas: () => {
        throw Object.assign(new Error('execution reverted'), { code: 3 })
      },
    })
    await expect(
      adapter(wallet).estimate({ chainId: 'eip155:31337', from: FROM, to: TO, amount: 1n, token: TOKEN }),
    ).rejects.toBeInstanceOf(GasEstimationError)
  })

  it('reads receipts: none is pending, status 0x1 confirmed, 0x0 failed', async () => {
    const receipts: Record<string, unknown> = { a: null, b: { status: '0x1' }, c: { status: '0x0' } }
    const wallet = new FakeWallet({ eth_getTransactionReceipt: (params) => receipts[(params as string[])[0]!] })
    const transfers = adapter(wallet)
    expect(await transfers.receiptStatus('eip155:31337', 'a')).toBe('pending')
    expect(await transfers.receiptStatus('eip155:31337', 'b')).toBe('confirmed')
    expect(await transfers.receiptStatus('eip155:31337', 'c')).toBe('failed')
  })

  it('needs a connected wallet and an eip155 chain', async () => {
    await expect(adapter(undefined).send({ chainId: 'eip155:1', from: FROM, to: TO, amount: 1n })).rejects.toThrow(
      'No ConnectionController client found',
    )
    await expect(
      adapter(new FakeWallet()).send({ chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', from: FROM, to: TO, amount: 1n }),
    ).rejects.toBeInstanceOf(UnsupportedTransferChainError)
  })
})
