/**
 * The bundlers as parts of startDevnet: one per chain, serving EntryPoint v0.7, listening on
 * 127.0.0.1 only (alto asks for 0.0.0.0; the devnet's preload overrides it), and gone with the
 * devnet: no child left, no port open. Its own devnet: starting and stopping one is the subject.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnetSmartAccount } from '../../../devnet/src/auth/smart-account'
import { startDevnet } from '../../../devnet/src/index'
import { DEVNET_SMART_ACCOUNT } from '../../../devnet/src/config'
import { freePort } from '../global-setup'

/** Listening TCP sockets (IPv4 and IPv6) of one process: local address and port, from /proc. */
function listeningSockets(pid: number): { address: string; port: number }[] {
  const inodes = new Set<string>()
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`)
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1]
      if (inode !== undefined) inodes.add(inode)
    } catch {
      // closed while we looked
    }
  }
  const found: { address: string; port: number }[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      // cols: sl local_address rem_address st ... inode (10th)
      if (cols.length < 10 || cols[3] !== '0A' || !inodes.has(cols[9]!)) continue
      const [hex, port] = cols[1]!.split(':') as [string, string]
      found.push({ address: hex, port: parseInt(port, 16) })
    }
  }
  return found
}
const LOOPBACK_V4 = '0100007F'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints', params: [] }) })
    return ((await res.json()) as { result?: string[] }).result?.[0]?.toLowerCase() === DEVNET_SMART_ACCOUNT.entryPoint.toLowerCase()
  } catch {
    return false
  }
}

/** A fresh smart account on the chain sends 5 wei through the chain's bundler; the receiver holds them. */
async function sendsOneUserOperation(chain: { chainId: number; rpcUrl: string; bundlerUrl: string }): Promise<void> {
  const account = await devnetSmartAccount(generatePrivateKey(), chain)
  const client = createPublicClient({ transport: http(chain.rpcUrl) })
  await client.request({ method: 'anvil_setBalance' as never, params: [account.address, toHex(parseEther('1'))] as never })
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  expect((await account.waitForCalls(await account.sendCalls([{ to: receiver, value: 5n }]))).success).toBe(true)
  expect(await client.getBalance({ address: receiver })).toBe(5n)
}

interface AdminChain {
  chainId: number
  state: string
  pid: number
  restarts: number
  bundler?: { url: string; state: string; pid: number; restarts: number }
}

describe('the devnet bundlers', () => {
  it('start with the devnet, listen on 127.0.0.1 only, start again with their chain, and leave no child or port behind on stop', { timeout: 180_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'walletgate-bundlers-'))
    const ports = { chainA: await freePort(), chainB: await freePort(), service: await freePort(), bundlerA: await freePort(), bundlerB: await freePort() }
    const devnet = await startDevnet({ ports, dataDir, quiet: true, relay: false, solana: false, bitcoin: false, auth: false, farcaster: false })
    const pids = devnet.childPids
    const seen = new Set(pids)
    try {
      expect(devnet.bundlerUrls).toEqual({ 31337: `http://127.0.0.1:${ports.bundlerA}`, 31338: `http://127.0.0.1:${ports.bundlerB}` })
      expect(await answers(devnet.bundlerUrls[31337]!)).toBe(true)
      expect(await answers(devnet.bundlerUrls[31338]!)).toBe(true)
      // Two Anvil nodes and two bundlers.
      expect(pids).toHaveLength(4)
      const bundlerPids = pids.filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('alto'))
      expect(bundlerPids).toHaveLength(2)
      for (const pid of bundlerPids) {
        const sockets = listeningSockets(pid)
        expect(sockets.filter((s) => s.address !== LOOPBACK_V4)).toEqual([])
        expect(sockets.map((s) => s.port).some((p) => p === ports.bundlerA || p === ports.bundlerB)).toBe(true)
      }

      // A chain that starts over takes its bundler with it: keys funded and simulation contracts
      // deployed again, so a smart account sends on the fresh chain.
      const restarted = await fetch(`${devnet.serviceUrl}/__admin/chains/31337/restart`, { method: 'POST', headers: { authorization: `Bearer ${devnet.adminToken}` } })
      expect(restarted.status).toBe(200)
      const isNewBundler = (pid: number) => !seen.has(pid) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('alto')
      const end = Date.now() + 60_000
      while (Date.now() < end && !(devnet.childPids.some(isNewBundler) && (await answers(devnet.bundlerUrls[31337]!)))) await new Promise((r) => setTimeout(r, 100))
      for (const pid of devnet.childPids) seen.add(pid)
      expect(devnet.childPids).toHaveLength(4)
      const chain = { chainId: 31337, rpcUrl: devnet.rpcUrls[31337]!, bundlerUrl: devnet.bundlerUrls[31337]! }
      await sendsOneUserOperation(chain)
    } finally {
      await devnet.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
    expect([...seen].filter(alive)).toEqual([])
    expect(devnet.childPids).toEqual([])
    expect(await answers(`http://127.0.0.1:${ports.bundlerA}`)).toBe(false)
    expect(await answers(`http://127.0.0.1:${ports.bundlerB}`)).toBe(false)
  })

  it('come back within 60 s of their chain restarted twice in a row, or of dying themselves; the chain is reported up only once its bundler answers', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'walletgate-bundlers-twice-'))
    const ports = { chainA: await freePort(), chainB: await freePort(), service: await freePort(), bundlerA: await freePort(), bundlerB: await freePort() }
    const devnet = await startDevnet({ ports, dataDir, quiet: true, relay: false, solana: false, bitcoin: false, auth: false, farcaster: false })
    const seen = new Set(devnet.childPids)
    const adminAuth = { authorization: `Bearer ${devnet.adminToken}` }
    const chainA = async (): Promise<AdminChain> => {
      const res = await fetch(`${devnet.serviceUrl}/__admin/chains`, { headers: adminAuth })
      return ((await res.json()) as { chains: AdminChain[] }).chains.find((c) => c.chainId === 31337)!
    }
    const bundlerUrl = devnet.bundlerUrls[31337]!
    try {
      const before = await chainA()
      expect(before).toMatchObject({ state: 'up', bundler: { url: bundlerUrl, state: 'up', restarts: 0 } })

      // The chain starts over twice in a row: it dies (the devnet starts it again by itself, and its
      // bundler with it), and a restart asked for at once stops it again while that bundler is
      // still starting. Each time the whole chain starts over, so a bundler of an older life is of
      // no use after; the restart answers once the newest one serves.
      const t0 = Date.now()
      const killed = await fetch(`${devnet.serviceUrl}/__admin/chains/31337/kill`, { method: 'POST', headers: adminAuth })
      expect(killed.status).toBe(202)
      const restarted = await fetch(`${devnet.serviceUrl}/__admin/chains/31337/restart`, { method: 'POST', headers: adminAuth })
      expect(restarted.status).toBe(200)

      // Reported up only when the bundler answers too; and it does, within the bound.
      let status = await chainA()
      while (Date.now() - t0 < 60_000 && status.state !== 'up') {
        await new Promise((r) => setTimeout(r, 100))
        status = await chainA()
      }
      expect(status).toMatchObject({ state: 'up', restarts: 2, bundler: { url: bundlerUrl, state: 'up' } })
      expect(await answers(bundlerUrl)).toBe(true)
      expect(Date.now() - t0).toBeLessThan(60_000)
      // A bundler of the chain's newest life: a new process, and one that bundles on the fresh chain.
      expect(seen.has(status.bundler!.pid)).toBe(false)
      expect(alive(status.bundler!.pid)).toBe(true)
      for (const pid of devnet.childPids) seen.add(pid)
      await sendsOneUserOperation({ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]!, bundlerUrl })

      // Two restarts on request, one after the other: the bundler answers after the second too.
      const t1 = Date.now()
      for (const _ of [1, 2]) {
        const again = await fetch(`${devnet.serviceUrl}/__admin/chains/31337/restart`, { method: 'POST', headers: adminAuth })
        expect(again.status).toBe(200)
      }
      expect(await answers(bundlerUrl)).toBe(true)
      expect(await chainA()).toMatchObject({ state: 'up', restarts: 4, bundler: { url: bundlerUrl, state: 'up' } })
      expect(Date.now() - t1).toBeLessThan(60_000)
      status = await chainA()
      for (const pid of devnet.childPids) seen.add(pid)

      // The bundler killed under a chain that serves: the chain is not reported up until a new one answers.
      process.kill(status.bundler!.pid, 'SIGKILL')
      let afterKill = await chainA()
      const upAgainEnd = Date.now() + 60_000
      while (Date.now() < upAgainEnd) {
        afterKill = await chainA()
        if (afterKill.state === 'up') {
          // Whenever it says up, the bundler answers.
          expect(await answers(bundlerUrl)).toBe(true)
          break
        }
        await new Promise((r) => setTimeout(r, 100))
      }
      expect(afterKill).toMatchObject({ state: 'up', bundler: { state: 'up' } })
      expect(afterKill.bundler!.pid).not.toBe(status.bundler!.pid)
      for (const pid of devnet.childPids) seen.add(pid)
    } finally {
      await devnet.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
    expect([...seen].filter(alive)).toEqual([])
    expect(await answers(`http://127.0.0.1:${ports.bundlerA}`)).toBe(false)
  })
})
