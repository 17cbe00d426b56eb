/**
 * Gas sponsorship's policy (../src/sponsorship): the ERC-7677 route on two replicas of one
 * database, with a simulator that answers as told. Only a signed-in visitor's own account, only
 * the allowed contracts and functions with no ether, only before the policy's expiry, only within
 * the per-account and daily limits (counted once across replicas, also when they race), only
 * after a successful simulation; the signature is the one the paymaster contract checks.
 */
import type { FastifyInstance } from 'fastify'
import { encodeFunctionData, parseAbi, recoverMessageAddress, slice, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../src/app.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG, type ServerConfig } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { Projects } from '../src/projects.js'
import { SignInSessions } from '../src/sign-in-sessions.js'
import { LocalKeyEncryption } from '../src/wallet/key-encryption.js'
import { PgSessionStore } from '../src/wallet/login/pg-stores.js'
import { WalletKeys } from '../src/wallet/wallet-keys.js'
import { ENTRY_POINT_V07, paymasterHash } from '../src/sponsorship/paymaster.js'
import { localPaymasterSigner } from '../src/sponsorship/paymaster-signer.js'
import type { UserOperation } from '../src/sponsorship/policy.js'
import type { OperationSimulator } from '../src/sponsorship/simulator.js'
import { ENGINES } from './engines.js'
import { migratedDatabase } from './support.js'

const PAGE = 'https://app.example'
const TOKEN: Address = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const OTHER: Address = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const PAYMASTER: Address = '0xE7A036Bc25761fF5BA5065F021E3AF86FA61c7f0'
const FACTORY: Address = '0x1c2bBB86e7ad6f694A848bD666Fe0A628D04F007'
const signerKey = generatePrivateKey()
const signer = privateKeyToAccount(signerKey)

const erc20 = parseAbi(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)'])
const account = parseAbi(['function execute(address target, uint256 value, bytes data)', 'function executeBatch((address target, uint256 value, bytes data)[] calls)'])
const transfer = (to: Address = OTHER) => encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [to, 1n] })
const execute = (target: Address, data: Hex, value = 0n) => encodeFunctionData({ abi: account, functionName: 'execute', args: [target, value, data] })

/** 100k + 100k + 50k + 100k (the paymaster's) = 350k gas an operation, at 1 gwei. */
function operation(sender: Address, callData: Hex, extra: Partial<Record<string, string>> = {}) {
  return {
    sender,
    nonce: '0x0',
    callData,
    callGasLimit: '0x186a0',
    verificationGasLimit: '0x186a0',
    preVerificationGas: '0xc350',
    maxFeePerGas: '0x3b9aca00',
    maxPriorityFeePerGas: '0x3b9aca00',
    paymasterVerificationGasLimit: '0x186a0',
    paymasterPostOpGasLimit: '0x0',
    ...extra,
  }
}
const OPERATION_GAS = 350_000

function config(overrides: Partial<{ expiresAt: string; dailyGas: number; perAccount: number }> = {}): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    sponsorship: {
      paymasters: { 'eip155:31337': PAYMASTER },
      signatureSeconds: 120,
      projects: {
        'wg-test': {
          sponsorName: 'Example App',
          chains: ['eip155:31337'],
          contracts: [{ address: TOKEN, functions: ['transfer(address,uint256)'] }],
          factories: [FACTORY],
          daily: { gas: overrides.dailyGas ?? 100_000_000 },
          perAccount: { operations: overrides.perAccount ?? 2, gas: 10_000_000 },
          maxGasPerOperation: 3_000_000,
          expiresAt: overrides.expiresAt ?? '2027-01-01T00:00:00Z',
        },
      },
    },
  }
}

describe.each(ENGINES)('gas sponsorship on $name', ({ open }) => {
  let db: Database
  const clock = new ManualClock(Date.UTC(2026, 11, 7, 12))
  const replicas: FastifyInstance[] = []
  let simulation: 'ok' | 'revert' = 'ok'
  /** The simulated block's timestamp the chain tells, if any (its clock may run ahead of the server's). */
  let chainTimeS: number | undefined
  const simulator: OperationSimulator = {
    simulate: async () =>
      simulation === 'ok'
        ? { ok: true, gasUsed: 50_000n, ...(chainTimeS === undefined ? {} : { chainTimeS }) }
        : { ok: false, detail: 'ERC20: transfer amount exceeds balance' },
  }
  const sessions = () => new SignInSessions(db, clock)

  /** The embedded wallets' smart accounts, as a deployment's factory would tell them. */
  const smartAccounts = new Map<string, Address>()
  const build = (serverConfig: ServerConfig) =>
    buildServer({
      config: serverConfig,
      db,
      clock,
      sponsorship: { signer: localPaymasterSigner(signerKey), simulator, smartAccountsOf: async (owner) => (smartAccounts.has(owner) ? [smartAccounts.get(owner)!] : []) },
    })

  beforeAll(async () => {
    db = await migratedDatabase(open)
    await new Projects(db, clock).add('wg-test', [PAGE])
    await new Projects(db, clock).add('wg-other', [PAGE])
    for (let i = 0; i < 2; i++) replicas.push(await build(config({ dailyGas: 100_000_000 })))
  })
  afterAll(async () => {
    for (const app of replicas) await app.close()
    await db.close()
  })

  /** A signed-in visitor: a fresh account and its SIWX session token on the page. */
  async function visitor(origin = PAGE): Promise<{ address: Address; token: string }> {
    const address = privateKeyToAccount(generatePrivateKey()).address
    const data = { accountAddress: address, chainId: 'eip155:31337', domain: new URL(origin).host, uri: origin, version: '1', nonce: 'abcdefgh12' }
    const token = await sessions().open({ data, message: 'signed in', signature: '0x' }, origin, clock.now() + 10 * 86_400_000)
    return { address, token }
  }

  const ask = async (app: FastifyInstance, method: string, op: unknown, token?: string, projectId = 'wg-test') => {
    const res = await app.inject({
      method: 'POST',
      url: `/v1/paymaster/31337?projectId=${projectId}`,
      headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params: [op, ENTRY_POINT_V07, '0x7a69', {}] }),
    })
    return { status: res.statusCode, body: res.json() as { id: unknown; result?: Record<string, Hex>; error?: { code: number; message: string; data?: { reason: string } } } }
  }
  const reasonOf = async (method: string, op: unknown, token?: string, projectId?: string) => (await ask(replicas[0]!, method, op, token, projectId)).body.error?.data?.reason

  it('gives stub data with the sponsor for an allowed call of a signed-in account, and counts nothing for it', async () => {
    const { address, token } = await visitor()
    const { status, body } = await ask(replicas[0]!, 'pm_getPaymasterStubData', operation(address, execute(TOKEN, transfer())), token)
    expect(status).toBe(200)
    expect(body.id).toBe(7)
    expect(body.result).toMatchObject({ paymaster: PAYMASTER, paymasterVerificationGasLimit: '0x186a0', paymasterPostOpGasLimit: '0x0', sponsor: { name: 'Example App' }, isFinal: false })
    // The stub counts nothing: the account's two operations of the day are both still there.
    for (let i = 0; i < 2; i++) expect((await ask(replicas[i]!, 'pm_getPaymasterData', operation(address, execute(TOKEN, transfer()), { nonce: `0x${i}` }), token)).body.result).toBeDefined()
  })

  it('signs what the paymaster contract checks, valid for the configured seconds', async () => {
    const { address, token } = await visitor()
    const raw = operation(address, execute(TOKEN, transfer()))
    const { body } = await ask(replicas[1]!, 'pm_getPaymasterData', raw, token)
    const data = body.result!.paymasterData!
    const validUntil = Number(BigInt(slice(data, 0, 32)))
    expect(validUntil).toBe(Math.floor(clock.now() / 1000) + 120)
    expect(BigInt(slice(data, 32, 64))).toBe(0n)
    const op: UserOperation = {
      sender: address,
      nonce: 0n,
      callData: raw.callData,
      callGasLimit: 100_000n,
      verificationGasLimit: 100_000n,
      preVerificationGas: 50_000n,
      maxFeePerGas: 1_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      paymasterVerificationGasLimit: 100_000n,
      paymasterPostOpGasLimit: 0n,
    }
    const recovered = await recoverMessageAddress({ message: { raw: paymasterHash(op, 31337, PAYMASTER, validUntil, 0) }, signature: slice(data, 64) })
    expect(recovered).toBe(signer.address)
  })

  it("counts the signature's window from the chain's clock, which the EntryPoint checks, when the simulation tells it", async () => {
    const { address, token } = await visitor()
    // The chain's clock runs an hour ahead of the server's: a window from the server's would be expired on arrival.
    chainTimeS = Math.floor(clock.now() / 1000) + 3600
    try {
      const { body } = await ask(replicas[0]!, 'pm_getPaymasterData', operation(address, execute(TOKEN, transfer())), token)
      expect(Number(BigInt(slice(body.result!.paymasterData!, 0, 32)))).toBe(chainTimeS + 120)
    } finally {
      chainTimeS = undefined
    }
  })

  it('sponsors no one who is not signed in, nor another account than the session\'s, nor another project\'s visitor', async () => {
    const { address, token } = await visitor()
    const op = operation(address, execute(TOKEN, transfer()))
    expect(await reasonOf('pm_getPaymasterData', op)).toBe('not-signed-in')
    expect(await reasonOf('pm_getPaymasterData', op, 'made-up-token')).toBe('not-signed-in')
    const other = await visitor()
    expect(await reasonOf('pm_getPaymasterData', op, other.token)).toBe('not-your-account')
    // A session of a site that is not the project's.
    const stranger = await visitor('https://evil.example')
    expect(await reasonOf('pm_getPaymasterData', operation(stranger.address, execute(TOKEN, transfer())), stranger.token)).toBe('not-signed-in')
    // A project with no policy.
    expect(await reasonOf('pm_getPaymasterData', op, token, 'wg-other')).toBe('no-policy')
  })

  it("sponsors an embedded wallet's smart account with a session made for this project, and no other app's session", async () => {
    const keys = new WalletKeys(db, new LocalKeyEncryption([{ id: 'k1', key: new Uint8Array(32).fill(7) }]), clock)
    const userId = `user-${Math.random().toString(36).slice(2)}`
    const owner = (await keys.create(userId)).evm
    const smart = privateKeyToAccount(generatePrivateKey()).address
    smartAccounts.set(owner, smart)
    const store = new PgSessionStore(db, () => clock.now())
    const session = (token: string, app: string) => store.set({ token, userId, deviceId: 'd1', expiresAt: clock.now() + 3_600_000, app })
    await session(`mine-${userId}`, `wg-test ${PAGE}`)
    await session(`other-app-${userId}`, 'wg-other https://app.example')
    await session(`other-origin-${userId}`, 'wg-test https://evil.example')
    const op = operation(smart, execute(TOKEN, transfer()))
    expect((await ask(replicas[0]!, 'pm_getPaymasterData', op, `mine-${userId}`)).body.result).toBeDefined()
    expect(await reasonOf('pm_getPaymasterData', op, `other-app-${userId}`)).toBe('not-signed-in')
    expect(await reasonOf('pm_getPaymasterData', op, `other-origin-${userId}`)).toBe('not-signed-in')
    // Another user's smart account, with this user's session.
    expect(await reasonOf('pm_getPaymasterData', operation(privateKeyToAccount(generatePrivateKey()).address, execute(TOKEN, transfer())), `mine-${userId}`)).toBe('not-your-account')
  })

  it('sponsors only the allowed contracts and functions, with no ether, and no unlisted factory', async () => {
    const { address, token } = await visitor()
    const approve = encodeFunctionData({ abi: erc20, functionName: 'approve', args: [OTHER, 2n ** 255n] })
    expect(await reasonOf('pm_getPaymasterData', operation(address, execute(OTHER, transfer())), token)).toBe('contract')
    expect(await reasonOf('pm_getPaymasterData', operation(address, execute(TOKEN, approve)), token)).toBe('function')
    expect(await reasonOf('pm_getPaymasterData', operation(address, execute(TOKEN, transfer(), 1n)), token)).toBe('value')
    expect(await reasonOf('pm_getPaymasterData', operation(address, execute(OTHER, '0x')), token)).toBe('contract')
    // One disallowed call hidden in a batch spoils the batch.
    const batch = encodeFunctionData({ abi: account, functionName: 'executeBatch', args: [[{ target: TOKEN, value: 0n, data: transfer() }, { target: TOKEN, value: 0n, data: approve }]] })
    expect(await reasonOf('pm_getPaymasterData', operation(address, batch), token)).toBe('function')
    // Call data that is not the account's execute (e.g. a call to the account's own admin function).
    expect(await reasonOf('pm_getPaymasterData', operation(address, '0x12345678'), token)).toBe('function')
    expect(await reasonOf('pm_getPaymasterData', { ...operation(address, execute(TOKEN, transfer())), factory: OTHER, factoryData: '0x' }, token)).toBe('deployment')
    expect(await reasonOf('pm_getPaymasterData', { ...operation(address, execute(TOKEN, transfer())), factory: FACTORY, factoryData: '0x' }, token)).toBeUndefined()
    // More gas than one operation may have.
    expect(await reasonOf('pm_getPaymasterData', operation(address, execute(TOKEN, transfer()), { callGasLimit: '0x2dc6c0' }), token)).toBe('gas')
  })

  it('refuses an operation the chain reverts, and counts nothing for it', async () => {
    const { address, token } = await visitor()
    simulation = 'revert'
    try {
      const { body } = await ask(replicas[0]!, 'pm_getPaymasterData', operation(address, execute(TOKEN, transfer())), token)
      expect(body.error).toMatchObject({ code: -32001, data: { reason: 'simulation-failed' } })
      expect(body.error!.message).toContain('transfer amount exceeds balance')
    } finally {
      simulation = 'ok'
    }
    for (let i = 0; i < 2; i++) expect((await ask(replicas[0]!, 'pm_getPaymasterData', operation(address, execute(TOKEN, transfer()), { nonce: `0x${i}` }), token)).body.result).toBeDefined()
  })

  it('holds each account to its operations a day, and gives them back the next UTC day', async () => {
    const { address, token } = await visitor()
    const op = (nonce: number) => operation(address, execute(TOKEN, transfer()), { nonce: `0x${nonce}` })
    expect((await ask(replicas[0]!, 'pm_getPaymasterData', op(0), token)).body.result).toBeDefined()
    expect((await ask(replicas[1]!, 'pm_getPaymasterData', op(1), token)).body.result).toBeDefined()
    expect(await reasonOf('pm_getPaymasterStubData', op(2), token)).toBe('account-daily-limit')
    expect(await reasonOf('pm_getPaymasterData', op(2), token)).toBe('account-daily-limit')
    clock.advance(86_400_000)
    try {
      expect((await ask(replicas[1]!, 'pm_getPaymasterData', op(2), token)).body.result).toBeDefined()
    } finally {
      clock.advance(-86_400_000)
    }
  })

  it('refuses everything after the policy\'s expiry', async () => {
    const app = await build(config({ expiresAt: new Date(clock.now() - 1).toISOString() }))
    try {
      const { address, token } = await visitor()
      const { body } = await ask(app, 'pm_getPaymasterStubData', operation(address, execute(TOKEN, transfer())), token)
      expect(body.error?.data?.reason).toBe('policy-expired')
    } finally {
      await app.close()
    }
  })

  it('answers a malformed request with a JSON-RPC error and no sponsorship', async () => {
    const { token } = await visitor()
    const res = await replicas[0]!.inject({
      method: 'POST',
      url: '/v1/paymaster/31337?projectId=wg-test',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [{ sender: 'nope' }, ENTRY_POINT_V07, '0x7a69'] }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32602 } })
  })

  it('stops at the daily total in wei too: a high gas price spends it sooner', async () => {
    clock.advance(5 * 86_400_000)
    const priced = await buildServer({
      config: { ...config(), sponsorship: { ...config().sponsorship!, projects: { 'wg-test': { ...config().sponsorship!.projects['wg-test']!, daily: { wei: (10n ** 15n).toString() } } } } },
      db,
      clock,
      sponsorship: { signer: localPaymasterSigner(signerKey), simulator },
    })
    try {
      const { address, token } = await visitor()
      // 350k gas at 1 gwei is 3.5e14 wei: two fit in 1e15, the third does not; at 10 gwei not even one.
      const op = (nonce: number, fee = '0x3b9aca00') => operation(address, execute(TOKEN, transfer()), { nonce: `0x${nonce}`, maxFeePerGas: fee })
      const other = await visitor()
      expect((await ask(priced, 'pm_getPaymasterData', operation(other.address, execute(TOKEN, transfer()), { maxFeePerGas: '0x2540be400' }), other.token)).body.error?.data?.reason).toBe('project-daily-limit')
      expect((await ask(priced, 'pm_getPaymasterData', op(0), token)).body.result).toBeDefined()
      expect((await ask(priced, 'pm_getPaymasterData', op(1), token)).body.result).toBeDefined()
      const third = await visitor()
      expect((await ask(priced, 'pm_getPaymasterData', operation(third.address, execute(TOKEN, transfer())), third.token)).body.error?.data?.reason).toBe('project-daily-limit')
    } finally {
      await priced.close()
      clock.advance(-5 * 86_400_000)
    }
  })

  it('never grants past the project\'s daily total, with many accounts racing on two replicas', async () => {
    // A fresh day on a budget of exactly five operations.
    clock.advance(3 * 86_400_000)
    const tight = [await build(config({ dailyGas: 5 * OPERATION_GAS, perAccount: 10 })), await build(config({ dailyGas: 5 * OPERATION_GAS, perAccount: 10 }))]
    try {
      const visitors = await Promise.all(Array.from({ length: 16 }, () => visitor()))
      const answers = await Promise.all(visitors.map((v, i) => ask(tight[i % 2]!, 'pm_getPaymasterData', operation(v.address, execute(TOKEN, transfer())), v.token)))
      const granted = answers.filter((a) => a.body.result !== undefined)
      expect(granted).toHaveLength(5)
      expect(answers.filter((a) => a.body.error?.data?.reason === 'project-daily-limit')).toHaveLength(11)
      const { rows } = await db.query<{ gas: string; operations: number }>("SELECT gas::text AS gas, operations FROM sponsorship_usage WHERE project_id = 'wg-test' AND account = '' AND day = $1", [new Date(clock.now()).toISOString().slice(0, 10)])
      expect(rows[0]).toMatchObject({ gas: String(5 * OPERATION_GAS), operations: 5 })
    } finally {
      for (const app of tight) await app.close()
      clock.advance(-3 * 86_400_000)
    }
  })
})
