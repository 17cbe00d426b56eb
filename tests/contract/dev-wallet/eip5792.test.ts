// @vitest-environment jsdom
/**
 * The demo's Devnet Wallet answering EIP-5792 against the real devnet chain: one approval, one
 * transaction per call, the status from the chain's receipts, the receivers paid exactly.
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, toHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DevWalletProvider, type ApprovalRequest } from '../../../demo/src/dev-wallet/eip155/provider'
import { devnet } from '../devnet/helpers'

const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ transport: http(rpcUrl) })

// On the project's devnet: a fresh address's balance, and the calls it sends.
describe('the Devnet Wallet sends calls (EIP-5792) on the devnet', () => {
  it('asks once, sends each call as a transaction, and reports them confirmed from the receipts', async () => {
    const key = generatePrivateKey()
    const address = privateKeyToAccount(key).address
    await client.request({ method: 'anvil_setBalance' as never, params: [address, toHex(parseEther('1'))] as never })
    const asked: ApprovalRequest[] = []
    const wallet = new DevWalletProvider(
      [key],
      [{ id: 31337, name: 'Devnet A', rpcUrl, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
      { authorized: false, chainId: 31337, accountIndex: 0 },
      { ask: async (r) => (asked.push(r), true), dismissAll: () => undefined },
      () => undefined,
      'manual',
    )
    await wallet.request({ method: 'eth_requestAccounts' })
    const [a, b] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
    const { id } = (await wallet.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: false, calls: [{ to: a, value: toHex(parseEther('0.01')) }, { to: b, value: toHex(parseEther('0.02')) }] }],
    })) as { id: string }
    expect(asked.map((r) => r.method)).toEqual(['eth_requestAccounts', 'wallet_sendCalls'])
    // Anvil mines each transaction as it arrives, but may answer the send a moment before its miner
    // has run (a busy machine): the status is read once it is no longer 100 (pending).
    type CallsStatus = { status: number; atomic: boolean; receipts: { transactionHash: Hex; status: Hex }[] }
    const readStatus = async () => (await wallet.request({ method: 'wallet_getCallsStatus', params: [id] })) as CallsStatus
    let status = await readStatus()
    for (const end = Date.now() + 10_000; status.status === 100 && Date.now() < end; status = await readStatus()) await new Promise((r) => setTimeout(r, 50))
    expect(status).toMatchObject({ status: 200, atomic: false })
    expect(status.receipts.map((r) => r.status)).toEqual(['0x1', '0x1'])
    expect(new Set(status.receipts.map((r) => r.transactionHash)).size).toBe(2)
    expect([await client.getBalance({ address: a }), await client.getBalance({ address: b })]).toEqual([parseEther('0.01'), parseEther('0.02')])
  })
})
