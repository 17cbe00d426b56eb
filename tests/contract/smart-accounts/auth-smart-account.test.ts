/**
 * The auth service's server-side signer as the user's smart account: with a bundler on the chain,
 * a new user's account type is the smart account (spec section 4), funded before its first use;
 * /v1/rpc sends as it through the bundler (the first user operation deploys it), answers the
 * bundle transaction's hash, sends a batch as one atomic user operation, and signs messages and
 * typed data that verify before (ERC-6492) and after (ERC-1271) the deployment; the preferred type
 * switches to the EOA and back on the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, type Address, type Hex } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import { devnetViemChain } from '../../../devnet/src/config'
import { NEW_WALLET_FUNDING, startAuthService, type AuthService } from '../../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../../devnet/src/auth/smtp-sink'
import { devnet } from '../devnet/helpers'
import { startChainABundler } from './bundler'

const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl), pollingInterval: 50 })
let bundler: BundlerHandle
let sink: SmtpSink
let auth: AuthService

beforeAll(async () => {
  let chain
  ;({ bundler, chain } = await startChainABundler())
  sink = await startSmtpSink({ port: 0 })
  auth = await startAuthService({ port: 0, smtpPort: sink.port, mailbox: sink.mailbox, chains: [chain] })
})
afterAll(async () => {
  await auth?.stop()
  await sink?.stop()
  await bundler?.stop()
})

interface User {
  address: Address
  accounts: { eip155: Address }
  evmAccounts: { address: Address; type: 'smartAccount' | 'eoa' }[]
  preferredAccountType: 'smartAccount' | 'eoa'
  smartAccountDeployed?: boolean
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: res.status, body: (await res.json()) as T }
}

/** A new user signed in by email (the code read from the mail sink). */
async function signIn(): Promise<{ token: string; user: User }> {
  const email = `sa-${Math.random().toString(36).slice(2)}@example.test`
  await call('POST', '/v1/email/login', { email, deviceId: 'd1' })
  const mails = await call<{ subject: string }[]>('GET', `/devnet/mail?to=${encodeURIComponent(email)}`)
  const otp = mails.body[0]!.subject.match(/\d{6}/)![0]
  const { body } = await call<{ token: string; user: User }>('POST', '/v1/email/verify', { email, otp, deviceId: 'd1' })
  return body
}

const rpc = <T>(token: string, method: string, params: unknown[]) => call<{ result: T; message?: string }>('POST', '/v1/rpc', { chainId: 31337, method, params }, token)
const receiver = (): Address => privateKeyToAccount(generatePrivateKey()).address

// On the project's devnet: smart accounts of fresh owners deployed on Devnet A through a bundler (bundler.ts).
describe('the embedded wallet as a smart account', () => {
  it('a new user is on the smart account by default, with both accounts listed and both funded', async () => {
    const { token, user } = await signIn()
    const smart = user.evmAccounts.find((a) => a.type === 'smartAccount')!.address
    expect(user.preferredAccountType).toBe('smartAccount')
    expect(user.address).toBe(smart)
    expect(user.evmAccounts).toEqual([
      { address: smart, type: 'smartAccount' },
      { address: user.accounts.eip155, type: 'eoa' },
    ])
    expect(smart).not.toBe(user.accounts.eip155)
    expect(await client.getBalance({ address: smart })).toBe(NEW_WALLET_FUNDING)
    expect(await client.getBalance({ address: user.accounts.eip155 })).toBe(NEW_WALLET_FUNDING)
    expect((await call<User>('GET', '/v1/user?chainId=31337', undefined, token)).body.smartAccountDeployed).toBe(false)
    expect((await rpc<Address[]>(token, 'eth_accounts', [])).body.result).toEqual([smart])
    const capabilities = (await rpc<Record<string, { atomic: { status: string } }>>(token, 'wallet_getCapabilities', [])).body.result
    expect(capabilities['0x7a69']?.atomic.status).toBe('supported')
  })

  it('sends 0.01 ETH as the smart account: the user operation deploys it, the receiver gets exactly that, the answer is the bundle transaction', async () => {
    const { token, user } = await signIn()
    const to = receiver()
    const sent = await rpc<Hex>(token, 'eth_sendTransaction', [{ from: user.address, to, value: `0x${parseEther('0.01').toString(16)}` }])
    expect(sent.status).toBe(200)
    expect(await client.getBalance({ address: to })).toBe(parseEther('0.01'))
    // The modal polls this receipt as for any transaction: the bundle, mined, sent by the bundler to the EntryPoint.
    const receipt = (await rpc<{ status: string; to: string }>(token, 'eth_getTransactionReceipt', [sent.body.result])).body.result
    expect(receipt.status).toBe('0x1')
    expect(receipt.to.toLowerCase()).toBe('0x0000000071727de22e5e9d8baf0edac6f37da032')
    expect((await call<User>('GET', '/v1/user?chainId=31337', undefined, token)).body.smartAccountDeployed).toBe(true)
    // Gas came from the smart account; the EOA did not move.
    expect(await client.getBalance({ address: user.accounts.eip155 })).toBe(NEW_WALLET_FUNDING)
    expect(await client.getBalance({ address: user.address })).toBeLessThan(NEW_WALLET_FUNDING - parseEther('0.01'))
  })

  it('personal_sign as the smart account verifies with viem before the deployment (ERC-6492) and after it (ERC-1271)', async () => {
    const { token, user } = await signIn()
    const before = await rpc<Hex>(token, 'personal_sign', ['hello before', user.address])
    expect(await client.getCode({ address: user.address })).toBeUndefined()
    expect(await client.verifyMessage({ address: user.address, message: 'hello before', signature: before.body.result })).toBe(true)
    expect(await client.verifyMessage({ address: user.address, message: 'another message', signature: before.body.result })).toBe(false)

    await rpc<Hex>(token, 'eth_sendTransaction', [{ to: receiver(), value: '0x1' }])
    expect((await client.getCode({ address: user.address }))?.length ?? 0).toBeGreaterThan(2)
    const after = await rpc<Hex>(token, 'personal_sign', ['hello after', user.address])
    expect(await client.verifyMessage({ address: user.address, message: 'hello after', signature: after.body.result })).toBe(true)
    expect(await client.verifyMessage({ address: user.address, message: 'hello before', signature: after.body.result })).toBe(false)
  })

  it('wallet_sendCalls as the smart account is one atomic user operation; its status comes from the user-op receipt', async () => {
    const { token } = await signIn()
    const [a, b] = [receiver(), receiver()]
    const sent = await rpc<{ id: Hex }>(token, 'wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: a, value: '0x1' }, { to: b, value: '0x2' }] }])
    expect(sent.status).toBe(200)
    // The id is the userOpHash: the bundler says when it is mined.
    await createBundlerClient({ client, transport: http(bundler.url) }).waitForUserOperationReceipt({ hash: sent.body.result.id, pollingInterval: 100 })
    const status = (await rpc<{ status: number; atomic: boolean; receipts: unknown[] }>(token, 'wallet_getCallsStatus', [sent.body.result.id])).body.result
    expect(status.status).toBe(200)
    expect(status.atomic).toBe(true)
    expect(status.receipts).toHaveLength(1)
    expect([await client.getBalance({ address: a }), await client.getBalance({ address: b })]).toEqual([1n, 2n])
  })

  it('eth_signTypedData_v4 as the smart account verifies with viem (ERC-6492 before deployment)', async () => {
    const { token, user } = await signIn()
    const typed = {
      domain: { name: 'Devnet App', version: '1', chainId: 31337, verifyingContract: '0x00000000000000000000000000000000000000aa' as Address },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hello' },
    }
    const types = { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], ...typed.types }
    const signed = await rpc<Hex>(token, 'eth_signTypedData_v4', [user.address, JSON.stringify({ ...typed, types })])
    expect(signed.status).toBe(200)
    expect(await client.verifyTypedData({ address: user.address, ...typed, signature: signed.body.result })).toBe(true)
    expect(await client.verifyTypedData({ address: user.address, ...typed, message: { contents: 'other' }, signature: signed.body.result })).toBe(false)
  })

  it('switches to the EOA and back: the preference is kept by the service and /v1/rpc follows it', async () => {
    const { token, user } = await signIn()
    const eoa = await call<User>('POST', '/v1/preferred-account', { type: 'eoa' }, token)
    expect(eoa.body).toMatchObject({ preferredAccountType: 'eoa', address: user.accounts.eip155 })
    expect((await call<User>('GET', '/v1/user', undefined, token)).body.preferredAccountType).toBe('eoa')
    expect((await rpc<Address[]>(token, 'eth_accounts', [])).body.result).toEqual([user.accounts.eip155])
    const signature = (await rpc<Hex>(token, 'personal_sign', ['as the eoa', user.accounts.eip155])).body.result
    expect(await client.verifyMessage({ address: user.accounts.eip155, message: 'as the eoa', signature })).toBe(true)

    const back = await call<User>('POST', '/v1/preferred-account', { type: 'smartAccount' }, token)
    expect(back.body).toMatchObject({ preferredAccountType: 'smartAccount', address: user.address })
    expect((await call<{ message: string }>('POST', '/v1/preferred-account', { type: 'ordinal' }, token)).status).toBe(400)
  })
})
