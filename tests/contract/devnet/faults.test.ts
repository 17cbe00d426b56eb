/**
 * The devnet survives its own faults, driven through the admin endpoints tests in another process
 * (Playwright) use: a chain killed outright is started again by the devnet with its contracts and
 * funding, a chain restarted on request serves again, the relay restarts; the service answers
 * throughout. Runs on its own devnet: killing a chain of the shared one would reset other files'
 * state.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { WebSocket } from 'ws'
import { DEVNET_CONTRACTS, devnetViemChain, startDevnet, type DevnetHandle } from '../../../devnet/src/index'
import type { ChainStatus } from '../../../devnet/src/chains/supervisor'
import { DEVNET_FARCASTER_ACCOUNTS, farcasterCustody } from '../../../devnet/src/farcaster/accounts'
import { FARCASTER_ID_REGISTRY } from '../../../devnet/src/farcaster/registries'
import { freePort } from '../global-setup'
import { freePortPair } from '../../e2e/support/free-port'

let devnet: DevnetHandle
let dataDir = ''
const SDK = 'projectId=walletgate-test&st=walletgate&sv=walletgate-0.1.0'

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'walletgate-faults-'))
  const [chainA, chainB, service, relay] = [await freePort(), await freePort(), await freePort(), await freePort()]
  devnet = await startDevnet({ ports: { chainA, chainB, service, relay, solana: await freePortPair(), bitcoin: await freePort(), farcaster: await freePort() }, dataDir, quiet: true, auth: false, bundlers: false })
}, 180_000)

afterAll(async () => {
  await devnet?.stop()
  await rm(dataDir, { recursive: true, force: true })
})

async function admin<T>(method: 'GET' | 'POST', path: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${devnet.serviceUrl}/__admin${path}`, { method, headers: { authorization: `Bearer ${devnet.adminToken}` } })
  return { status: res.status, body: (await res.json()) as T }
}

async function chainStatus(chainId: number): Promise<ChainStatus> {
  const { body } = await admin<{ chains: ChainStatus[] }>('GET', '/chains')
  return body.chains.find((c) => c.chainId === chainId)!
}

/** Polls a condition on another process (the devnet restarting a node) until it holds. */
async function until(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check().catch(() => false)) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

async function chainIdAt(rpcUrl: string): Promise<number> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    signal: AbortSignal.timeout(2000),
  })
  return Number(((await res.json()) as { result: string }).result)
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

function historyHashes(address: string, chainId: number): Promise<string[]> {
  return fetch(`${devnet.serviceUrl}/v1/account/${address}/history?chainId=eip155:${chainId}&${SDK}`)
    .then((r) => r.json() as Promise<{ data: { id: string }[] }>)
    .then((page) => page.data.map((t) => t.id))
}

describe('a chain killed outright', () => {
  it('is started again by the devnet: same port and chain id, contracts and funding in place, history indexed afresh; the service answers meanwhile', { timeout: 180_000 }, async () => {
    const rpcUrl = devnet.rpcUrls[31337]!
    const sender = devnet.accounts[3]!
    const wallet = createWalletClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl), account: privateKeyToAccount(sender.privateKey) })
    const reader = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl) })
    const sent = await wallet.sendTransaction({ to: devnet.accounts[4]!.address, value: parseEther('1') })
    await reader.waitForTransactionReceipt({ hash: sent })
    await until(async () => (await historyHashes(sender.address, 31337)).includes(sent), 10_000, 'the transfer to be indexed')
    const before = await chainStatus(31337)
    expect(before).toMatchObject({ state: 'up', rpcUrl, restarts: 0 })

    // Down for 3 s, so the outage can be looked at.
    const killed = await admin<{ chain: ChainStatus; downMs: number }>('POST', '/chains/31337/kill?downMs=3000')
    expect(killed.status).toBe(202)
    expect(killed.body).toMatchObject({ chain: { chainId: 31337, state: 'down', pid: -1 }, downMs: 3000 })
    expect(alive(before.pid)).toBe(false)
    await expect(chainIdAt(rpcUrl)).rejects.toThrow()

    // The rest keeps serving: the catalogue, the other chain's balances, and a bounded failure for the dead chain.
    expect((await fetch(`${devnet.serviceUrl}/getWallets?page=1&entries=4&${SDK}`)).status).toBe(200)
    const balanceB = await fetch(`${devnet.serviceUrl}/v1/account/${sender.address}/balance?currency=usd&chainId=eip155:31338&${SDK}`)
    expect(balanceB.status).toBe(200)
    const balanceA = await fetch(`${devnet.serviceUrl}/v1/account/${sender.address}/balance?currency=usd&chainId=eip155:31337&${SDK}`, {
      signal: AbortSignal.timeout(20_000),
    })
    expect(balanceA.status).toBeGreaterThanOrEqual(500)
    expect(await chainStatus(31338)).toMatchObject({ state: 'up', restarts: 0 })

    await until(async () => (await chainStatus(31337)).state === 'up', 60_000, 'chain 31337 to be up again')
    const after = await chainStatus(31337)
    expect(after).toMatchObject({ state: 'up', rpcUrl, restarts: 1 })
    expect(after.pid).not.toBe(before.pid)
    expect(alive(after.pid)).toBe(true)
    expect(devnet.childPids).toContain(after.pid)
    expect(await chainIdAt(rpcUrl)).toBe(31337)
    // The deterministic deployments and funding were done again: the same addresses hold the same amounts.
    expect(await reader.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [sender.address] })).toBe(
      10_000n * 10n ** 6n,
    )
    expect(await reader.getBalance({ address: sender.address })).toBe(parseEther('10000'))
    // The Farcaster registries and seeded fids are put back on the fresh chain (sign-in reads them).
    const alice = DEVNET_FARCASTER_ACCOUNTS[0]!
    const idOf = parseAbi(['function idOf(address) view returns (uint256)'])
    await until(
      async () => (await reader.readContract({ address: FARCASTER_ID_REGISTRY, abi: idOf, functionName: 'idOf', args: [farcasterCustody(alice).address] })) === BigInt(alice.fid),
      10_000,
      'the Farcaster registries to be back',
    )
    // Chain state started over, and the service's history with it.
    await until(async () => !(await historyHashes(sender.address, 31337)).includes(sent), 10_000, 'the lost transfer to leave the history')
    expect(await historyHashes(sender.address, 31337)).toHaveLength(2)
    expect((await fetch(`${devnet.serviceUrl}/v1/account/${sender.address}/balance?currency=usd&chainId=eip155:31337&${SDK}`)).status).toBe(200)
  })
})

describe('a chain restarted on request', () => {
  it('answers JSON-RPC again when the request returns, with a new node on the same port', { timeout: 120_000 }, async () => {
    const rpcUrl = devnet.rpcUrls[31338]!
    const before = await chainStatus(31338)
    const restarted = await admin<{ chain: ChainStatus }>('POST', '/chains/31338/restart')
    expect(restarted.status).toBe(200)
    expect(restarted.body.chain).toMatchObject({ chainId: 31338, state: 'up', rpcUrl, restarts: before.restarts + 1 })
    expect(restarted.body.chain.pid).not.toBe(before.pid)
    expect(alive(before.pid)).toBe(false)
    expect(await chainIdAt(rpcUrl)).toBe(31338)
    expect(await createPublicClient({ transport: http(rpcUrl) }).getCode({ address: DEVNET_CONTRACTS.swapRouter })).toMatch(/^0x[0-9a-f]{100,}$/)
  })
})

describe('the relay restarted on request', () => {
  it('drops its clients with the restart close code and listens again on the same port', { timeout: 60_000 }, async () => {
    const relayUrl = devnet.relayUrl!
    const auth = await signJWT(randomBytes(32).toString('hex'), relayUrl, 86_400, generateKeyPair())
    const open = (): Promise<WebSocket> =>
      new Promise((resolve, reject) => {
        const socket = new WebSocket(`${relayUrl}/?auth=${encodeURIComponent(auth)}&projectId=walletgate-test`)
        socket.once('open', () => resolve(socket))
        socket.once('error', reject)
      })
    const first = await open()
    const closed = new Promise<number>((resolve) => first.once('close', (code) => resolve(code)))
    const restarted = await admin<{ relay: string; downMs: number }>('POST', '/relay/restart?downMs=500')
    expect(restarted).toEqual({ status: 200, body: { relay: 'up', downMs: 500 } })
    expect(await closed).toBe(1012)
    const second = await open()
    expect(second.readyState).toBe(WebSocket.OPEN)
    second.close()
    const health = (await (await fetch(`${relayUrl.replace('ws://', 'http://')}/health`)).json()) as { status: string }
    expect(health.status).toBe('ok')
  })
})

describe('admin endpoints refuse what they cannot do', () => {
  it('an unknown chain is 404, a bad downMs 400', async () => {
    expect((await admin('POST', '/chains/1/kill')).status).toBe(404)
    expect((await admin('POST', '/chains/1/restart')).status).toBe(404)
    expect((await admin('POST', '/chains/31337/kill?downMs=soon')).status).toBe(400)
    expect((await admin('POST', '/relay/restart?downMs=-5')).status).toBe(400)
    expect((await chainStatus(31337)).state).toBe('up')
  })
})
