#!/usr/bin/env node
// The one test command: every check and every test suite, then one summary line
// `tests: N passed, N failed` summed over every runner. Exits non-zero on any failure.
// Usage: npm test [-- --only <step>[,<step>]]   steps: typecheck lint depcruise knip vitest build size package e2e security scale
// One devnet per run: the e2e world (a devnet, the demo's build, its preview) starts first, in a
// child of its own; the vitest contract project runs on its devnet in the background while the
// checks, the other vitest projects, the build and the package run in the foreground, and the
// Playwright runs follow once both are done (the contract project changes nothing they read: see
// tests/contract/global-setup.ts). The security step is the adversarial suite (tests/security):
// its browserless attacks run in the contract project and its browser attacks in a Playwright
// project; each runner's report is split by path or project, so the suite is counted and judged
// as a step of its own.
import { spawn, spawnSync } from 'node:child_process'
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const argv = process.argv.slice(2)
const onlyIndex = argv.indexOf('--only')
const only = onlyIndex >= 0 ? new Set(argv[onlyIndex + 1]?.split(',')) : undefined
const wanted = (step) => only === undefined || only.has(step)

mkdirSync('test-results', { recursive: true })
const results = [] // { name, passed, failed, ok }
/** Each failed test with the head of its error, printed again above the summary (a CI log is read from its end). */
const failures = [] // { step, title, error }
const errorHead = (text) => String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '').split('\n').filter((line) => line.trim() !== '').slice(0, 8).join('\n      ')

/**
 * Runs a command to its end. Its output goes to ours, or, for a run beside others (`log`), to a
 * file printed in one piece once it ends, so that two runs' lines never interleave.
 */
async function run(name, command, args, options = {}) {
  const started = Date.now()
  const head = `\n=== ${name}: ${[command, ...args].join(' ')}`
  const out = options.log === undefined ? undefined : createWriteStream(options.log)
  if (out === undefined) console.log(head)
  else console.log(`${head}\n=== ${name}: started beside the steps below; its output follows when it ends`)
  const child = spawn(command, args, { stdio: out === undefined ? 'inherit' : ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...options.env } })
  if (out !== undefined) {
    child.stdout.pipe(out, { end: false })
    child.stderr.pipe(out, { end: false })
  }
  const status = await new Promise((resolve) => {
    child.once('error', () => resolve('spawn error'))
    child.once('close', (code, signal) => resolve(code ?? signal))
  })
  if (out !== undefined) {
    await new Promise((resolve) => out.end(resolve))
    console.log(`${head}\n${readFileSync(options.log, 'utf8')}`)
  }
  const ok = status === 0
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${status})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return ok
}

/** A check counts as one test: passed when its command exits 0. */
async function check(name, command, args, options) {
  if (!wanted(name)) return
  const ok = await run(name, command, args, options)
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok })
}

/**
 * A runner counts its own tests, read from its JSON report. `count` returns one tally per step
 * ({ [step]: { passed, failed } }): one run may feed several steps (the security suite's parts).
 * A failure outside any test is charged to `options.step` (default: the run's name).
 */
async function suite(name, command, args, report, count, options = {}) {
  rmSync(report, { force: true })
  const ok = await run(name, command, args, options)
  const own = options.step ?? name
  const tallies = existsSync(report) ? count(JSON.parse(readFileSync(report, 'utf8'))) : {}
  const steps = Object.keys(tallies)
  if (steps.length === 0) tallies[own] = { passed: 0, failed: 0 }
  const total = Object.values(tallies).reduce((sum, t) => sum + t.failed, 0)
  // The runner failed outside any test (setup, collection): the run's own step takes the failure.
  if (!ok && total === 0) tallies[own] = { passed: tallies[own]?.passed ?? 0, failed: 1 }
  for (const [step, { passed, failed }] of Object.entries(tallies)) {
    const existing = results.find((r) => r.name === step)
    if (existing === undefined) results.push({ name: step, passed, failed, ok: failed === 0 })
    else Object.assign(existing, { passed: existing.passed + passed, failed: existing.failed + failed, ok: existing.ok && failed === 0 })
  }
}

const isSecurityFile = (file) => /[\\/]tests[\\/]security[\\/]/.test(file)

/** vitest's JSON report, split: files under tests/security count for the security step, the rest for `own`. */
function countVitest(report, own = 'vitest') {
  const tallies = {}
  for (const file of report.testResults ?? []) {
    const step = isSecurityFile(file.name ?? '') ? 'security' : own
    tallies[step] ??= { passed: 0, failed: 0 }
    // A file that failed to load has no assertions: it counts as one failure.
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') tallies[step].failed += 1
    if ((file.assertionResults ?? []).length === 0 && file.status === 'failed') failures.push({ step, title: file.name, error: errorHead(file.message) })
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'passed') tallies[step].passed += 1
      else {
        tallies[step].failed += 1 // failed, skipped, pending and todo are all defects here
        failures.push({ step, title: `${file.name} > ${test.fullName}`, error: errorHead(test.failureMessages?.[0] ?? test.status) })
      }
    }
  }
  return tallies
}

/** Playwright's JSON report, split by project: 'e2e' and 'security'. */
function countPlaywright(report) {
  const tallies = {}
  const walk = (suites) => {
    for (const s of suites ?? []) {
      for (const spec of s.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const step = test.projectName === 'security' ? 'security' : 'e2e'
          tallies[step] ??= { passed: 0, failed: 0 }
          if (test.status === 'expected') tallies[step].passed += 1
          else {
            tallies[step].failed += 1 // unexpected, flaky, skipped
            const last = test.results?.at(-1)
            const error = last?.error?.message ?? last?.errors?.[0]?.message ?? `${test.status} (${last?.status ?? 'not run'})`
            failures.push({ step, title: `[${test.projectName}] ${spec.file}:${spec.line} > ${spec.title}`, error: errorHead(error) })
          }
        }
      }
      walk(s.suites)
    }
  }
  walk(report.suites)
  return tallies
}

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
  if (existsSync(path)) return true
  console.log(`\n=== chromium: ${path} missing, installing Debian's chromium with apt-get`)
  const aptGet = (...args) => {
    const [command, prefix] = process.getuid?.() === 0 ? ['apt-get', []] : ['sudo', ['apt-get']]
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    return spawnSync(command, [...prefix, ...args], { stdio: 'inherit', env }).status === 0
  }
  return aptGet('update', '-qq') && aptGet('install', '-y', '-qq', 'chromium') && existsSync(path)
}

/**
 * Debian's PostgreSQL server, installed when missing: walletgate-server's tests run on a throwaway
 * cluster of it (server/test/postgres-cluster.ts), and so does the e2e world's server.
 */
function ensurePostgres() {
  const root = '/usr/lib/postgresql'
  const installed = () => existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin', 'initdb')))
  if (installed()) return true
  console.log(`\n=== postgresql: ${root}/*/bin/initdb missing, installing Debian's postgresql with apt-get`)
  const [command, prefix] = process.getuid?.() === 0 ? ['apt-get', []] : ['sudo', ['apt-get']]
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const aptGet = (...args) => spawnSync(command, [...prefix, ...args], { stdio: 'inherit', env }).status === 0
  return aptGet('update', '-qq') && aptGet('install', '-y', '-qq', 'postgresql') && installed()
}

/** Debian's nginx, installed when missing: the scale suite's load balancer (tests/scale). */
function ensureNginx() {
  const found = () => spawnSync('sh', ['-c', 'command -v nginx || test -x /usr/sbin/nginx'], { stdio: 'ignore' }).status === 0
  if (found()) return true
  console.log("\n=== nginx: missing, installing Debian's nginx with apt-get")
  const [command, prefix] = process.getuid?.() === 0 ? ['apt-get', []] : ['sudo', ['apt-get']]
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
  const aptGet = (...args) => spawnSync(command, [...prefix, ...args], { stdio: 'inherit', env }).status === 0
  return aptGet('update', '-qq') && aptGet('install', '-y', '-qq', 'nginx') && found()
}

const bin = (name) => `node_modules/.bin/${name}`

/**
 * The e2e world (one devnet, one demo build under the strict CSP) in a child of its own, for the
 * contract project and both Playwright runs. Resolves the environment that hands it to them (the
 * world's JSON, what the demo was built with, the devnet's info) and a stop that ends it; the
 * child also ends when this process does, however it ends (its standard input closes).
 */
async function startE2eWorld() {
  const dir = mkdtempSync(join(tmpdir(), 'walletgate-world-'))
  const readyFile = join(dir, 'world.json')
  const child = spawn(bin('tsx'), ['tests/e2e/support/world-process.ts', readyFile], { stdio: ['pipe', 'inherit', 'inherit'] })
  let exited = false
  const gone = new Promise((resolve) => child.once('exit', (code, signal) => ((exited = true), resolve(code ?? signal))))
  const stop = async () => {
    if (!exited) child.stdin.end()
    const ended = await Promise.race([gone.then(() => true), sleep(60_000).then(() => false)])
    if (!ended) child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  const started = Date.now()
  while (!existsSync(readyFile)) {
    if (exited || Date.now() - started > 600_000) {
      await stop()
      return undefined
    }
    await sleep(200)
  }
  console.log(`=== e2e world: ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const { world, demoEnv, devnet } = JSON.parse(readFileSync(readyFile, 'utf8'))
  return { env: { ...demoEnv, WALLETGATE_E2E: JSON.stringify(world), WALLETGATE_E2E_SHARED: '1' }, devnet: JSON.stringify(devnet), stop }
}

// The contract project and the Playwright projects drive Chromium.
const browserProjects = ['e2e', 'security'].filter(wanted)
const chromiumReady = (wanted('vitest') || browserProjects.length > 0) && ensureChromium()
// The world starts while the checks run. Without a browser project (`--only vitest`) there is no
// world to share: the contract project starts its own devnet (tests/contract/global-setup.ts).
// Before the world: its server keeps its data (and the embedded wallets') on a PostgreSQL cluster.
const postgresReady = (wanted('vitest') || browserProjects.length > 0) && ensurePostgres()
if (!postgresReady && (wanted('vitest') || browserProjects.length > 0)) console.log('=== postgresql: not installed; the e2e world runs on PGlite and the server tests on PostgreSQL fail')
const worldStarting = browserProjects.length > 0 && chromiumReady ? startE2eWorld() : Promise.resolve(undefined)

// The contract project beside the foreground steps: it waits on its devnet, Chromium and child
// processes far more than it computes, and one file at a time. The vitest step counts both runs.
const vitestArgs = (report) => ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]
const contractProject = wanted('vitest') ? { step: 'vitest', filter: [] } : wanted('security') ? { step: 'security', filter: ['tests/security'] } : undefined
const contractRun = contractProject === undefined ? Promise.resolve() : worldStarting.then((world) => {
  const report = 'test-results/vitest-contract.json'
  const env = world === undefined ? {} : { WALLETGATE_DEVNET: world.devnet }
  return suite(`${contractProject.step} (contract)`, bin('vitest'), [...vitestArgs(report), '--project', 'contract', ...contractProject.filter], report, countVitest, {
    env,
    step: contractProject.step,
    log: 'test-results/vitest-contract.log',
  })
})

await check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])
// walletgate-server (server/) compiles as Node runs it (NodeNext): its own project.
await check('typecheck', bin('tsc'), ['-p', 'server/tsconfig.json', '--noEmit'])
await check('lint', bin('eslint'), ['--max-warnings', '0', '.'])
await check('depcruise', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'src'])
// No file the package ships is unreachable from its entry points (knip.json; its allow-list says why).
await check('knip', bin('knip'), ['--production', '--include', 'files,dependencies,unlisted,unresolved', '--no-progress'])
if (wanted('vitest')) {
  // The server project's tests run on a throwaway PostgreSQL cluster as well as on PGlite (installed above).
  const report = 'test-results/vitest.json'
  await suite('vitest', bin('vitest'), [...vitestArgs(report), '--project', 'unit', '--project', 'property', '--project', 'size', '--project', 'server'], report, countVitest)
}
await check('build', 'npm', ['run', '--silent', 'build'])
// The examples' e2e packs the package; with dist/ just built it need not build it again.
if (results.find((r) => r.name === 'build')?.ok === true) process.env.WALLETGATE_DIST_BUILT = '1'
if (existsSync('scripts/size-budget.mjs')) await check('size', 'node', ['scripts/size-budget.mjs'])
await check('package', 'node', ['scripts/check-package.mjs'])
await contractRun

// Two Playwright runs on the world, after the contract project: the two lanes side by side, then
// the faults and the browser attacks one file at a time (playwright.config.ts says which file goes
// where, and why).
if (browserProjects.length > 0) {
  const name = browserProjects.join('+')
  const world = await worldStarting
  if (world !== undefined) {
    const env = world.env
    const runs = [
      { label: 'lanes', projects: wanted('e2e') ? ['e2e', 'e2e-views'] : [], args: [] },
      { label: 'alone', projects: [...(wanted('e2e') ? ['e2e-faults'] : []), ...(wanted('security') ? ['security'] : [])], args: ['--no-deps', '--workers', '1'] },
    ]
    try {
      for (const run of runs.filter((r) => r.projects.length > 0)) {
        const report = `test-results/e2e-results-${run.label}.json`
        const projectArgs = run.projects.flatMap((p) => ['--project', p])
        await suite(`${name} (${run.label})`, bin('playwright'), ['test', ...projectArgs, ...run.args], report, countPlaywright, {
          env: { ...env, WALLETGATE_E2E_REPORT: report, WALLETGATE_E2E_OUTPUT: `test-results/e2e-${run.label}` },
        })
      }
    } finally {
      await world.stop()
    }
    // A project that ran no test at all has failed (its files did not load).
    for (const p of browserProjects) if (!results.some((r) => r.name === p)) results.push({ name: p, passed: 0, failed: 1, ok: false })
  } else if (chromiumReady) {
    for (const p of browserProjects) results.push({ name: p, passed: 0, failed: 1, ok: false })
    console.log(`=== ${name}: FAILED: the e2e world did not start`)
  } else {
    for (const p of browserProjects) results.push({ name: p, passed: 0, failed: 1, ok: false })
    console.log(`=== ${name}: FAILED: Chromium could not be installed`)
  }
}

// The fault and load suite last, alone on the machine: three server replicas behind nginx on one
// PostgreSQL and one chain, under load while a replica, the database, the indexer's holder and the
// chain's RPC fail in turn (tests/scale). Its own cluster, chain and ports: it shares nothing.
if (wanted('scale')) {
  if (ensurePostgres() && ensureNginx()) {
    const report = 'test-results/vitest-scale.json'
    await suite('scale', bin('vitest'), [...vitestArgs(report), '--config', 'tests/scale/vitest.config.ts'], report, (r) => countVitest(r, 'scale'))
  } else {
    results.push({ name: 'scale', passed: 0, failed: 1, ok: false })
    console.log('=== scale: FAILED: PostgreSQL or nginx could not be installed')
  }
}

const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
if (failures.length > 0) {
  console.log('\nfailed tests:')
  for (const f of failures.slice(0, 20)) console.log(`  ${f.step}: ${f.title}\n      ${f.error}`)
  if (failures.length > 20) console.log(`  ... and ${failures.length - 20} more`)
}
console.log('\nsummary:')
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name}: ${r.passed} passed, ${r.failed} failed`)
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1)
