/**
 * The built command as a host runs it: compiled by the package's build, started as a process on a
 * free port with the embedded engine, ready over real HTTP, its request log on stdout while it runs,
 * and stopped by SIGTERM (requests done, the database closed, the port free, exit code 0).
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it, onTestFinished } from 'vitest'
import { freePort } from '../../tests/e2e/support/free-port.js'

const SERVER = resolve(fileURLToPath(import.meta.url), '../..')
const OUT = join(SERVER, '.test-dist')
const data = mkdtempSync(join(tmpdir(), 'wg-bin-'))
afterAll(() => {
  rmSync(OUT, { recursive: true, force: true })
  rmSync(data, { recursive: true, force: true })
})

describe('walletgate-server, built and run', () => {
  it('serves /readyz on the embedded engine and stops cleanly on SIGTERM', async () => {
    execFileSync(join(SERVER, '../node_modules/.bin/tsc'), ['-p', join(SERVER, 'tsconfig.build.json'), '--outDir', OUT], { stdio: 'pipe' })
    const port = await freePort()
    const child = spawn(process.execPath, [join(OUT, 'server/src/bin.js'), '--embedded', '--data-dir', join(data, 'db'), '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] })
    // A failed expectation must not leave the server running.
    onTestFinished(() => void (child.exitCode === null && child.signalCode === null && child.kill('SIGKILL')))
    const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)))
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    let ready: unknown
    for (let i = 0; i < 150 && ready === undefined; i++) {
      await new Promise((done) => setTimeout(done, 200))
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then((res) => (res.ok ? res.json() : undefined), () => undefined)
    }
    expect(ready).toMatchObject({ status: 'ok', database: 'pglite' })
    // The log is written in batches, but a quiet server's lines still come out within a moment.
    const logged = () => out.split('\n').some((line) => line.includes('"path":"/readyz"') && line.includes('"msg":"request"'))
    for (let i = 0; i < 20 && !logged(); i++) await new Promise((done) => setTimeout(done, 100))
    expect(logged()).toBe(true)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow()
  }, 90_000)
})
