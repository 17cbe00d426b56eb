/**
 * Farcaster sign-in on the devnet, over real HTTP: the auth service opens a channel on the devnet
 * relay, the channel's link opens the "devnet Farcaster app" where a seeded account approves
 * (the page signs with the custody key), and the service verifies the signed message with
 * @farcaster/auth-client against the stub Id and Key registries on Devnet A. A message signed by
 * a key that does not hold the fid signs no one in.
 */
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseAbi, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createWalletClient as createFarcasterWallet, viemConnector } from '@farcaster/auth-client'
import { devnet } from '../devnet/helpers'
import { startAuthService, type AuthService } from '../../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../../devnet/src/auth/smtp-sink'
import { SOCIAL_MESSAGES } from '../../../devnet/src/auth/social/login'
import { DEVNET_ALLOWED_ORIGINS } from '../../../devnet/src/auth/social/origins'
import { DEVNET_FARCASTER_ACCOUNTS, farcasterCustody } from '../../../devnet/src/farcaster/accounts'
import {
  DEVNET_ID_REGISTRY_CODE,
  DEVNET_KEY_REGISTRY_CODE,
  FARCASTER_ID_REGISTRY,
} from '../../../devnet/src/farcaster/registries'
import { CHANNEL_LIFETIME_MS, DEVNET_FARCASTER_RELAY_KEY, startFarcasterRelay, type FarcasterRelay } from '../../../devnet/src/farcaster/relay'
import { TestBrowser } from './social-browser'

const rpcUrl = devnet.rpcUrls[31337]!
let sink: SmtpSink
let relay: FarcasterRelay
let auth: AuthService
let relayClock = Date.now()

beforeAll(async () => {
  // Its own auth service and Farcaster relay: the test moves their clocks.
  sink = await startSmtpSink({ port: 0 })
  relay = await startFarcasterRelay({ port: 0, rpcUrl, now: () => relayClock })
  auth = await startAuthService({
    port: 0,
    smtpPort: sink.port,
    mailbox: sink.mailbox,
    chains: [{ chainId: 31337, rpcUrl }],
    social: { allowedOrigins: DEVNET_ALLOWED_ORIGINS, farcaster: { relayUrl: relay.url, rpcUrl } },
  })
})
afterAll(async () => {
  await auth.stop()
  await relay.stop()
  await sink.stop()
})

interface Redeemed {
  token: string
  message?: string
  state?: string
  user: { accounts: { eip155: Hex }; socialProvider: string; userName: string }
}

async function post<T>(path: string, body: unknown): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as T }
}

const openChannel = () => post<{ channelToken: string; url: string; nonce: string }>('/v1/farcaster/channel', {})

async function approveAs(fid: number): Promise<Redeemed> {
  const { body: channel } = await openChannel()
  expect((await post<Redeemed>('/v1/farcaster/redeem', { channelToken: channel.channelToken })).status).toBe(202)
  const browser = new TestBrowser()
  const app = await browser.open(channel.url, new URL(relay.url).origin)
  expect(app.html).toContain('Devnet Farcaster app')
  const done = await browser.submit(app, new URL(relay.url).origin, { fid: String(fid) })
  expect(done.status).toBe(200)
  expect(done.html).toContain('You signed in to')
  const redeemed = await post<Redeemed>('/v1/farcaster/redeem', { channelToken: channel.channelToken })
  expect(redeemed.status).toBe(200)
  return redeemed.body
}

describe('Farcaster sign-in on the devnet', () => {
  it('the registries on Devnet A are the committed stubs and know each seeded fid by its custody address', async () => {
    const require = createRequire(import.meta.url)
    const solc = require('solc') as { compile(input: string): string }
    const source = await readFile(new URL('../../../devnet/src/farcaster/DevnetFarcasterRegistries.sol', import.meta.url), 'utf8')
    const output = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: 'Solidity',
          sources: { 'DevnetFarcasterRegistries.sol': { content: source } },
          settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
        }),
      ),
    ) as { contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>> }
    const compiled = output.contracts['DevnetFarcasterRegistries.sol']!
    expect(`0x${compiled.DevnetIdRegistry!.evm.deployedBytecode.object}`).toBe(DEVNET_ID_REGISTRY_CODE)
    expect(`0x${compiled.DevnetKeyRegistry!.evm.deployedBytecode.object}`).toBe(DEVNET_KEY_REGISTRY_CODE)

    const client = createPublicClient({ transport: http(rpcUrl) })
    const abi = parseAbi(['function idOf(address) view returns (uint256)', 'function custodyOf(uint256) view returns (address)'])
    for (const account of DEVNET_FARCASTER_ACCOUNTS) {
      const custody = farcasterCustody(account).address
      expect(await client.readContract({ address: FARCASTER_ID_REGISTRY, abi, functionName: 'idOf', args: [custody] })).toBe(BigInt(account.fid))
      expect(await client.readContract({ address: FARCASTER_ID_REGISTRY, abi, functionName: 'custodyOf', args: [BigInt(account.fid)] })).toBe(custody)
    }
  })

  it('a channel approved by a seeded account redeems to a user with its username; the same fid later is the same wallet', async () => {
    const alice = await approveAs(4201)
    expect(alice.user).toMatchObject({ socialProvider: 'farcaster', userName: 'alice' })
    const again = await approveAs(4201)
    expect(again.user.accounts.eip155).toBe(alice.user.accounts.eip155)
    const bob = await approveAs(4202)
    expect(bob.user.userName).toBe('bob')
    expect(bob.user.accounts.eip155).not.toBe(alice.user.accounts.eip155)
  })

  it('a message for a fid signed by a key that is not its custody key is refused, with no session', async () => {
    const { body: channel } = await openChannel()
    const impostor = privateKeyToAccount(generatePrivateKey())
    const wallet = createFarcasterWallet({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })
    const built = wallet.buildSignInMessage({
      domain: new URL(auth.url).host,
      uri: auth.url,
      nonce: channel.nonce,
      address: impostor.address,
      fid: 4201,
    })
    expect(built.isError).toBe(false)
    const signature = await impostor.signMessage({ message: built.message! })
    const answered = await wallet.authenticate({ channelToken: channel.channelToken, authKey: DEVNET_FARCASTER_RELAY_KEY, message: built.message!, signature, fid: 4201 })
    expect(answered.isError).toBe(false)
    const refused = await post<Redeemed>('/v1/farcaster/redeem', { channelToken: channel.channelToken })
    expect(refused).toMatchObject({ status: 401, body: { message: SOCIAL_MESSAGES.farcasterRefused } })
    expect(refused.body.token).toBeUndefined()
    // Spent: the refused channel cannot be tried again.
    expect((await post<Redeemed>('/v1/farcaster/redeem', { channelToken: channel.channelToken })).status).toBe(400)
  })

  it('the custody key signing for another fid than its own is refused', async () => {
    const { body: channel } = await openChannel()
    const bobsKey = farcasterCustody(DEVNET_FARCASTER_ACCOUNTS[1]!)
    const wallet = createFarcasterWallet({ relay: relay.url, ethereum: viemConnector({ rpcUrl }) })
    const built = wallet.buildSignInMessage({ domain: new URL(auth.url).host, uri: auth.url, nonce: channel.nonce, address: bobsKey.address, fid: 4201 })
    const signature = await bobsKey.signMessage({ message: built.message! })
    await wallet.authenticate({ channelToken: channel.channelToken, authKey: DEVNET_FARCASTER_RELAY_KEY, message: built.message!, signature, fid: 4201 })
    expect(await post('/v1/farcaster/redeem', { channelToken: channel.channelToken })).toMatchObject({ status: 401, body: { message: SOCIAL_MESSAGES.farcasterRefused } })
  })

  it('a channel nobody approved in time is gone from the relay and cannot be redeemed', async () => {
    const { body: channel } = await openChannel()
    relayClock += CHANNEL_LIFETIME_MS + 1
    try {
      const status = await fetch(`${relay.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channel.channelToken}` } })
      expect(status.status).toBe(401)
      expect(await post('/v1/farcaster/redeem', { channelToken: channel.channelToken })).toMatchObject({ status: 400, body: { message: SOCIAL_MESSAGES.farcasterUnknown } })
    } finally {
      relayClock = Date.now()
    }
  })

  it('a channel this service did not open, and an unknown relay key, are refused', async () => {
    expect(await post('/v1/farcaster/redeem', { channelToken: 'never-opened' })).toMatchObject({ status: 400, body: { message: SOCIAL_MESSAGES.farcasterUnknown } })
    const { body: channel } = await openChannel()
    const res = await fetch(`${relay.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.channelToken}`, 'x-farcaster-auth-relay-key': 'someone-else' },
      body: JSON.stringify({ message: 'x', signature: '0x00', fid: 4201 }),
    })
    expect(res.status).toBe(401)
  })
})
