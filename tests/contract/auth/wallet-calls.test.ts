/**
 * The RPC methods the embedded wallet's frame lets through beyond plain reads, over real HTTP on
 * a devnet auth service: a batch of calls (sent one by one: an EOA has nothing atomic), its
 * status with receipts, the capabilities that say so, and a raw transaction passed to the chain.
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, toHex, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnet } from '../devnet/helpers'
import { authServiceForFile } from './auth-service-harness'

// Its own auth service on the project's chains, without a bundler: the EOA's behaviour is the
// subject, and the devnet's own service makes smart accounts where the devnet runs bundlers (the
// e2e world's, under `npm test`).
const auth = authServiceForFile({ chains: Object.entries(devnet.rpcUrls).map(([chainId, rpcUrl]) => ({ chainId: Number(chainId), rpcUrl })), serviceUrl: devnet.serviceUrl })

async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as T }
}

async function signIn(): Promise<{ token: string; address: Hex }> {
  const email = `calls-${Math.random().toString(36).slice(2)}@example.test`
  await post('/v1/email/login', { email, deviceId: 'laptop' })
  const mails = (await (await fetch(`${auth.url}/devnet/mail?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[]
  const otp = mails[0]!.subject.match(/\d{6}/)![0]
  const { body } = await post<{ token: string; user: { accounts: { eip155: Hex } } }>('/v1/email/verify', { email, otp, deviceId: 'laptop' })
  return { token: body.token, address: body.user.accounts.eip155 }
}

const rpc = <T>(token: string, method: string, params: unknown[], chainId = 31337) => post<{ result: T; message?: string; code?: number }>('/v1/rpc', { chainId, method, params }, token)

// On the project's devnet: new auth users (fresh emails) funded by the faucet, sending ether on Devnet A.
describe('batched calls and raw transactions from the embedded wallet', () => {
  it('sends calls one by one and reports them confirmed with their receipts; atomic ones are refused', async () => {
    const { token, address } = await signIn()
    expect((await rpc(token, 'wallet_getCapabilities', [address])).body.result).toEqual({
      [toHex(31337)]: { atomic: { status: 'unsupported' } },
      [toHex(31338)]: { atomic: { status: 'unsupported' } },
    })
    const [a, b] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address]
    const calls = [
      { to: a, value: toHex(parseEther('0.01')) },
      { to: b, value: toHex(parseEther('0.02')) },
    ]
    expect(await rpc(token, 'wallet_sendCalls', [{ version: '2.0.0', chainId: toHex(31337), from: address, atomicRequired: true, calls }])).toMatchObject({ status: 400, body: { code: 5760 } })
    const sent = await rpc<{ id: Hex }>(token, 'wallet_sendCalls', [{ version: '2.0.0', chainId: toHex(31337), from: address, atomicRequired: false, calls }])
    expect(sent.status).toBe(200)
    const client = createPublicClient({ transport: http(devnet.rpcUrls[31337]) })
    let status = await rpc<{ status: number; receipts: { status: Hex }[]; atomic: boolean }>(token, 'wallet_getCallsStatus', [sent.body.result.id])
    // Anvil mines each transaction as it arrives, but may answer the send a moment before its miner
    // has run (a busy machine): the status is read once it is no longer 100 (pending).
    for (const end = Date.now() + 10_000; status.body.result.status === 100 && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 50))
      status = await rpc(token, 'wallet_getCallsStatus', [sent.body.result.id])
    }
    expect(status.body.result).toMatchObject({ status: 200, atomic: false, receipts: [{ status: '0x1' }, { status: '0x1' }] })
    expect(await client.getBalance({ address: a })).toBe(parseEther('0.01'))
    expect(await client.getBalance({ address: b })).toBe(parseEther('0.02'))

    // Another user cannot read the bundle.
    const other = await signIn()
    status = await rpc(other.token, 'wallet_getCallsStatus', [sent.body.result.id])
    expect(status).toMatchObject({ status: 400, body: { code: 5730 } })
  })

  it('passes a signed raw transaction to the chain', async () => {
    const { token } = await signIn()
    // A key of this test's own, funded by the embedded wallet, signs the raw transaction (no shared devnet account moves).
    const sender = privateKeyToAccount(generatePrivateKey())
    const client = createPublicClient({ transport: http(devnet.rpcUrls[31337]) })
    const funding = await rpc<Hex>(token, 'eth_sendTransaction', [{ to: sender.address, value: toHex(parseEther('0.1')) }])
    await client.waitForTransactionReceipt({ hash: funding.body.result, pollingInterval: 50 })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const raw = await sender.signTransaction({
      chainId: 31337,
      to: receiver,
      value: parseEther('0.001'),
      nonce: await client.getTransactionCount({ address: sender.address, blockTag: 'pending' }),
      gas: 21_000n,
      maxFeePerGas: (await client.getGasPrice()) * 2n,
      maxPriorityFeePerGas: 1n,
      type: 'eip1559',
    })
    const sent = await rpc<Hex>(token, 'eth_sendRawTransaction', [raw])
    expect(sent.status).toBe(200)
    await client.waitForTransactionReceipt({ hash: sent.body.result, pollingInterval: 50 })
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.001'))
  })
})
