#!/usr/bin/env node
// The one test command: every check and every test suite, then one summary line
// `tests: N passed, N failed` summed over every runner. Exits non-zero on any failure.
// Usage: npm test [-- --only <step>[,<step>]]   steps: typecheck lint depcruise vitest build size package e2e
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'

const argv = process.argv.slice(2)
const onlyIndex = argv.indexOf('--only')
const only = onlyIndex >= 0 ? new Set(argv[onlyIndex + 1]?.split(',')) : undefined
const wanted = (step) => only === undefined || only.has(step)

mkdirSync('test-results', { recursive: true })
const results = [] // { name, passed, failed, ok }

function run(name, command, args, options = {}) {
  console.log(`\n=== ${name}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const child = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...options.env } })
  const ok = child.status === 0
  console.log(`=== ${name}: ${ok ? 'ok' : `FAILED (exit ${child.status ?? child.signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return ok
}

/** A check counts as one test: passed when its command exits 0. */
function check(name, command, args, options) {
  if (!wanted(name)) return
  const ok = run(name, command, args, options)
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, ok })
}

/** A runner counts its own tests, read from its JSON report. */
function suite(name, command, args, report, count, options) {
  if (!wanted(name)) return
  rmSync(report, { force: true })
  const ok = run(name, command, args, options)
  let passed = 0
  let failed = 0
  if (existsSync(report)) {
    ;({ passed, failed } = count(JSON.parse(readFileSync(report, 'utf8'))))
  }
  if (!ok && failed === 0) failed = 1 // the runner failed outside any test (setup, collection)
  results.push({ name, passed, failed, ok: ok && failed === 0 })
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

const bin = (name) => `node_modules/.bin/${name}`

check('typecheck', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])
check('lint', bin('eslint'), ['--max-warnings', '0', '.'])
check('depcruise', bin('depcruise'), ['--config', '.dependency-cruiser.cjs', 'src'])
// The contract project drives Chromium too (KeyValueStorage against the browser's own storage).
const chromiumReady = (wanted('vitest') || wanted('e2e')) && ensureChromium()
suite(
  'vitest',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'],
  'test-results/vitest.json',
  (report) => ({ passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0) }),
)
check('build', 'npm', ['run', '--silent', 'build'])
// The examples' e2e packs the package; with dist/ just built it need not build it again.
if (results.find((r) => r.name === 'build')?.ok === true) process.env.WALLETGATE_DIST_BUILT = '1'
if (existsSync('scripts/size-budget.mjs')) check('size', 'node', ['scripts/size-budget.mjs'])
check('package', 'node', ['scripts/check-package.mjs'])
if (wanted('e2e')) {
  if (chromiumReady) {
    suite('e2e', bin('playwright'), ['test'], 'test-results/e2e-results.json', (report) => ({
      passed: report.stats?.expected ?? 0,
      failed: (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0) + (report.stats?.skipped ?? 0),
    }))
  } else {
    results.push({ name: 'e2e', passed: 0, failed: 1, ok: false })
    console.log('=== e2e: FAILED: Chromium could not be installed')
  }
}

const passed = results.reduce((sum, r) => sum + r.passed, 0)
const failed = results.reduce((sum, r) => sum + r.failed, 0)
console.log('\nsummary:')
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name}: ${r.passed} passed, ${r.failed} failed`)
console.log(`tests: ${passed} passed, ${failed} failed`)
process.exit(failed === 0 && results.every((r) => r.ok) ? 0 : 1)
