/**
 * The package as a host gets it: `npm pack` (its prepack build runs), the tarball installed into a
 * fresh project with npm, and `npx walletgate-server` started there, once on the embedded engine
 * alone and once with the configuration file the README shows. Both answer /healthz, /readyz and a
 * valid /openapi.json; the tarball holds no tests, no devnet and no test-only admin routes.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpSink } from './smtp-sink.js'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const temp = mkdtempSync(join(tmpdir(), 'wg-package-'))
const project = join(temp, 'host')
const running: ChildProcess[] = []

/** npm's own variables of an `npm test` run (workspace, prefix...) must not steer the host's npm. */
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)))
const npm = (args: readonly string[], cwd: string) => execFileSync('npm', args, { cwd, env, stdio: 'pipe', encoding: 'utf8' })

let tarball: string
let files: string[]
const timings: Record<string, number> = {}

beforeAll(async () => {
  let started = performance.now()
  npm(['pack', '--workspace', 'walletgate-server', '--pack-destination', temp, '--silent'], ROOT)
  timings.pack = performance.now() - started
  tarball = join(temp, readdirSync(temp).find((name) => name.endsWith('.tgz')) ?? 'no tarball')
  files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('\n').filter(Boolean)
  mkdirSync(project)
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'walletgate-host', private: true }))
  started = performance.now()
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], project)
  timings.install = performance.now() - started
}, 300_000)

afterAll(async () => {
  await Promise.all(running.map(stop))
  rmSync(temp, { recursive: true, force: true })
  // How long the package's round trip takes, for whoever keeps this suite fast.
  process.stdout.write(`package.test: npm pack ${Math.round(timings.pack ?? 0)} ms, npm install ${Math.round(timings.install ?? 0)} ms\n`)
  // Each server gets 10 s to stop before SIGKILL, then a whole npm install is deleted: on a loaded
  // CI machine (every suite at once) that took more than 30 s once.
}, 90_000)

/**
 * Starts `npx walletgate-server ...args` in the host project; resolves its base URL once it says
 * where it listens (`listening`: the line to wait for, its URL captured).
 */
async function start(args: readonly string[], listening = /walletgate-server listening on (http:\/\/\S+)/, extraEnv: Record<string, string> = {}): Promise<string> {
  // Its own process group: npx and the server it starts are stopped together.
  const child = spawn('npx', ['--no-install', 'walletgate-server', ...args], { cwd: project, env: { ...env, ...extraEnv }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  running.push(child)
  let output = ''
  return new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`walletgate-server did not say where it listens:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const address = listening.exec(output)?.[1]
      if (address !== undefined) {
        clearTimeout(timer)
        done(address)
      }
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`walletgate-server exited (${String(code)}):\n${output}`))
    })
  })
}

/** SIGTERM to the process group, SIGKILL if it is still there after 10 s; resolves when it has exited. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name)
    } catch {
      // Already gone.
    }
  }
  signal('SIGTERM')
  const force = setTimeout(() => signal('SIGKILL'), 10_000)
  await exited
  clearTimeout(force)
}

/** `degraded`: the configuration names chains this offline machine cannot reach (still ready). */
async function checkServes(base: string, status: 'ok' | 'degraded' = 'ok'): Promise<void> {
  expect((await fetch(`${base}/healthz`)).status).toBe(200)
  const ready = await fetch(`${base}/readyz`)
  expect(ready.status).toBe(200)
  expect(await ready.json()).toMatchObject({ status, database: 'pglite' })
  const document = (await (await fetch(`${base}/openapi.json`)).json()) as Record<string, unknown>
  const result = await new Validator().validate(document)
  expect(result.errors ?? []).toEqual([])
  expect(result.valid).toBe(true)
  const admin = await fetch(`${base}/__admin/faults`)
  expect(admin.status).toBe(404)
  expect(await admin.json()).toEqual({ message: 'Not found' })
}

describe('the walletgate-server package', () => {
  it('ships its build and README, and no tests, devnet or admin routes', () => {
    expect(files).toContain('package/dist/server/src/bin.js')
    // The wire contract it shares with the modal, compiled with it.
    expect(files).toContain('package/dist/src/wire/chain-data.js')
    expect(files).toContain('package/README.md')
    expect(files.filter((file) => /(^|\/)(test|tests|__tests__|\.test-dist)\/|\.(test|spec)\.[cm]?[jt]s|devnet/i.test(file))).toEqual([])
    const installed = join(project, 'node_modules', 'walletgate-server', 'dist')
    const shipped = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter((file) => /\.[cm]?js$|\.d\.ts$/.test(file))
    expect(shipped.length).toBeGreaterThan(0)
    for (const file of shipped) {
      const text = readFileSync(join(installed, file), 'utf8')
      expect([file, text.includes('__admin')]).toEqual([file, false])
      expect([file, /from\s+['"][^'"]*devnet|import\(\s*['"][^'"]*devnet/.test(text)]).toEqual([file, false])
    }
  })

  it('exports the wire contract for a client of its own, as the modal reads it', () => {
    const script = `import { balancesSchema, errorSchema } from 'walletgate-server/wire'
console.log(JSON.stringify([balancesSchema.safeParse({ balances: [] }).success, balancesSchema.safeParse({ balances: 'x' }).success, errorSchema.safeParse({ message: 'm' }).success]))`
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: project, env, encoding: 'utf8' })
    expect(JSON.parse(out)).toEqual([true, false, true])
  })

  it.concurrent('runs from npx on the embedded engine, on a port of its choosing', async () => {
    const base = await start(['--embedded', '--data-dir', join(temp, 'data-plain'), '--port', '0'])
    await checkServes(base)
  }, 90_000)

  it.concurrent('runs with the configuration file its README shows', async () => {
    const readme = readFileSync(join(project, 'node_modules', 'walletgate-server', 'README.md'), 'utf8')
    const example = /## Configuration[\s\S]*?```json\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(example, 'a JSON example under ## Configuration').toBeDefined()
    writeFileSync(join(project, 'walletgate.config.json'), example!)
    const tokenList = /A token list \(`tokens\.json` above\):\n\n```json\n([\s\S]*?)```/.exec(readme)?.[1]
    expect(tokenList, 'the token list the example names').toBeDefined()
    writeFileSync(join(project, 'tokens.json'), tokenList!)
    const base = await start(['--config', 'walletgate.config.json', '--embedded', '--data-dir', join(temp, 'data-config'), '--port', '0'])
    await checkServes(base, 'degraded')
  }, 90_000)

  it.concurrent('serves the embedded wallet on an origin of its own: the frame for a project\'s pages, codes by real mail', async () => {
    const sink = await smtpSink()
    try {
      const data = join(temp, 'data-wallet')
      execFileSync('npx', ['--no-install', 'walletgate-server', 'project', 'add', 'shop', '--origin', 'https://shop.example', '--embedded', '--data-dir', data], { cwd: project, env, stdio: 'pipe' })
      const config = join(project, 'wallet.config.json')
      writeFileSync(config, JSON.stringify({ wallet: { url: 'https://wallet.example', mail: { host: '127.0.0.1', port: sink.port, tls: 'none', from: 'Shop wallet <wallet@shop.example>' } } }))
      const kek = execFileSync('npx', ['--no-install', 'walletgate-server', 'kek', 'new', '2026-12'], { cwd: project, env, encoding: 'utf8' }).trim()
      const wallet = await start(['--config', config, '--embedded', '--data-dir', data, '--port', '0', '--wallet-port', '0'], /walletgate-server wallet listening on (http:\/\/\S+)/, { WALLETGATE_KEK: kek })

      // The frame, only for the project's origin and framable only by it; its app from the package.
      const frame = await fetch(`${wallet}/frame?projectId=shop&origin=${encodeURIComponent('https://shop.example')}`)
      expect(frame.status).toBe(200)
      expect(frame.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example;')
      const stranger = await fetch(`${wallet}/frame?projectId=shop&origin=${encodeURIComponent('https://evil.example')}`)
      expect(stranger.status).toBe(403)
      expect(stranger.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")
      const app = await fetch(`${wallet}/frame/app.js`)
      expect(app.headers.get('content-type')).toMatch(/^text\/javascript/)
      expect((await app.text()).length).toBeGreaterThan(10_000)

      // A login: the code arrives over SMTP, and the session reads the new wallet.
      const post = (path: string, body: unknown, token?: string) =>
        fetch(`${wallet}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) })
      const email = 'visitor@shop.example'
      expect(await (await post('/v1/email/login', { email, deviceId: 'device-1' })).json()).toEqual({ action: 'VERIFY_OTP' })
      const mail = await sink.next()
      expect(mail.from).toContain('wallet@shop.example')
      const code = /Your login code is (\d{6})/.exec(mail.body)?.[1]
      expect(code).toMatch(/^\d{6}$/)
      const verified = (await (await post('/v1/email/verify', { email, otp: code, deviceId: 'device-1' })).json()) as { token: string; user: { accounts: { eip155: string; solana: string } } }
      expect(verified.user.accounts.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
      const user = (await (await fetch(`${wallet}/v1/user`, { headers: { authorization: `Bearer ${verified.token}` } })).json()) as { email: string; accounts: unknown }
      expect(user).toMatchObject({ email, accounts: verified.user.accounts })
    } finally {
      await sink.close()
    }
  }, 90_000)

  it('refuses to serve the wallet without a key-encryption key', () => {
    const config = join(project, 'wallet-nokek.config.json')
    writeFileSync(config, JSON.stringify({ wallet: { url: 'https://wallet.example', mail: { host: '127.0.0.1', from: 'w@shop.example' } } }))
    let failure: { status?: number; stderr?: string } = {}
    try {
      execFileSync('npx', ['--no-install', 'walletgate-server', '--config', config, '--embedded', '--data-dir', join(temp, 'data-nokek'), '--port', '0'], { cwd: project, env, stdio: 'pipe', encoding: 'utf8' })
    } catch (error) {
      failure = error as { status?: number; stderr?: string }
    }
    expect(failure.status).toBe(78)
    expect(failure.stderr).toContain('WALLETGATE_KEK')
  }, 60_000)
})
