#!/usr/bin/env node
// `npm run bench:heap`: where the JS heap after opening goes, Walletgate against the floor.
//
// Builds both pages unminified (names kept, and rolldown's `// <module path>` line before each
// module) into bench/dist-heap, visits each once the way the bench does (devnet, click, first wallet
// row, network idle, forced GC), takes a V8 heap snapshot and prints:
//   1. the used heap of each page (unminified code compiles to somewhat more than the bench's
//      production build: read these for where the difference is, the bench for how big it is);
//   2. the heap by V8 node type (compiled code, strings, object shapes, ...);
//   3. compiled functions by package or source folder: bytecode, baseline (Sparkplug) machine code,
//      function and scope records, feedback vectors. Most of Walletgate's excess over the floor is
//      code V8 compiled for what ran at start-up and on open.
// The heap is deterministic for a given Chromium, so one visit per page is enough.
//
// Options: --no-build (reuse bench/dist-heap), --top N (rows per table, default 25).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const BENCH_DIR = import.meta.dirname ?? new URL('.', import.meta.url).pathname
const OUT_ROOT = join(BENCH_DIR, 'dist-heap')
const PAGES = ['walletgate', 'floor']

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, top: { type: 'string', default: '25' } },
})

// The floor takes React from bench/node_modules: install bench/ first, as `npm run bench` does.
if (!existsSync(join(BENCH_DIR, 'node_modules', 'react'))) {
  const installed = spawnSync(process.execPath, [join(BENCH_DIR, 'run.mjs'), '--install-only'], { stdio: 'inherit' })
  if (installed.status !== 0) process.exit(installed.status ?? 1)
}

const { buildPage } = await import('./lib/build.mjs')
const { PAGE_SPECS } = await import('./lib/pages.mjs')
const { launchChromium, networkTracker, waitForMark } = await import('./lib/measure.mjs')
const { initScripts } = await import('./lib/in-page.mjs')
const { serveStatic } = await import('./lib/server.mjs')
const { startDevnet } = await import('./lib/devnet.mjs')
const { chromium } = await import('playwright-core')

/** One visit: open the modal, GC, snapshot. Returns usedSize, the parsed snapshot and script urls. */
async function visit(url, spec) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'walletgate-heap-'))
  const { context, kill } = await launchChromium(chromium, userDataDir)
  try {
    const net = networkTracker(context)
    const page = context.pages()[0] ?? (await context.newPage())
    for (const script of initScripts({ button: spec.button, dialog: spec.dialog, walletRow: spec.walletRow })) {
      await page.addInitScript({ content: script })
    }
    await page.goto(url, { waitUntil: 'commit' })
    if (!(await waitForMark(page, 'button', 30_000))) throw new Error(`no connect button (${spec.button})`)
    await net.idle()
    const clickedAt = Date.now()
    await page.locator(spec.button).first().click({ timeout: 10_000 })
    if (!(await waitForMark(page, 'walletRow', 15_000))) throw new Error(`no wallet row (${spec.walletRow})`)
    // Settled: what the modal fetches a moment after it opens (the catalogue's rows) has arrived.
    await net.idle(undefined, clickedAt)
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.enable')
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const chunks = []
    cdp.on('HeapProfiler.addHeapSnapshotChunk', (event) => chunks.push(event.chunk))
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
    const snapshot = JSON.parse(chunks.join(''))
    // Script ids -> urls, for the snapshot's function locations (Debugger.enable reports every script).
    const scripts = new Map()
    cdp.on('Debugger.scriptParsed', (event) => scripts.set(Number(event.scriptId), event.url))
    await cdp.send('Debugger.enable')
    return { usedSize, snapshot, scripts }
  } finally {
    await kill()
    await rm(userDataDir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined)
  }
}

/** Reads a heap snapshot's flat arrays. */
function graph(snapshot) {
  const meta = snapshot.snapshot.meta
  const nf = meta.node_fields.length
  const ef = meta.edge_fields.length
  const nodeTypes = meta.node_types[0]
  const edgeTypes = meta.edge_types[0]
  const { nodes, edges, strings } = snapshot
  const count = nodes.length / nf
  const firstEdge = new Uint32Array(count + 1)
  const edgeCountField = meta.node_fields.indexOf('edge_count')
  for (let i = 0, e = 0; i < count; i++) {
    firstEdge[i] = e
    e += nodes[i * nf + edgeCountField] * ef
  }
  firstEdge[count] = edges.length
  return {
    count,
    type: (i) => nodeTypes[nodes[i * nf]],
    name: (i) => strings[nodes[i * nf + 1]],
    size: (i) => nodes[i * nf + 3],
    *edges(i) {
      for (let e = firstEdge[i]; e < firstEdge[i + 1]; e += ef) {
        const kind = edgeTypes[edges[e]]
        const name = kind === 'element' || kind === 'hidden' ? edges[e + 1] : strings[edges[e + 1]]
        yield [name, edges[e + 2] / nf]
      }
    },
    /** node index -> [script id, line] of a closure, from the snapshot's locations. */
    locations() {
      const lf = meta.location_fields
      const step = lf.length
      const [obj, script, line] = ['object_index', 'script_id', 'line'].map((f) => lf.indexOf(f))
      const map = new Map()
      for (let k = 0; k < snapshot.locations.length; k += step) {
        map.set(snapshot.locations[k + obj] / nf, [snapshot.locations[k + script], snapshot.locations[k + line]])
      }
      return map
    },
  }
}

function byNodeType(g) {
  const sizes = {}
  for (let i = 0; i < g.count; i++) sizes[g.type(i)] = (sizes[g.type(i)] ?? 0) + g.size(i)
  return sizes
}

/** The module each line of a served chunk belongs to, from rolldown's `// <path>` lines. */
async function moduleIndex(dir) {
  const cache = new Map()
  return async (url, line) => {
    const file = url.replace(/^https?:\/\/[^/]+\/[^/]+\//, '')
    if (!cache.has(file)) {
      const marks = []
      try {
        const text = await readFile(join(dir, file), 'utf8')
        text.split('\n').forEach((l, n) => {
          const m = /^\/\/ (\S+\.(?:js|mjs|cjs|ts|tsx|jsx))$/.exec(l)
          if (m) marks.push([n, m[1].replace(/^(\.\.\/)+[^/]+\//, '')])
        })
      } catch {
        // not a file of this page (an init script, the browser's own code)
      }
      cache.set(file, marks)
    }
    let module = null
    for (const [n, path] of cache.get(file)) {
      if (n > line) break
      module = path
    }
    return module
  }
}

function groupOf(module) {
  if (module === null) return '(page code before its first module)'
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(module)
  if (pkg) return pkg[1]
  const src = /(?:^|\/)src\/([^/]+)/.exec(module)
  if (src) return src[1].includes('.') ? 'src (root files)' : `src/${src[1]}`
  return module
}

/** Compiled code per package: what each function's SharedFunctionInfo holds, counted once. */
async function codeByGroup(g, scripts, dir) {
  const moduleOf = await moduleIndex(dir)
  const locations = g.locations()
  const sfiLocation = new Map()
  const feedback = new Map()
  for (let i = 0; i < g.count; i++) {
    if (g.type(i) !== 'closure') continue
    let sfi
    let vector = 0
    for (const [name, to] of g.edges(i)) {
      if (name === 'shared') sfi = to
      if (name === 'feedback_cell') for (const [, cell] of g.edges(to)) if (g.name(cell) === 'system / FeedbackVector') vector = g.size(cell)
    }
    if (sfi === undefined) continue
    if (locations.has(i) && !sfiLocation.has(sfi)) sfiLocation.set(sfi, locations.get(i))
    feedback.set(sfi, Math.max(feedback.get(sfi) ?? 0, vector))
  }
  const seen = new Set()
  const once = (i) => (seen.has(i) ? 0 : (seen.add(i), g.size(i)))
  const groups = {}
  for (let i = 0; i < g.count; i++) {
    if (!g.name(i).startsWith('system / SharedFunctionInfo')) continue
    let bytecode = 0
    let baseline = 0
    let records = once(i)
    let url = ''
    for (const [name, to] of g.edges(i)) {
      const target = g.name(to)
      if (name === 'script') url = target.replace('system / Script / ', '')
      else if (name === 'name_or_scope_info' || name === 'raw_outer_scope_info_or_feedback_metadata') records += once(to)
      else if (name === 'trusted_function_data' || name === 'function_data') {
        if (target === 'system / BytecodeArray') bytecode += once(to)
        else if (target.startsWith('system / Code')) {
          baseline += once(to)
          for (const [, inner] of g.edges(to)) {
            if (g.name(inner).includes('InstructionStream')) baseline += once(inner)
            if (g.name(inner) === 'system / BytecodeArray') bytecode += once(inner)
          }
        }
      }
    }
    if (bytecode === 0 && baseline === 0) continue
    const location = sfiLocation.get(i)
    const scriptUrl = location ? (scripts.get(location[0]) ?? url) : url
    const group = !/^https?:\/\/127\.0\.0\.1/.test(scriptUrl)
      ? '(not the page: browser, harness)'
      : location
        ? groupOf(await moduleOf(scriptUrl, location[1]))
        : '(page functions no closure points to)'
    const row = (groups[group] ??= { bytecode: 0, baseline: 0, records: 0, feedback: 0, functions: 0 })
    row.bytecode += bytecode
    row.baseline += baseline
    row.records += records
    row.feedback += feedback.get(i) ?? 0
    row.functions += 1
  }
  return groups
}

const kb = (bytes) => (bytes / 1024).toFixed(1)

async function main() {
  const top = Number(args.top)
  if (!args['no-build']) {
    for (const page of PAGES) await buildPage(page, { outRoot: OUT_ROOT, minify: false })
  }
  const devnet = await startDevnet()
  if ('error' in devnet) throw new Error(`devnet unavailable: ${devnet.error}`)
  const server = await serveStatic(OUT_ROOT)
  const results = {}
  try {
    const query = `?${new URLSearchParams({ api: devnet.serviceUrl, rpc: devnet.rpcUrl, relay: devnet.relayUrl ?? '' })}`
    for (const page of PAGES) {
      const url = `${server.origin}/${page}/${page === 'walletgate' ? query : ''}`
      const { usedSize, snapshot, scripts } = await visit(url, PAGE_SPECS[page])
      const g = graph(snapshot)
      results[page] = { usedSize, types: byNodeType(g), code: await codeByGroup(g, scripts, join(OUT_ROOT, page)) }
    }
  } finally {
    await server.close()
    await devnet.stop()
  }

  const [a, b] = PAGES.map((p) => results[p])
  console.log(`Used JS heap after open + GC (unminified build): walletgate ${kb(a.usedSize)} KB, floor ${kb(b.usedSize)} KB, ${(a.usedSize / b.usedSize).toFixed(2)}x`)
  console.log('(The snapshot also counts what the used-heap figure leaves out, such as Blink objects and external strings.)\n')

  console.log('By V8 node type, KB          walletgate     floor      diff')
  const types = [...new Set([...Object.keys(a.types), ...Object.keys(b.types)])]
  types.sort((x, y) => (a.types[y] ?? 0) - (b.types[y] ?? 0) - ((a.types[x] ?? 0) - (b.types[x] ?? 0)))
  for (const t of types.slice(0, top)) {
    const [x, y] = [a.types[t] ?? 0, b.types[t] ?? 0]
    console.log(`${t.padEnd(28)} ${kb(x).padStart(10)} ${kb(y).padStart(9)} ${kb(x - y).padStart(9)}`)
  }

  for (const page of PAGES) {
    const rows = Object.entries(results[page].code).map(([group, r]) => [group, r, r.bytecode + r.baseline + r.records + r.feedback])
    rows.sort((x, y) => y[2] - x[2])
    const total = rows.reduce((n, [, , t]) => n + t, 0)
    console.log(`\nCompiled functions of ${page}, KB (total ${kb(total)}): all = bytecode + baseline code + function/scope records + feedback`)
    console.log(`${'package or folder'.padEnd(40)} ${'all'.padStart(7)} ${'bytecode'.padStart(9)} ${'baseline'.padStart(9)} ${'records'.padStart(8)} ${'feedback'.padStart(9)} ${'fns'.padStart(5)}`)
    for (const [group, r, t] of rows.slice(0, top)) {
      console.log(
        `${group.slice(0, 40).padEnd(40)} ${kb(t).padStart(7)} ${kb(r.bytecode).padStart(9)} ${kb(r.baseline).padStart(9)} ${kb(r.records).padStart(8)} ${kb(r.feedback).padStart(9)} ${String(r.functions).padStart(5)}`,
      )
    }
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
