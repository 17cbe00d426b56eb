/**
 * The devnet's smart accounts for real: EntryPoint v0.7 and the DevnetAccount factory on the
 * devnet chain, user operations through an alto bundler, ERC-1271 / ERC-6492 sign-in, and session
 * keys whose budget and expiry the chain enforces, listed and confirmed revoked by the auth service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, pad, parseEther, toFunctionSelector, toHex, type Address, type Hex } from 'viem'
import { entryPoint07Abi, toPackedUserOperation } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage, verifySiweMessage } from 'viem/siwe'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile'
import { smartAccountAddresses } from '../../../devnet/src/chains/eip155/deploy-aa'
import { bundlerKeys, type BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import { DEVNET_SMART_ACCOUNT, devnetViemChain } from '../../../devnet/src/config'
import { CALLS_STATUS, devnetSmartAccount, sessionKeyClient, type DevnetSmartAccount, type SmartAccountChain } from '../../../devnet/src/auth/smart-account'
import { startAuthService, type AuthService } from '../../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../../devnet/src/auth/smtp-sink'
import { devnet } from '../devnet/helpers'
import { startChainABundler } from './bundler'

const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl), pollingInterval: 50 })
let bundler: BundlerHandle
let chain: SmartAccountChain
let sink: SmtpSink
let auth: AuthService

beforeAll(async () => {
  ;({ bundler, chain } = await startChainABundler())
  sink = await startSmtpSink({ port: 0 })
  auth = await startAuthService({ port: 0, smtpPort: sink.port, mailbox: sink.mailbox, chains: [{ chainId: 31337, rpcUrl }] })
})
afterAll(async () => {
  await auth?.stop()
  await sink?.stop()
  await bundler?.stop()
})

const randomAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address
const balance = (address: Address): Promise<bigint> => client.getBalance({ address })
const setBalance = (address: Address, wei: bigint) => client.request({ method: 'anvil_setBalance' as never, params: [address, toHex(wei)] as never })
const chainNow = async (): Promise<number> => Number((await client.getBlock({ blockTag: 'latest' })).timestamp)

/** A new owner's smart account holding 1 ETH, not deployed yet. */
async function funded(): Promise<DevnetSmartAccount> {
  const account = await devnetSmartAccount(generatePrivateKey(), chain)
  await setBalance(account.address, parseEther('1'))
  return account
}

// On the project's devnet: smart accounts of fresh owners on Devnet A (bundler.ts), whose clock it moves forward.
describe('ERC-4337 contracts on the devnet', () => {
  it('the EntryPoint, the account implementation and the factory sit where their code and salt put them', async () => {
    const computed = smartAccountAddresses(await loadArtifacts())
    expect(computed).toEqual(DEVNET_SMART_ACCOUNT)
    expect(DEVNET_SMART_ACCOUNT.entryPoint).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032')
    for (const address of Object.values(DEVNET_SMART_ACCOUNT)) expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2)
  })

  it('the bundler serves EntryPoint v0.7 with its own keys, not the demo accounts', async () => {
    const res = await fetch(bundler.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
    expect(((await res.json()) as { result: string[] }).result.map((a) => a.toLowerCase())).toEqual([DEVNET_SMART_ACCOUNT.entryPoint.toLowerCase()])
    const keys = bundlerKeys()
    const demo = devnet.accounts.map((a) => a.address.toLowerCase())
    expect(demo).not.toContain(keys.executor.address.toLowerCase())
    expect(demo).not.toContain(keys.utility.address.toLowerCase())
  })
})

describe('a smart account sends by user operation', () => {
  it('sends 0.01 ETH: the first user operation deploys the account and the receiver gets exactly that', async () => {
    const account = await funded()
    const receiver = randomAddress()
    expect(await account.isDeployed()).toBe(false)
    const id = await account.sendCalls([{ to: receiver, value: parseEther('0.01') }])
    expect((await account.waitForCalls(id)).success).toBe(true)
    expect(await account.isDeployed()).toBe(true)
    expect(await balance(receiver)).toBe(parseEther('0.01'))
    const status = await account.callsStatus(id)
    expect(status).toMatchObject({ id, chainId: '0x7a69', status: CALLS_STATUS.confirmed, atomic: true })
    expect(status.receipts).toHaveLength(1)
  })

  it('answers EIP-5792: capabilities, a batch in one user operation, its status', async () => {
    const account = await funded()
    expect(await account.request({ method: 'wallet_getCapabilities', params: [account.address] })).toMatchObject({ '0x7a69': { atomic: { status: 'supported' } } })
    const [a, b] = [randomAddress(), randomAddress()]
    const { id } = (await account.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: account.address, atomicRequired: true, calls: [{ to: a, value: toHex(parseEther('0.01')) }, { to: b, value: toHex(parseEther('0.02')) }] }],
    })) as { id: Hex }
    await account.waitForCalls(id)
    expect(await account.request({ method: 'wallet_getCallsStatus', params: [id] })).toMatchObject({ status: 200, atomic: true })
    expect([await balance(a), await balance(b)]).toEqual([parseEther('0.01'), parseEther('0.02')])
    await expect(account.request({ method: 'wallet_sendCalls', params: [{ calls: [{ to: a.slice(2), value: '0x1' }] }] })).rejects.toThrow('Call 1 needs a "to" address starting with 0x')
    await expect(account.request({ method: 'wallet_getCallsStatus', params: [`0x${'ab'.repeat(32)}`] })).rejects.toMatchObject({ code: 5730 })
  })
})

describe('sign-in with a smart account', () => {
  const siwe = (address: Address, nonce: string) =>
    createSiweMessage({ address, chainId: 31337, domain: 'site.test:5173', uri: 'http://site.test:5173', version: '1', nonce, expirationTime: new Date(Date.now() + 3_600_000) })

  async function authenticate(message: string, signature: Hex): Promise<number> {
    const res = await fetch(`${devnet.serviceUrl}/auth/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://site.test:5173' },
      body: JSON.stringify({ message, signature, caipNetworkId: 'eip155:31337' }),
    })
    return res.status
  }
  async function nonce(): Promise<string> {
    const res = await fetch(`${devnet.serviceUrl}/auth/v1/nonce`, { method: 'POST', headers: { origin: 'http://site.test:5173' } })
    return ((await res.json()) as { nonce: string }).nonce
  }

  it('a SIWE message signed by an undeployed account (ERC-6492) and by the deployed one (ERC-1271) verifies; another message does not', async () => {
    const account = await funded()
    const before = siwe(account.address, await nonce())
    const undeployedSignature = await account.account.signMessage({ message: before })
    expect(await verifySiweMessage(client, { message: before, signature: undeployedSignature })).toBe(true)
    expect(await verifySiweMessage(client, { message: siwe(account.address, 'othernonce1'), signature: undeployedSignature })).toBe(false)
    expect(await authenticate(before, undeployedSignature)).toBe(201)

    await account.waitForCalls(await account.sendCalls([{ to: randomAddress(), value: 1n }]))
    expect(await account.isDeployed()).toBe(true)
    const after = siwe(account.address, await nonce())
    const deployedSignature = await account.account.signMessage({ message: after })
    expect(await verifySiweMessage(client, { message: after, signature: deployedSignature })).toBe(true)
    expect(await verifySiweMessage(client, { message: siwe(account.address, 'othernonce2'), signature: deployedSignature })).toBe(false)
    expect(await authenticate(after, deployedSignature)).toBe(201)
  })
})

describe('session keys (ERC-7715 grants, enforced on chain)', () => {
  async function grant(account: DevnetSmartAccount, opts: { allowance: bigint; expiry: number; target?: Address }) {
    const key = generatePrivateKey()
    const response = await account.request({
      method: 'wallet_grantPermissions',
      params: [
        {
          chainId: '0x7a69',
          address: account.address,
          expiry: opts.expiry,
          signer: { type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: privateKeyToAccount(key).publicKey }] } },
          permissions: [
            { type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: toHex(opts.allowance) } }] },
            ...(opts.target ? [{ type: 'contract-call', data: { address: opts.target, functions: [] }, policies: [] }] : []),
          ],
        },
      ],
    })
    return { key, address: privateKeyToAccount(key).address, response: response as { context: Hex; expiry: number } }
  }

  async function sessionsListed(address: Address): Promise<{ pci: string; active: boolean }[]> {
    const res = await fetch(`${auth.url}/v1/sessions/${address}`)
    expect(res.status).toBe(200)
    return ((await res.json()) as { sessions: { pci: string; active: boolean }[] }).sessions
  }

  it('a granted key sends within its budget; over it, or to a target not allowed, it is refused and nothing moves', async () => {
    const account = await funded()
    const receiver = randomAddress()
    const session = await grant(account, { allowance: parseEther('0.05'), expiry: (await chainNow()) + 3600, target: receiver })
    expect(session.response.context).toBe(`${account.address}${session.address.slice(2)}`.toLowerCase())
    expect(await sessionsListed(account.address)).toEqual([expect.objectContaining({ pci: session.response.context, active: true })])

    const app = await sessionKeyClient(session.key, account.address, chain)
    expect((await app.waitForCalls(await app.sendCalls([{ to: receiver, value: parseEther('0.02') }]))).success).toBe(true)
    expect(await balance(receiver)).toBe(parseEther('0.02'))

    // The account's own errors, from its validation: SessionValueLimitExceeded(0.04 ETH, 0.03 ETH left), SessionTargetNotAllowed.
    await expect(app.sendCalls([{ to: receiver, value: parseEther('0.04') }])).rejects.toThrow(
      `AA23 reverted ${toFunctionSelector('SessionValueLimitExceeded(uint256,uint256)')}${pad(toHex(parseEther('0.04'))).slice(2)}${pad(toHex(parseEther('0.03'))).slice(2)}`,
    )
    // A plain transfer goes to any address; a call with data only to a contract the grant lists.
    await expect(app.sendCalls([{ to: randomAddress(), data: '0x12345678' }])).rejects.toThrow(`AA23 reverted ${toFunctionSelector('SessionTargetNotAllowed(address)')}`)
    expect(await balance(receiver)).toBe(parseEther('0.02'))
    const [listed] = await account.sessions()
    expect(listed).toMatchObject({ key: session.address, valueLimit: parseEther('0.05'), spent: parseEther('0.02'), targets: [receiver] })
  })

  it('after its expiry (chain time) the EntryPoint refuses the key', async () => {
    const account = await funded()
    const receiver = randomAddress()
    const session = await grant(account, { allowance: parseEther('1'), expiry: (await chainNow()) + 60 })
    const app = await sessionKeyClient(session.key, account.address, chain)
    expect((await app.waitForCalls(await app.sendCalls([{ to: receiver, value: 1n }]))).success).toBe(true)

    await client.request({ method: 'evm_increaseTime' as never, params: [120] as never })
    await client.request({ method: 'evm_mine' as never, params: [] as never })
    expect(await account.sessions()).toEqual([expect.objectContaining({ active: false })])
    // The bundler refuses it (its simulation runs on the chain)...
    await expect(app.sendCalls([{ to: receiver, value: 1n }])).rejects.toThrow('AA22 expired or not due')
    // ...and the EntryPoint itself refuses the signed operation handed to it directly.
    const userOp = {
      sender: account.address,
      nonce: await app.account.getNonce(),
      callData: await app.account.encodeCalls([{ to: receiver, value: 1n, data: '0x' }]),
      callGasLimit: 100_000n,
      verificationGasLimit: 300_000n,
      preVerificationGas: 60_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      signature: '0x' as Hex,
    }
    userOp.signature = await app.account.signUserOperation(userOp)
    const executor = bundlerKeys().executor.address
    await expect(
      client.simulateContract({ account: executor, address: DEVNET_SMART_ACCOUNT.entryPoint, abi: entryPoint07Abi, functionName: 'handleOps', args: [[toPackedUserOperation(userOp)], executor] }),
    ).rejects.toThrow('AA22 expired or not due')
    expect(await balance(receiver)).toBe(1n)
  })

  it('a revoked key is refused, no longer listed, and the service confirms the revocation only once the key is gone on chain', async () => {
    const account = await funded()
    const receiver = randomAddress()
    const session = await grant(account, { allowance: parseEther('1'), expiry: (await chainNow()) + 3600 })
    const revoke = () =>
      fetch(`${auth.url}/v1/sessions/${account.address}/revoke`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pci: session.response.context, signature: '0x' }) })
    expect((await revoke()).status).toBe(409)

    await account.revokeSession(session.address)
    expect(await account.sessions()).toEqual([])
    expect(await sessionsListed(account.address)).toEqual([])
    const confirmed = await revoke()
    expect([confirmed.status, await confirmed.json()]).toEqual([200, { revoked: true, pci: session.response.context }])

    const app = await sessionKeyClient(session.key, account.address, chain)
    // An unknown key's signature fails validation (SIG_VALIDATION_FAILED).
    await expect(app.sendCalls([{ to: receiver, value: 1n }])).rejects.toThrow('AA24 signature error')
    expect(await balance(receiver)).toBe(0n)
  })
})
