/**
 * Sponsorship tickets (docs/sponsorship.md), as an attacker would try them: a ticket is what a
 * browser wallet carries to the paymaster in ERC-7677's context in place of the visitor's session.
 * It must speak only for its own account's operations on its own chain in its own project, stop at
 * its expiry, open nothing on the sign-in API (nor the paymaster as a bearer), not be guessable,
 * and many of them must buy no more than the project's daily total. walletgate-server runs in
 * this process on PGlite with a clock the test moves; operations are judged by the policy and a
 * simulator that lets every call through (the chain is not what is attacked here).
 */
import type { FastifyInstance } from 'fastify'
import { encodeFunctionData, numberToHex, parseAbi, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer, DEFAULT_CONFIG, migrate, openPgliteDatabase, Projects, SignInSessions, localPaymasterSigner, type Database, type ServerConfig } from '../../server/src/index.js'
import { DEVNET_CONTRACTS, DEVNET_PAYMASTER, DEVNET_SMART_ACCOUNT } from '../../devnet/src/config'

const PAGE = 'http://localhost:5173'
const PROJECT = 'tickets-test'
const OTHER_PROJECT = 'tickets-other'
const DAILY_OPERATIONS = 3
/** Each operation's gas: 200k call + 300k verification + 50k pre-verification + 100k paymaster. */
const OPERATION_GAS = 650_000

let now = Date.parse('2026-12-07T12:00:00Z')
const clock = { now: () => now }

function policy(name: string) {
  return {
    sponsorName: name,
    chains: ['eip155:31337', 'eip155:31338'],
    contracts: [{ address: DEVNET_CONTRACTS.dUSD, functions: ['transfer(address,uint256)'] }],
    factories: [],
    daily: { gas: DAILY_OPERATIONS * OPERATION_GAS },
    perAccount: { operations: 1, gas: 2_000_000 },
    maxGasPerOperation: 3_000_000,
    expiresAt: '2100-01-01T00:00:00Z',
  }
}

function config(): ServerConfig {
  return {
    ...DEFAULT_CONFIG,
    sponsorship: {
      paymasters: { 'eip155:31337': DEVNET_PAYMASTER.address, 'eip155:31338': DEVNET_PAYMASTER.address },
      signatureSeconds: 60,
      projects: { [PROJECT]: policy('Tickets Test'), [OTHER_PROJECT]: policy('Other') },
    },
  }
}

let db: Database
let app: FastifyInstance

beforeAll(async () => {
  db = await openPgliteDatabase()
  await migrate(db)
  for (const id of [PROJECT, OTHER_PROJECT]) await new Projects(db, clock).add(id, [PAGE])
  app = await buildServer({
    config: config(),
    db,
    clock,
    sponsorship: { signer: localPaymasterSigner(generatePrivateKey()), simulator: { simulate: () => Promise.resolve({ ok: true, gasUsed: 100_000n }) } },
  })
}, 30_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
})

/** A visitor signed in on the page with a fresh account: the account and its session's bearer token. */
async function visitor(): Promise<{ account: Address; token: string }> {
  const account = privateKeyToAccount(generatePrivateKey()).address
  const data = { accountAddress: account, chainId: 'eip155:31337', domain: new URL(PAGE).host, uri: `${PAGE}/`, version: '1', nonce: 'tickets01' }
  const token = await new SignInSessions(db, clock).open({ data, message: 'signed in', signature: '0x' }, PAGE, now + 3_600_000)
  return { account, token }
}

async function mint(token: string | undefined, account: Address, chainId = 'eip155:31337', project = PROJECT) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/paymaster/tickets?projectId=${project}`,
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    payload: JSON.stringify({ chainId, account }),
  })
  return { status: res.statusCode, body: res.json() as { ticket: string; expiresAt: string; message?: string } }
}

/** The account's operation: a dUSD transfer through its `execute`, all gas limits set. */
function operation(sender: Address) {
  const transfer = encodeFunctionData({ abi: parseAbi(['function transfer(address,uint256)']), functionName: 'transfer', args: ['0x000000000000000000000000000000000000dEaD', 0n] })
  return {
    sender,
    nonce: '0x0',
    callData: encodeFunctionData({ abi: parseAbi(['function execute(address target, uint256 value, bytes data)']), functionName: 'execute', args: [DEVNET_CONTRACTS.dUSD, 0n, transfer] }),
    callGasLimit: numberToHex(200_000),
    verificationGasLimit: numberToHex(300_000),
    preVerificationGas: numberToHex(50_000),
    maxFeePerGas: numberToHex(1_000_000_000),
    maxPriorityFeePerGas: numberToHex(1_000_000_000),
    paymasterVerificationGasLimit: numberToHex(100_000),
    paymasterPostOpGasLimit: '0x0',
  }
}

/** Asks the paymaster with `ticket` in the context (as a browser wallet does), or with `bearer` as the header. */
async function ask(method: 'pm_getPaymasterStubData' | 'pm_getPaymasterData', sender: Address, credential: { ticket?: string; bearer?: string }, chain = 31337, project = PROJECT) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/paymaster/${chain}?projectId=${project}`,
    headers: { 'content-type': 'application/json', ...(credential.bearer === undefined ? {} : { authorization: `Bearer ${credential.bearer}` }) },
    payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [operation(sender), DEVNET_SMART_ACCOUNT.entryPoint, numberToHex(chain), credential.ticket === undefined ? {} : { ticket: credential.ticket }] }),
  })
  return res.json() as { result?: { paymasterData: string }; error?: { data?: { reason: string } } }
}

const reason = (answer: Awaited<ReturnType<typeof ask>>) => (answer.result !== undefined ? 'sponsored' : answer.error?.data?.reason)

describe('sponsorship tickets', () => {
  it('are minted only for an account the session speaks for', async () => {
    const { account, token } = await visitor()
    const other = await visitor()
    expect((await mint(undefined, account)).status).toBe(401)
    expect((await mint('not-a-session', account)).status).toBe(401)
    expect((await mint(token, other.account)).status).toBe(403)
    const minted = await mint(token, account)
    expect(minted.status).toBe(201)
    expect(minted.body.ticket).toMatch(/^wgpt_[A-Za-z0-9_-]{43}$/)
  })

  it("speak for their own account's operations on their own chain and project, and nothing else", async () => {
    const { account, token } = await visitor()
    const other = await visitor()
    const { ticket } = (await mint(token, account)).body
    expect(reason(await ask('pm_getPaymasterStubData', account, { ticket }))).toBe('sponsored')
    // Another account's operation, another chain, another project: the ticket is no sign-in there.
    expect(reason(await ask('pm_getPaymasterStubData', other.account, { ticket }))).toBe('not-your-account')
    expect(reason(await ask('pm_getPaymasterStubData', account, { ticket }, 31338))).toBe('not-signed-in')
    expect(reason(await ask('pm_getPaymasterStubData', account, { ticket }, 31337, OTHER_PROJECT))).toBe('not-signed-in')
  })

  it('stop at their expiry', async () => {
    const { account, token } = await visitor()
    const { ticket, expiresAt } = (await mint(token, account)).body
    expect(Date.parse(expiresAt) - now).toBeLessThanOrEqual(10 * 60_000)
    const start = now
    now = Date.parse(expiresAt) + 1
    try {
      expect(reason(await ask('pm_getPaymasterStubData', account, { ticket }))).toBe('not-signed-in')
    } finally {
      now = start
    }
  })

  it('open nothing as a bearer: not the sign-in API, not the paymaster', async () => {
    const { account, token } = await visitor()
    const { ticket } = (await mint(token, account)).body
    const me = await app.inject({ method: 'GET', url: '/auth/v1/me', headers: { authorization: `Bearer ${ticket}`, origin: PAGE } })
    expect(me.statusCode).toBe(401)
    expect(reason(await ask('pm_getPaymasterStubData', account, { bearer: ticket }))).toBe('not-signed-in')
    // Nor can a ticket mint another one (a ticket is no session).
    expect((await mint(ticket, account)).status).toBe(401)
  })

  it('cannot be guessed', async () => {
    const { account } = await visitor()
    const guesses = Array.from({ length: 40 }, () => `wgpt_${randomBytes(32).toString('base64url')}`)
    const answers = await Promise.all(guesses.map((ticket) => ask('pm_getPaymasterStubData', account, { ticket })))
    expect(answers.map(reason)).toEqual(guesses.map(() => 'not-signed-in'))
    // Neither can anything shaped otherwise (a long string, an object) pass for one.
    expect(reason(await ask('pm_getPaymasterStubData', account, { ticket: 'x'.repeat(5000) }))).toBe('not-signed-in')
  })

  it('are limited per account, and many buy no more than the daily total', { timeout: 30_000 }, async () => {
    const { account, token } = await visitor()
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) statuses.push((await mint(token, account)).status)
    expect(statuses.filter((s) => s === 201).length).toBeLessThan(12)
    expect(statuses).toContain(429)

    // Twelve visitors, each with a ticket, all at once on another day: no more than the project's total.
    now += 86_400_000
    const visitors = await Promise.all(Array.from({ length: 12 }, () => visitor()))
    const tickets = await Promise.all(visitors.map(async (v) => (await mint(v.token, v.account)).body.ticket))
    const answers = await Promise.all(visitors.map((v, i) => ask('pm_getPaymasterData', v.account, { ticket: tickets[i]! })))
    expect(answers.filter((a) => a.result !== undefined)).toHaveLength(DAILY_OPERATIONS)
    expect(answers.filter((a) => reason(a) === 'project-daily-limit')).toHaveLength(12 - DAILY_OPERATIONS)
  })
})
