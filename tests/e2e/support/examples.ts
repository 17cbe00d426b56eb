/**
 * The examples as a host developer gets them: the package packed with `npm pack` (its prepack
 * builds dist/), the examples folder copied to a temporary folder, its dependencies installed from
 * the committed lockfile, the tarball installed beside them (not linked to the source), each
 * example built, and everything served from a static server on 127.0.0.1.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'vite'
import { freePort } from './free-port'

const run = promisify(execFile)
const REPO = resolve(import.meta.dirname, '../../..')

export interface ExamplesSite {
  /** http://127.0.0.1:<port>; examples under /plain-html/ and /vite-react/. */
  readonly url: string
  /** The Next.js example under `next start`, its own origin. */
  readonly nextUrl: string
  /** The Devnet Wallet as one script for `addInitScript`, talking to the e2e devnet's chains. */
  readonly walletScript: string
  /** The folder the examples were installed in (its node_modules, and vite-react/dist as built). */
  readonly dir: string
  /**
   * Runs examples/host-test (a host's own Playwright test, written only against walletgate/testing)
   * against the Vite + React example; resolves with its report, rejects with it when it fails.
   */
  runHostTest(): Promise<string>
  stop(): Promise<void>
}

/** Next.js without telemetry (and so without a request to its servers). */
const NEXT_ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' }

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  })
  return stdout
}

export async function prepareExamples(): Promise<ExamplesSite> {
  const root = mkdtempSync(join(tmpdir(), 'walletgate-examples-'))
  try {
    // `npm test` sets WALLETGATE_DIST_BUILT when its build step has just built dist/ from this tree;
    // otherwise the pack's own prepack builds it.
    const packArgs = ['pack', '--pack-destination', root, ...(process.env.WALLETGATE_DIST_BUILT === '1' ? ['--ignore-scripts'] : [])]
    await npm(packArgs, REPO)
    const tarball = readdirSync(root).find((name) => name.endsWith('.tgz'))
    if (tarball === undefined) throw new Error('npm pack wrote no tarball')
    const site = join(root, 'examples')
    cpSync(join(REPO, 'examples'), site, { recursive: true, filter: (path) => !path.includes(`${sep}node_modules`) })
    // One install: the lockfile's packages and the tarball beside them. Not `npm ci`: the registry
    // this runs against lacks some of Next.js's optional packages for other platforms, which the
    // lockfile therefore cannot list, and `npm ci` refuses a lockfile without them.
    await npm(['install', '--no-save', '--ignore-scripts', join(root, tarball)], site)

    // The plain page imports the standalone build from ./standalone/, as the README says.
    cpSync(join(site, 'node_modules/walletgate/dist/standalone'), join(site, 'plain-html/standalone'), { recursive: true })
    await build({ root: join(site, 'vite-react'), base: '/vite-react/', logLevel: 'warn', configFile: join(site, 'vite-react/vite.config.ts') })

    await run(join(site, 'node_modules/.bin/next'), ['build'], { cwd: join(site, 'nextjs'), env: NEXT_ENV, maxBuffer: 64 * 1024 * 1024 })

    // The host test's own tools, which a host installs as devDependencies: linked from this
    // repository instead of downloaded on every run (walletgate itself is the tarball's).
    for (const name of HOST_TEST_TOOLS) {
      mkdirSync(join(site, 'node_modules', name, '..'), { recursive: true })
      symlinkSync(join(REPO, 'node_modules', name), join(site, 'node_modules', name), 'dir')
    }

    // walletgate-server as the repository's workspace links it: its build is what a host installs.
    await npm(['run', 'build', '-w', 'walletgate-server'], REPO)
    const walletScript = await buildWalletScript(root)
    // The Vite + React example also at the root: the host test opens its app at '/'.
    const server = await serveStatic({ '/plain-html/': join(site, 'plain-html'), '/vite-react/': join(site, 'vite-react/dist'), '/': join(site, 'vite-react/dist') })
    const next = await nextStart(join(site, 'nextjs'), join(site, 'node_modules/next/dist/bin/next')).catch(async (error: unknown) => {
      await new Promise<void>((done) => server.server.close(() => done()))
      throw error
    })
    return {
      url: server.url,
      nextUrl: next.url,
      walletScript,
      dir: site,
      runHostTest: () => runHostTest(join(site, 'host-test'), server.url),
      async stop() {
        await Promise.all([new Promise<void>((done) => server.server.close(() => done())), next.stop()])
        rmSync(root, { recursive: true, force: true })
      },
    }
  } catch (error) {
    rmSync(root, { recursive: true, force: true })
    throw error
  }
}

/** What examples/host-test needs beside walletgate: its test runner, the devnet's EVM chains and its service. */
const HOST_TEST_TOOLS = ['@playwright/test', '@foundry-rs/anvil', 'walletgate-server']

/** This run's own settings for its workers, which a Playwright run started inside it must not inherit. */
const INHERITED = /^(PW_|PLAYWRIGHT_|TEST_WORKER_INDEX|TEST_PARALLEL_INDEX|NODE_OPTIONS$)/

async function runHostTest(dir: string, hostUrl: string): Promise<string> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !INHERITED.test(key)))
  try {
    const { stdout } = await run(process.execPath, [join(dir, '../node_modules/@playwright/test/cli.js'), 'test', '--config', join(dir, 'playwright.config.ts'), '--output', join(REPO, 'test-results/host-test')], {
      cwd: dir,
      env: { ...env, HOST_URL: hostUrl, CHROMIUM_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', FORCE_COLOR: '0' },
      maxBuffer: 16 * 1024 * 1024,
      timeout: 240_000,
      killSignal: 'SIGKILL',
    })
    return stdout
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`the host test failed:\n${stdout}\n${stderr}`)
  }
}

/**
 * `next start` on a free port of 127.0.0.1, in its own process group; the devnet's parent watch is
 * preloaded, so it exits with this process even if the test runner is killed.
 */
async function nextStart(cwd: string, nextBin: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort()
  const child: ChildProcess = spawn(
    process.execPath,
    ['--require', join(REPO, 'devnet/src/chains/watch-parent.cjs'), nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)],
    { cwd, env: { ...NEXT_ENV, DEVNET_PARENT_PID: String(process.pid) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  )
  let output = ''
  const ready = new Promise<void>((resolveReady, rejectReady) => {
    const timer = setTimeout(() => rejectReady(new Error(`next start did not get ready in 60 s:\n${output}`)), 60_000)
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (/Ready in/.test(output)) {
        clearTimeout(timer)
        resolveReady()
      }
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) => {
      clearTimeout(timer)
      rejectReady(new Error(`next start exited (${code}):\n${output}`))
    })
  })
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // already gone
      }
    }
    await exited
  }
  try {
    await ready
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `http://127.0.0.1:${port}`, stop }
}

/** The demo's Devnet Wallet bundled into one classic script (its RPC URLs from the e2e env). */
async function buildWalletScript(root: string): Promise<string> {
  const outDir = join(root, 'wallet')
  await build({
    configFile: false,
    logLevel: 'warn',
    root: REPO,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      lib: { entry: join(REPO, 'tests/e2e/support/devnet-wallet-entry.ts'), formats: ['iife'], name: 'DevnetWalletScript', fileName: () => 'wallet.js' },
    },
  })
  return readFile(join(outDir, 'wallet.js'), 'utf8')
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

async function serveStatic(mounts: Record<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)
      const mount = Object.keys(mounts).find((prefix) => path.startsWith(prefix))
      if (mount === undefined) return void response.writeHead(404).end()
      const base = mounts[mount]!
      let file = normalize(join(base, path.slice(mount.length)))
      if (!file.startsWith(base)) return void response.writeHead(403).end()
      if ((await stat(file).catch(() => undefined))?.isDirectory() === true) file = join(file, 'index.html')
      const body = await readFile(file).catch(() => undefined)
      if (body === undefined) return void response.writeHead(404).end()
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body)
    })()
  })
  const port = await freePort()
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()))
  return { url: `http://127.0.0.1:${port}`, server }
}
