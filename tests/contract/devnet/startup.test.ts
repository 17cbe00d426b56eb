import { readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startDevnet } from '../../../devnet/src/index'
import { freePort } from '../global-setup'
import { freePortPair } from '../../e2e/support/free-port'

/** Pids of this process's children running an Anvil node or its parent watcher (read from /proc). */
function chainChildren(): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8')
      const ppid = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1])
      if (ppid !== process.pid) continue
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (cmdline.includes('anvil') || cmdline.includes('kill-with-parent')) pids.push(Number(entry))
    } catch {
      // the process ended while we looked
    }
  }
  return pids
}

const cleanup: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn()
})

// Its own devnet: the start that fails is the subject.
describe('startDevnet when a port is taken', () => {
  it('rejects and leaves no Anvil node or watcher running', { timeout: 180_000 }, async () => {
    const blocker: Server = createServer()
    const taken = await freePort()
    await new Promise<void>((resolve) => blocker.listen(taken, '127.0.0.1', resolve))
    cleanup.push(() => new Promise((resolve) => blocker.close(() => resolve())))
    const dataDir = await mkdtemp(join(tmpdir(), 'walletgate-taken-'))
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }))

    expect(chainChildren()).toEqual([])
    const ports = { chainA: await freePort(), chainB: await freePort(), service: taken, relay: await freePort(), solana: await freePortPair(), bitcoin: await freePort() }
    await expect(startDevnet({ ports, dataDir, quiet: true, relay: false, auth: false, bundlers: false })).rejects.toThrow(/EADDRINUSE/)
    expect(chainChildren()).toEqual([])
  })
})
