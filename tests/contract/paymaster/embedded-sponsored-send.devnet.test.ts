/**
 * The embedded wallet's smart account with the app paying its gas: an email-login visitor of a
 * project (the wallet origin's session made for that app) sends a dUSD transfer by /v1/rpc
 * wallet_sendCalls naming the paymaster service (ERC-7677 `paymasterService`); the wallet shows
 * the paymaster the visitor's session, the server sponsors it under the project's policy, and the
 * account's ether is untouched. The wallet origin and walletgate-server share one database, as a
 * deployment's do; the server is the devnet's paymaster setup (its policy and signer key).
 */
import type { FastifyInstance } from 'fastify'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createPublicClient, encodeFunctionData, http, parseAbi, type Address, type Hex } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { startAuthService, type AuthService } from '../../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../../devnet/src/auth/smtp-sink'
import { smartAccountAddress } from '../../../devnet/src/auth/smart-account'
import type { BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import { devnetPaymasterSignerKey } from '../../../devnet/src/chains/eip155/deploy-paymaster'
import { DEVNET_CONTRACTS, DEVNET_PAYMASTER, devnetViemChain } from '../../../devnet/src/config'
import { devnetSponsorship } from '../../../devnet/src/service/server'
import { buildServer, DEFAULT_CONFIG, localPaymasterSigner, migrate, openPgliteDatabase, Projects, systemClock, type Database } from '../../../server/src/index.js'
import { devnet } from '../devnet/helpers'
import { startChainABundler } from '../smart-accounts/bundler'
import { PAGE } from './devnet-sponsorship'

const PROJECT = 'walletgate-test'
const APP = `${PROJECT} ${PAGE}`
const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl) })
const depositOf = () => client.readContract({ address: DEVNET_PAYMASTER.address, abi: parseAbi(['function getDeposit() view returns (uint256)']), functionName: 'getDeposit' })
let db: Database
let server: FastifyInstance
let serverUrl: string
let bundler: BundlerHandle
let sink: SmtpSink
let auth: AuthService

beforeAll(async () => {
  let chain
  ;({ bundler, chain } = await startChainABundler())
  db = await openPgliteDatabase()
  await migrate(db)
  await new Projects(db, systemClock).add(PROJECT, [PAGE])
  server = await buildServer({
    config: { ...DEFAULT_CONFIG, sponsorship: devnetSponsorship({ 31337: rpcUrl }, [PROJECT]) },
    db,
    clock: systemClock,
    sponsorship: {
      signer: localPaymasterSigner(devnetPaymasterSignerKey()),
      rpcUrls: { 31337: rpcUrl },
      smartAccountsOf: async (owner) => [await smartAccountAddress(owner, { chainId: 31337, rpcUrl })],
    },
  })
  await server.listen({ port: 0, host: '127.0.0.1' })
  serverUrl = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`
  sink = await startSmtpSink({ port: 0 })
  auth = await startAuthService({ port: 0, smtpPort: sink.port, mailbox: sink.mailbox, chains: [chain], db, serviceUrl: serverUrl })
}, 120_000)
afterAll(async () => {
  await auth?.stop()
  await sink?.stop()
  await server?.close()
  await db?.close()
  await bundler?.stop()
})

async function call<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-walletgate-app': APP, ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as T }
}

it("sends a dUSD transfer from the embedded smart account with its gas paid by the app", { timeout: 90_000 }, async () => {
  const email = `pm-${Math.random().toString(36).slice(2)}@example.test`
  await call('/v1/email/login', { email, deviceId: 'd1' })
  const mails = (await (await fetch(`${auth.url}/devnet/mail?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[]
  const otp = mails[0]!.subject.match(/\d{6}/)![0]
  const { body: login } = await call<{ token: string; user: { address: Address; preferredAccountType: string } }>('/v1/email/verify', { email, otp, deviceId: 'd1' })
  expect(login.user.preferredAccountType).toBe('smartAccount')
  const account = login.user.address
  const ether = await client.getBalance({ address: account })
  const deposit = await depositOf()

  const transfer = encodeFunctionData({ abi: parseAbi(['function transfer(address to, uint256 amount)']), functionName: 'transfer', args: ['0x000000000000000000000000000000000000bEEF', 0n] })
  const paymasterService = { url: `${serverUrl}/v1/paymaster/31337?projectId=${PROJECT}` }
  const sent = await call<{ result: { id: string }; message?: string }>(
    '/v1/rpc',
    { chainId: 31337, method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', calls: [{ to: DEVNET_CONTRACTS.dUSD, data: transfer }], capabilities: { paymasterService } }] },
    login.token,
  )
  expect(sent.body.message).toBeUndefined()
  // The calls id is the user operation's hash: the bundler says when it is mined.
  await createBundlerClient({ client, transport: http(bundler.url) }).waitForUserOperationReceipt({ hash: sent.body.result.id as Hex, pollingInterval: 100, timeout: 30_000 })
  const status = await call<{ result: { status: number } }>('/v1/rpc', { chainId: 31337, method: 'wallet_getCallsStatus', params: [sent.body.result.id] }, login.token)
  expect(status.body.result.status).toBe(200)
  // The account was created and sent without spending its own ether: the paymaster's deposit paid.
  expect(await client.getBalance({ address: account })).toBe(ether)
  expect(await depositOf()).toBeLessThan(deposit)
})
