/**
 * Draining the app's gas sponsorship (docs/sponsorship.md), as an attacker would try it: many
 * fresh accounts at once at the daily limit (on two replicas of one database), calls outside the
 * allowed contracts and functions, a paymaster signature used after its validUntil, and an
 * operation changed after the paymaster signed it. The server is walletgate-server in this
 * process on Devnet A (every operation simulated there with eth_simulateV1), signing with a key of
 * its own that the devnet's paymaster contract is told to trust; the last two are judged by the
 * real EntryPoint v0.7 on the chain (an eth_call of handleOps, as a bundler would send it).
 */
import type { FastifyInstance } from 'fastify'
import { BaseError, createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi, slice, type Hex } from 'viem'
import { entryPoint07Abi, type SmartAccount } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer, DEFAULT_CONFIG, migrate, openPgliteDatabase, Projects, SignInSessions, systemClock, localPaymasterSigner, type Database, type ServerConfig } from '../../server/src/index.js'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, DEVNET_DEPLOYER, DEVNET_PAYMASTER, DEVNET_SMART_ACCOUNT, devnetViemChain } from '../../devnet/src/config'
import type { UserOperationDraft } from '../../src/domain/sponsorship/sponsorship'
import { devnet } from '../contract/devnet/helpers'
import { approveCall, draftOperation, freshAccount, outsideCall, packed, PAGE, transferCall } from '../contract/paymaster/devnet-sponsorship'

const rpcUrl = devnet.rpcUrls[31337]!
const chain = devnetViemChain(31337, rpcUrl)
const client = createPublicClient({ chain, transport: http(rpcUrl) })
const PROJECT = 'drain-test'
/** Each draft's gas: 200k call + 600k verification + 60k pre-verification + 100k paymaster. */
const OPERATION_GAS = 960_000
const DAILY_OPERATIONS = 3
const signerKey = generatePrivateKey()

function config(): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    sponsorship: {
      paymasters: { 'eip155:31337': DEVNET_PAYMASTER.address },
      signatureSeconds: 60,
      projects: {
        [PROJECT]: {
          sponsorName: 'Drain Test',
          chains: ['eip155:31337'],
          contracts: [{ address: DEVNET_CONTRACTS.dUSD, functions: ['transfer(address,uint256)'] }],
          factories: [DEVNET_SMART_ACCOUNT.factory],
          daily: { gas: DAILY_OPERATIONS * OPERATION_GAS },
          perAccount: { operations: 1, gas: 2_000_000 },
          maxGasPerOperation: 3_000_000,
          expiresAt: '2100-01-01T00:00:00Z',
        },
      },
    },
  }
}

let db: Database
const replicas: FastifyInstance[] = []

beforeAll(async () => {
  db = await openPgliteDatabase()
  await migrate(db)
  await new Projects(db, systemClock).add(PROJECT, [PAGE])
  for (let i = 0; i < 2; i++) {
    replicas.push(await buildServer({ config: config(), db, clock: systemClock, sponsorship: { signer: localPaymasterSigner(signerKey), rpcUrls: { 31337: rpcUrl } } }))
  }
  // The paymaster's owner (account 0) trusts this server's signer too.
  const owner = createWalletClient({ chain, transport: http(rpcUrl), account: privateKeyToAccount(DEVNET_DEPLOYER.privateKey) })
  const hash = await owner.writeContract({
    address: DEVNET_PAYMASTER.address,
    abi: parseAbi(['function setSigner(address signer, bool allowed)']),
    functionName: 'setSigner',
    args: [privateKeyToAccount(signerKey).address, true],
  })
  expect((await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })).status).toBe('success')
}, 60_000)
afterAll(async () => {
  for (const app of replicas) await app.close()
  await db?.close()
})

/** A fresh smart account signed in on the page (a session as the sign-in API opens it). */
async function visitor(): Promise<{ account: SmartAccount; token: string }> {
  const account = await freshAccount(rpcUrl)
  const data = { accountAddress: account.address, chainId: 'eip155:31337', domain: new URL(PAGE).host, uri: `${PAGE}/`, version: '1', nonce: 'drain0001' }
  const token = await new SignInSessions(db, systemClock).open({ data, message: 'signed in', signature: '0x' }, PAGE, Date.now() + 3_600_000)
  return { account, token }
}

async function ask(method: 'pm_getPaymasterStubData' | 'pm_getPaymasterData', draft: UserOperationDraft, token: string, replica = 0) {
  const res = await replicas[replica]!.inject({
    method: 'POST',
    url: `/v1/paymaster/31337?projectId=${PROJECT}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [draft, DEVNET_SMART_ACCOUNT.entryPoint, '0x7a69', {}] }),
  })
  return res.json() as { result?: { paymaster: Hex; paymasterData: Hex }; error?: { code: number; message: string; data?: { reason: string } } }
}

/** What the EntryPoint says of the operation, as a bundler's handleOps would run it (at `time`, if given). */
async function entryPointVerdict(op: Awaited<ReturnType<typeof packed>>, time?: bigint): Promise<string> {
  try {
    await client.call({
      account: DEVNET_ACCOUNTS[5]!.address,
      to: DEVNET_SMART_ACCOUNT.entryPoint,
      data: encodeFunctionData({ abi: entryPoint07Abi, functionName: 'handleOps', args: [[op], DEVNET_ACCOUNTS[5]!.address] }),
      gas: 5_000_000n,
      ...(time === undefined ? {} : { blockOverrides: { time } }),
    })
    return 'accepted'
  } catch (error) {
    // FailedOp(index, reason): the reason's words, as the node reports the revert.
    const text = error instanceof BaseError ? `${error.details} ${error.shortMessage}` : String(error)
    return /AA\d\d [A-Za-z ]*[A-Za-z]/.exec(text)?.[0] ?? text
  }
}

describe('the paymaster is not drained', () => {
  it('many fresh accounts racing two replicas get no more than the daily total, and each granted one is good on chain', { timeout: 60_000 }, async () => {
    const visitors = await Promise.all(Array.from({ length: 12 }, () => visitor()))
    const drafts = await Promise.all(visitors.map((v) => draftOperation(v.account, [transferCall()])))
    const answers = await Promise.all(visitors.map((v, i) => ask('pm_getPaymasterData', drafts[i]!, v.token, i % 2)))
    const granted = answers.flatMap((a, i) => (a.result === undefined ? [] : [i]))
    expect(granted).toHaveLength(DAILY_OPERATIONS)
    expect(answers.filter((a) => a.error?.data?.reason === 'project-daily-limit')).toHaveLength(12 - DAILY_OPERATIONS)
    // What was granted is what the EntryPoint accepts: the signatures are the paymaster's.
    const first = granted[0]!
    expect(await entryPointVerdict(await packed(visitors[first]!.account, drafts[first]!, answers[first]!.result!.paymasterData))).toBe('accepted')
    // Nothing more today, not even stub data.
    const late = await visitor()
    expect((await ask('pm_getPaymasterStubData', await draftOperation(late.account, [transferCall()]), late.token)).error?.data?.reason).toBe('project-daily-limit')
  })

  it('refuses calls outside the allowed contracts and functions, and a batch hiding one', { timeout: 30_000 }, async () => {
    const { account, token } = await visitor()
    expect((await ask('pm_getPaymasterData', await draftOperation(account, [outsideCall()]), token)).error?.data?.reason).toBe('contract')
    expect((await ask('pm_getPaymasterData', await draftOperation(account, [approveCall()]), token)).error?.data?.reason).toBe('function')
    expect((await ask('pm_getPaymasterData', await draftOperation(account, [transferCall(0n, DEVNET_CONTRACTS.DVT)]), token)).error?.data?.reason).toBe('contract')
    expect((await ask('pm_getPaymasterData', await draftOperation(account, [transferCall(), approveCall()]), token)).error?.data?.reason).toBe('function')
    // Seventeen allowed calls in one batch: more than one operation may carry.
    expect((await ask('pm_getPaymasterData', await draftOperation(account, Array.from({ length: 17 }, () => transferCall())), token)).error?.data?.reason).toBe('function')
    // Call data past 24 KiB is refused by the wire contract before anything is decoded or simulated.
    const huge = await replicas[0]!.inject({
      method: 'POST',
      url: `/v1/paymaster/31337?projectId=${PROJECT}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [{ ...(await draftOperation(account, [transferCall()])), callData: `0x${'ab'.repeat(24_577)}` }, DEVNET_SMART_ACCOUNT.entryPoint, '0x7a69', {}] }),
    })
    expect(huge.statusCode).toBe(400)
    expect(huge.json()).toMatchObject({ error: { code: -32602 } })
    // A transfer the chain refuses (the account holds no dUSD) is not sponsored either.
    expect((await ask('pm_getPaymasterData', await draftOperation(account, [transferCall(1n)]), token)).error?.data?.reason).toBe('simulation-failed')
  })
})

describe('the EntryPoint refuses a paymaster signature out of its bounds', () => {
  let signed: { account: SmartAccount; draft: UserOperationDraft; paymasterData: Hex }

  beforeAll(async () => {
    // A fresh day's budget for this server: a new project would do as well; the usage is reset.
    await db.query('DELETE FROM sponsorship_usage')
    const { account, token } = await visitor()
    const draft = await draftOperation(account, [transferCall()])
    const answer = await ask('pm_getPaymasterData', draft, token)
    expect(answer.error).toBeUndefined()
    signed = { account, draft, paymasterData: answer.result!.paymasterData }
  }, 30_000)

  it('accepts the operation as signed (the baseline)', { timeout: 30_000 }, async () => {
    expect(await entryPointVerdict(await packed(signed.account, signed.draft, signed.paymasterData))).toBe('accepted')
  })

  it('refuses the operation changed after signing: other calls, more gas, a higher price', { timeout: 30_000 }, async () => {
    const { account, draft, paymasterData } = signed
    const otherCalls = { ...draft, callData: await account.encodeCalls([transferCall(0n, DEVNET_CONTRACTS.DVT)]) }
    expect(await entryPointVerdict(await packed(account, otherCalls, paymasterData))).toBe('AA34 signature error')
    expect(await entryPointVerdict(await packed(account, { ...draft, callGasLimit: '0x30d41' }, paymasterData))).toBe('AA34 signature error')
    expect(await entryPointVerdict(await packed(account, { ...draft, maxFeePerGas: '0xb2d05e01' }, paymasterData))).toBe('AA34 signature error')
  })

  it('refuses the signature used after its validUntil', { timeout: 30_000 }, async () => {
    const validUntil = BigInt(slice(signed.paymasterData, 0, 32))
    const op = await packed(signed.account, signed.draft, signed.paymasterData)
    expect(await entryPointVerdict(op, validUntil - 5n)).toBe('accepted')
    expect(await entryPointVerdict(op, validUntil + 1n)).toBe('AA32 paymaster expired or not due')
  })
})
