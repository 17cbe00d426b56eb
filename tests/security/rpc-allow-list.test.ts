/**
 * A host page (or a script on it) asks the embedded wallet for what a wallet must never do for an
 * app: sign raw hashes (eth_sign), sign a transaction to replay later, change the chain's own state
 * (the devnet's anvil_*, hardhat_* and evm_* methods, debug traces), add a chain or unlock accounts. The
 * frame answers only its allow-list (reads pass, signing and sending ask the visitor) and the auth
 * service's /v1/rpc passes only its own list, so a token taken from a frame cannot reach them
 * either. These defences hold today; the suite keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http } from 'viem'
import { devnet } from '../contract/devnet/helpers'
import { RPC_NOT_ALLOWED, startAuthService, type AuthService } from '../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../devnet/src/auth/smtp-sink'
import { call, newestCode } from './support/auth-http'
import { OTHER, aHostileHost, flush } from './support/frame-fakes'

const FORBIDDEN: readonly [string, unknown[]][] = [
  ['eth_sign', [OTHER, '0x' + 'ab'.repeat(32)]],
  ['eth_signTransaction', [{ to: OTHER, value: '0x1' }]],
  ['personal_unlockAccount', [OTHER, '', 0]],
  ['hardhat_setBalance', [OTHER, '0xffffffffffffffffffff']],
  ['anvil_setBalance', [OTHER, '0xffffffffffffffffffff']],
  ['anvil_setCode', [OTHER, '0x00']],
  ['evm_setNextBlockTimestamp', [1]],
  ['debug_traceTransaction', ['0x' + '00'.repeat(32)]],
  ['wallet_addEthereumChain', [{ chainId: '0x1' }]],
  ['eth_signTypedData', [[]]],
]

describe("the wallet frame's allow-list", () => {
  it.each(FORBIDDEN)('%s is refused at once, with nothing shown to the visitor and nothing sent to the service', async (method, params) => {
    const host = aHostileHost()
    await host.send('RPC_REQUEST', { chainId: 31337, method, params }, `forbidden-${method}`)
    await flush()
    expect(host.shown).toEqual([])
    expect(host.rpcCalls).toEqual([])
    expect(host.responses()).toEqual([expect.objectContaining({ id: `forbidden-${method}`, ok: false, error: { message: 'Requested RPC call is not allowed', code: 4200 } })])
  })
})

describe("the auth service's /v1/rpc", () => {
  let sink: SmtpSink
  let auth: AuthService
  let token = ''

  beforeAll(async () => {
    sink = await startSmtpSink({ port: 0 })
    auth = await startAuthService({
      port: 0,
      smtpPort: sink.port,
      mailbox: sink.mailbox,
      chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }],
      serviceUrl: devnet.serviceUrl,
    })
    const email = `rpc-${Math.random().toString(36).slice(2)}@example.test`
    await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'laptop' } })
    const verified = await call<{ token: string }>(auth.url, 'POST', '/v1/email/verify', { body: { email, otp: await newestCode(auth.url, email), deviceId: 'laptop' } })
    expect(verified.status).toBe(200)
    token = verified.body.token
  })
  afterAll(async () => {
    await auth.stop()
    await sink.stop()
  })

  it.each(FORBIDDEN)('%s with a valid token is refused and changes nothing on the chain', async (method, params) => {
    const chain = createPublicClient({ transport: http(devnet.rpcUrls[31337]) })
    const before = await chain.getBalance({ address: OTHER })
    const answer = await call(auth.url, 'POST', '/v1/rpc', { token, body: { chainId: 31337, method, params } })
    expect(answer).toMatchObject({ status: 403, body: { message: RPC_NOT_ALLOWED, code: 4200 } })
    expect(await chain.getBalance({ address: OTHER })).toBe(before)
  })

  it('a read passes (the list is an allow-list, not a wall)', async () => {
    const answer = await call<{ result: string }>(auth.url, 'POST', '/v1/rpc', { token, body: { chainId: 31337, method: 'eth_blockNumber', params: [] } })
    expect(answer.status).toBe(200)
    expect(answer.body.result).toMatch(/^0x[0-9a-f]+$/)
  })
})
