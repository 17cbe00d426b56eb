#!/usr/bin/env node
// `npm run bench`: builds the five host pages, measures each in Chromium over interleaved runs,
// prints one table of medians with Walletgate's ratios against every other page, and writes
// bench/results/latest.json (+ latest.md, the same table in Markdown with its date, which the
// README quotes and a test keeps equal); with
// --pages, bench/results/partial.json and partial.md instead.
//
// Options: --runs N (default 7, at least 1; the issue asks for >= 7), --pages a,b,c,
//          --no-build (reuse bench/dist), --no-devnet, --install-only.
// Env: BENCH_CHROMIUM (default /usr/bin/chromium), BENCH_DEBUG=1 (step timings per visit).
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const BENCH_DIR = import.meta.dirname ?? new URL('.', import.meta.url).pathname
const RESULTS_DIR = join(BENCH_DIR, 'results')

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '7' },
    pages: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
    'no-devnet': { type: 'boolean', default: false },
    'install-only': { type: 'boolean', default: false },
  },
})

/** Installs bench/ from its lockfile when node_modules is missing or older than the lockfile. */
function ensureInstalled() {
  const lock = join(BENCH_DIR, 'package-lock.json')
  const stamp = join(BENCH_DIR, 'node_modules', '.bench-lock-sha256')
  const want = createHash('sha256').update(readFileSync(lock)).digest('hex')
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return
  console.log('bench: installing the peer packages from bench/package-lock.json (first run) ...')
  // ConnectKit declares React 17/18 only: legacy peer resolution, as its users do with React 19.
  const result = spawnSync(
    'npm',
    ['ci', '--prefix', BENCH_DIR, '--legacy-peer-deps', '--no-audit', '--no-fund', '--loglevel=error'],
    { stdio: 'inherit' },
  )
  if (result.status !== 0) throw new Error(`npm ci in bench/ failed (exit ${result.status})`)
  writeFileSync(stamp, want)
}

function round(x) {
  return typeof x === 'number' ? Math.round(x * 100) / 100 : null
}

function versions() {
  const read = (path) => {
    try {
      return JSON.parse(readFileSync(path, 'utf8')).version
    } catch {
      return undefined
    }
  }
  const nm = join(BENCH_DIR, 'node_modules')
  return {
    appkit: { '@reown/appkit': read(join(nm, '@reown/appkit/package.json')), wagmi: read(join(nm, 'wagmi-v3/package.json')) },
    rainbowkit: { '@rainbow-me/rainbowkit': read(join(nm, '@rainbow-me/rainbowkit/package.json')), wagmi: read(join(nm, 'wagmi/package.json')) },
    connectkit: { connectkit: read(join(nm, 'connectkit/package.json')), wagmi: read(join(nm, 'wagmi/package.json')) },
    walletgate: { walletgate: read(join(BENCH_DIR, '../package.json')) + ' (repository source)' },
    floor: { react: read(join(nm, 'react/package.json')) },
  }
}

async function main() {
  const runs = Number(args.runs)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, got ${args.runs}`)
  ensureInstalled()
  if (args['install-only']) return

  // Imported after the install: these resolve vite and playwright-core from the repository.
  const { buildPage, PAGES } = await import('./lib/build.mjs')
  const { PAGE_SPECS } = await import('./lib/pages.mjs')
  const { measureOnce, CHROMIUM } = await import('./lib/measure.mjs')
  const { serveStatic } = await import('./lib/server.mjs')
  const { startDevnet, freePort } = await import('./lib/devnet.mjs')
  const { summarise, formatTable, checkTargets, METRICS } = await import('./lib/stats.mjs')
  const { chromium } = await import('playwright-core')

  const pages = args.pages ? args.pages.split(',').map((p) => p.trim()) : PAGES
  for (const p of pages) if (!PAGE_SPECS[p]) throw new Error(`Unknown page ${p} (known: ${PAGES.join(', ')})`)
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (set BENCH_CHROMIUM)`)
  const t0 = Date.now()

  const unavailable = {}
  if (!args['no-build']) {
    for (const page of pages) {
      const t = Date.now()
      try {
        await buildPage(page)
        console.log(`bench: built ${page} in ${((Date.now() - t) / 1000).toFixed(1)} s`)
      } catch (error) {
        unavailable[page] = `build failed: ${String(error?.message ?? error).split('\n')[0]}`
        console.log(`bench: ${page} ${unavailable[page]}`)
      }
    }
  }

  let devnet = null
  let qrSkipReason = null
  if (pages.includes('walletgate')) {
    if (args['no-devnet']) qrSkipReason = '--no-devnet'
    else {
      const t = Date.now()
      const started = await startDevnet()
      if ('error' in started) qrSkipReason = `devnet unavailable: ${started.error}`
      else {
        devnet = started
        console.log(`bench: devnet up in ${((Date.now() - t) / 1000).toFixed(1)} s (${devnet.serviceUrl})`)
      }
    }
  }

  const server = await serveStatic(join(BENCH_DIR, 'dist'))
  const results = Object.fromEntries(pages.map((p) => [p, []]))
  try {
    let walletgateQuery = ''
    if (devnet) {
      const q = new URLSearchParams({ api: devnet.serviceUrl, rpc: devnet.rpcUrl })
      if (devnet.relayUrl) q.set('relay', devnet.relayUrl)
      walletgateQuery = `?${q}`
    } else {
      // No devnet: point the services at a closed loopback port, never at a running `npm start`.
      const closed = `http://127.0.0.1:${await freePort()}`
      walletgateQuery = `?${new URLSearchParams({ api: closed, rpc: closed, relay: closed.replace('http', 'ws') })}`
    }
    const measured = pages.filter((p) => !unavailable[p])
    const urlOf = (page) => `${server.origin}/${page}/${page === 'walletgate' ? walletgateQuery : ''}`
    // One unrecorded visit first, so the first recorded one does not pay for a cold disk cache.
    await measureOnce({ chromium, url: urlOf('floor'), spec: PAGE_SPECS.floor, serverLog: server.log })
    for (let run = 0; run < runs; run++) {
      // Interleaved, and rotated so no page always goes first.
      const order = measured.map((_, i) => measured[(i + run) % measured.length])
      for (const page of order) {
        // A page whose first two visits failed (it hangs or never shows its button) is not retried.
        if (results[page].length >= 2 && results[page].every((r) => !r.ok)) {
          if (results[page].length === 2) {
            results[page].push({ ok: false, error: 'skipped the remaining runs after two failed visits', notes: [] })
            console.log(`bench: ${page}: two failed visits, skipping its remaining runs`)
          }
          continue
        }
        const spec = PAGE_SPECS[page]
        const result = await measureOnce({ chromium, url: urlOf(page), spec, serverLog: server.log, measureQr: page === 'walletgate' && !qrSkipReason })
        results[page].push(result)
        const brief = result.ok
          ? `${(result.jsBeforeOpen.gzipBytes / 1024).toFixed(1)} KB gz, row ${result.clickToWalletRowMs?.toFixed(0) ?? '-'} ms`
          : `failed: ${result.error}`
        console.log(`bench: run ${run + 1}/${runs} ${page.padEnd(10)} ${brief}${result.notes?.length ? ` (${result.notes.join('; ')})` : ''}`)
      }
    }
  } finally {
    await server.close()
    await devnet?.stop()
  }

  const vers = versions()
  const summary = {}
  for (const page of pages) {
    const visits = results[page]
    const { runs: n, okRuns, medians } = summarise(visits)
    const failures = visits.filter((v) => !v.ok)
    summary[page] = {
      label: PAGE_SPECS[page].label,
      versions: vers[page],
      runs: n,
      okRuns,
      medians,
      // Every successful visit's figure, in run order, for a look at the spread.
      samples: Object.fromEntries(
        METRICS.map((m) => [m.key, visits.filter((v) => v.ok).map((v) => round(m.pick(v)))]).filter(([, xs]) => xs.some((x) => x != null)),
      ),
      remoteHosts: [...new Set(visits.flatMap((v) => v.remoteHosts ?? []))].sort(),
      notes: [
        ...(unavailable[page] ? [unavailable[page]] : []),
        ...new Set(visits.flatMap((v) => v.notes ?? [])),
        ...new Set(failures.map((f) => `failed visit: ${f.error}`)),
        ...(page === 'walletgate' && qrSkipReason ? [`WalletConnect -> QR skipped: ${qrSkipReason}`] : []),
      ],
      ...(failures.length && failures[0].jsFetched ? { jsFetchedInFailedVisit: failures[0].jsFetched } : {}),
      pageErrors: [...new Set(visits.flatMap((v) => v.pageErrors ?? []))].slice(0, 5),
      measuredAt: new Date().toISOString(),
      machine: `${cpus().length} cores, Chromium at ${CHROMIUM}, ${runs} interleaved runs`,
    }
  }

  const subject = pages.includes('walletgate') ? 'walletgate' : pages[0]
  console.log('')
  console.log(formatTable(summary, subject))
  console.log('')
  for (const [page, s] of Object.entries(summary)) {
    if (s.notes.length) console.log(`${s.label}: ${s.notes.join('; ')}`)
    if (s.jsFetchedInFailedVisit) {
      const f = s.jsFetchedInFailedVisit
      console.log(`${s.label}: a failed visit had fetched ${f.files} JS files, ${(f.gzipBytes / 1024).toFixed(1)} KB gzip`)
    }
    if (s.remoteHosts.length) console.log(`${s.label}: non-loopback hosts attempted: ${s.remoteHosts.join(', ')}`)
    void page
  }
  if (pages.includes('walletgate')) {
    console.log('\nWalletgate targets (initial JS, requests before open, speed, DOM size, heap):')
    for (const c of checkTargets(summary)) console.log(`  ${c.pass === null ? '?' : c.pass ? 'ok ' : 'MISS'} ${c.target}: ${c.value}`)
  }

  // A run over some pages only (--pages) never replaces the published full results.
  const base = args.pages ? 'partial' : 'latest'
  await mkdir(RESULTS_DIR, { recursive: true })
  await writeFile(join(RESULTS_DIR, `${base}.json`), `${JSON.stringify(summary, null, 2)}\n`)
  const md = [
    `Measured on ${new Date().toISOString().slice(0, 10)} with \`npm run bench\` (${runs} interleaved runs, medians; ${cpus().length} cores, headless Chromium, every non-loopback host failing to resolve).`,
    '',
    formatTable(summary, subject, 'markdown'),
    '',
  ].join('\n')
  await writeFile(join(RESULTS_DIR, `${base}.md`), md)
  console.log(`\nbench: wrote bench/results/${base}.json and ${base}.md in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
}

main().catch((error) => {
  console.error(`bench: ${error?.stack ?? error}`)
  process.exit(1)
})
