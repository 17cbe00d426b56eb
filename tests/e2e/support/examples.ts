/**
 * The examples as a host developer makes them: the package packed with `npm pack` (its prepack
 * builds dist/), then each README quick start run as printed in a temporary folder beside the
 * tarball (the pinned template generators, the install line, the README's files), each app
 * built with its own build script, and everything served on 127.0.0.1.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { readFile, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { extname, join, normalize, resolve } from 'node:path'
import { promisify } from 'node:util'
import { build } from 'vite'
import { freePort } from './free-port'
import { differences, makeApp, quickStartEnv, readQuickStartsOf, type MadeApp } from './quick-starts'

const run = promisify(execFile)
const REPO = resolve(import.meta.dirname, '../../..')

export interface ExamplesSite {
  /** http://127.0.0.1:<port>: the Vite + React app at /, the plain page under /plain-html/. */
  readonly url: string
  /** The Next.js app under `next start`, its own origin. */
  readonly nextUrl: string
  /** The Devnet Wallet as one script for `addInitScript`, talking to the e2e devnet's chains. */
  readonly walletScript: string
  /** Each quick start's app folder, by example (`examples/vite-react`), as made and built. */
  readonly apps: Readonly<Record<string, MadeApp>>
  /** How each made app differs from its folder in examples/ (none, when the README and examples/ agree). */
  readonly differences: Readonly<Record<string, string[]>>
  /**
   * Runs examples/host-test (a host's own Playwright test, written only against walletgate/testing)
   * against the Vite + React app; resolves with its report, rejects with it when it fails.
   */
  runHostTest(): Promise<string>
  stop(): Promise<void>
}

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  })
  return stdout
}

/** Runs an app's own `npm run build` (tsc + vite build; next build). */
async function buildApp(app: MadeApp, configHome: string): Promise<void> {
  try {
    await run('npm', ['run', 'build'], { cwd: app.dir, env: quickStartEnv(configHome), maxBuffer: 64 * 1024 * 1024 })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`${app.example}: npm run build failed:\n${stdout}\n${stderr}`)
  }
}

export async function prepareExamples(): Promise<ExamplesSite> {
  const root = mkdtempSync(join(tmpdir(), 'walletgate-examples-'))
  try {
    // `npm test` sets WALLETGATE_DIST_BUILT when its build step has just built dist/ from this tree;
    // otherwise the pack's own prepack builds it.
    const packArgs = ['pack', '--pack-destination', root, ...(process.env.WALLETGATE_DIST_BUILT === '1' ? ['--ignore-scripts'] : [])]
    await npm(packArgs, REPO)
    if (!readdirSync(root).includes('walletgate-0.1.0.tgz')) throw new Error('npm pack wrote no walletgate-0.1.0.tgz, the file the README installs')

    // The quick starts side by side: each is mostly the registry's time (or the cache's).
    const quickStarts = readQuickStartsOf(REPO)
    const configHome = mkdtempSync(join(root, 'config-'))
    // Every one settles before a failure is reported: the folder is removed only once nothing writes to it.
    const settled = await Promise.allSettled(
      quickStarts.map(async (quickStart) => {
        const app = await makeApp(quickStart, root, REPO)
        // Compared before the build writes anything.
        const differs = differences(app.dir, join(REPO, quickStart.example))
        if (!quickStart.example.endsWith('plain-html')) await buildApp(app, configHome)
        return { app, differs }
      }),
    )
    const failed = settled.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []))
    if (failed.length > 0) throw new AggregateError(failed, failed.map(String).join('\n\n'))
    const made = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    const apps = Object.fromEntries(made.map(({ app }) => [app.example, app]))
    const vite = apps['examples/vite-react']
    const plain = apps['examples/plain-html']
    const nextjs = apps['examples/nextjs']
    if (vite === undefined || plain === undefined || nextjs === undefined) throw new Error(`the README prints the quick starts ${Object.keys(apps).join(', ')}`)

    // The host test's own tools, which a host installs as devDependencies: linked from this
    // repository instead of downloaded on every run (walletgate itself is the tarball's). It
    // lives in the Vite app, as a host keeps its tests in its app.
    cpSync(join(REPO, 'examples/host-test'), join(vite.dir, 'host-test'), { recursive: true })
    for (const name of HOST_TEST_TOOLS) {
      mkdirSync(join(vite.dir, 'node_modules', name, '..'), { recursive: true })
      symlinkSync(join(REPO, 'node_modules', name), join(vite.dir, 'node_modules', name), 'dir')
    }

    // walletgate-server as the repository's workspace links it: its build is what a host installs.
    await npm(['run', 'build', '-w', 'walletgate-server'], REPO)
    const walletScript = await buildWalletScript(root)
    const server = await serveStatic({ '/plain-html/': plain.dir, '/': join(vite.dir, 'dist') })
    const next = await nextStart(nextjs.dir, join(nextjs.dir, 'node_modules/next/dist/bin/next')).catch(async (error: unknown) => {
      await new Promise<void>((done) => server.server.close(() => done()))
      throw error
    })
    return {
      url: server.url,
      nextUrl: next.url,
      walletScript,
      apps,
      differences: Object.fromEntries(made.map(({ app, differs }) => [app.example, differs])),
      runHostTest: () => runHostTest(join(vite.dir, 'host-test'), server.url),
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
    { cwd, env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DEVNET_PARENT_PID: String(process.pid) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
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
