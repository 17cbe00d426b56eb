#!/usr/bin/env node
// The size budget: the JavaScript a host page loads before the modal opens.
//
//   node scripts/size-budget.mjs            build bench/pages/walletgate (production, the repo's own
//                                           Vite and React) into a temp dir, then check it
//   node scripts/size-budget.mjs --dist D   check an existing build made by bench/lib/build.mjs
//   --json                                  print the figures as JSON instead of text
//
// "Loaded before the modal opens" is what the built index.html loads through <script> and
// <link rel="modulepreload">, plus the chunks the modal prefetches when the page is idle
// (IDLE_PREFETCHED), plus every chunk those statically import. It must be at most
// 140 KB gzip (level 9), React included, and hold no module of a viem client or transport,
// WalletConnect, @solana, @polkadot, @cosmjs or @scure/btc-signer (checked by module ids
// recorded from the bundle), and its text must be Latin-1 (one wider character makes Chromium
// keep a whole script as two-byte text: for the main chunk about 0.45 MB of memory).
// It prints the figure with its delta against the last release (scripts/size-last-release.json),
// and also fails above COMMITTED_CEILING_GZIP_BYTES, the lower ceiling this code has committed to.
// Exit 0 within budget, 1 on a breach, 2 when the build cannot be made or read.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, posix, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'

export const BUDGET_GZIP_BYTES = 140 * 1024
/**
 * The committed ceiling: at most this much before the modal opens, inside the 140 KB budget, on the
 * measured page that configures all five chain families, email, the social buttons and the message
 * catalogue. What it holds, and why it is 139.7 KB today (measured 142,985 bytes, 139.63 KB, on
 * 2026-12-06):
 * - React and react-dom (the bench's bare React dialog page alone is 66.6 KB gzip), inversify and reflect-metadata's lite polyfill, rxjs;
 * - the first script: the configuration's rules without a schema library, the session (discovery
 *   and silent reconnect), the five families' descriptors and their shared discovery shell, the
 *   loaders of the email field and the social buttons, the catalogue's machinery with the English
 *   of the frame;
 * - what the page fetches when idle, so the first open draws the wallet list without a request: the
 *   shell, the Connect view with its English, the connect views' bindings, and the Wallet Standard
 *   registry and Bitcoin discovery the modal imports at mount.
 * Everything else (a family's SDK, the connection flow, account, send, swap, names, buying, the
 * email and social flows, other languages) loads when a visitor takes its path. How the figure got
 * here is in git history (`git log -p -- scripts/size-budget.mjs`). Lower it as room is won; never
 * raise it without saying why here.
 * Raised on 2026-12-07 from 139.7 to 139.73 KB (measured 143,077 bytes): the HTTP client's POST
 * takes extra headers, so a name registration carries its Idempotency-Key (25 bytes).
 * Raised on 2026-12-07 from 139.73 to 139.8 KB (measured 143,154 bytes): the configuration's rule
 * for `restrictedTimezones` (25 bytes) and the preload map's entries of the chunks that say buying
 * and swapping are not offered in a restricted region (51 bytes).
 * Raised on 2026-12-07 from 139.8 to 139.86 KB (measured 143,211 bytes): the Connect view's layout
 * (its first wallet rows and "More wallets", ConnectWallets drawn from the shell), the legal
 * checkbox's loader and host settings, `open()` refusing unknown views, and the loaders of nine new
 * views (Transactions, Profile, ChooseAccountName, SwitchAccountType, AccountSettings,
 * SwapSelectToken, OnRampTokenSelect, OnRampFiatSelect, ConnectSocials) and the display currency,
 * about 1,000 bytes together; less the HTTP client's request machinery, which now loads with the
 * first request (929 bytes).
 * Raised the same day from 139.86 to 139.88 KB (measured 143,214 bytes): the list rows' RTL
 * alignment and wrapping rules, and a ceiling set at the measured figure left no room for the
 * bytes a chunk's renamed hash moves (about 10).
 * Lowered on 2026-12-07 from 139.88 to 138.34 KB (measured 141,647 bytes): the loaders of the views a
 * visitor reaches once connected are a chunk of their own (src/presentation/views/later-views.ts),
 * and the account's bindings load through a small chunk (src/composition/bindings/account-hub.ts),
 * so the shell's and the first script's preload maps no longer name their chunks (1,538 bytes).
 * Raised the same day from 138.34 to 139.45 KB (measured 142,770 bytes): issue 50's ConnectButton
 * (its stylesheet, "Connect Wallet" in the modal's language, the returning visitor's pending state,
 * the server's account, the theme's variables; the connected buttons are a chunk of their own) and
 * the state it reads (balance, network name, restoring, locale), about 1,240 bytes; less analytics'
 * and telemetry's adapters behind a small chunk (src/composition/reporting-hub.ts, 132 bytes).
 * Raised the same day from 139.45 to 139.47 KB (measured 142,794 bytes): the rules of the
 * configuration's `features.preview` and `denyList` (issue 52, 18 bytes).
 */
export const COMMITTED_CEILING_GZIP_BYTES = 139.47 * 1024
/** The last release's figure (KB gzip before open), kept in one place: scripts/size-last-release.json. */
export const LAST_RELEASE_GZIP_KB = JSON.parse(readFileSync(new URL('./size-last-release.json', import.meta.url), 'utf8')).initialGzipKB
/**
 * Modules the modal fetches when the page is idle, before any open (WalletModal.prefetchWhenIdle):
 * the shell with the Connect view, and the connect views' bindings. Their chunks (and what those
 * import) count towards the budget like the page's own scripts.
 */
export const IDLE_PREFETCHED = ['src/presentation/mount.tsx', 'src/composition/bindings/connect.ts']
/**
 * The message catalogue's machinery and the shell's English, which the first open draws with. Today
 * in the first script (src/create-wallet-modal.ts imports them), listed so that they still count if
 * they ever move to a chunk of their own (as English once did, one chunk fetched with the prefetch
 * that this step did not count: the browser saw 149 KB where the step said 139.8). Every other
 * area's English comes with its view's chunk, after the modal opens; another language's chunk is
 * prefetched only for a visitor who reads it (the measured page is English).
 */
export const TEXTS_BEFORE_OPEN = ['src/presentation/i18n/i18n.tsx', 'src/presentation/i18n/english.ts']
/**
 * Modules the modal imports when it mounts, before any open, for a configured chain family (the
 * Wallet Standard registry for Solana and Bitcoin; the bip122, polkadot and cosmos discovery, today
 * in the first script with their shell, listed so that it still counts if it ever moves to a chunk
 * of its own). They count whenever the page's build holds them.
 */
export const LOADED_AT_MOUNT = ['src/infrastructure/chains/solana/wallet-standard-registry.ts', 'src/infrastructure/chains/family-discovery.ts']
/** The module that schedules that prefetch. */
const PREFETCHER = 'src/wallet-modal.ts'
const REPO_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const MODULES_FILE = '.vite/modules.json'

/** Code that must load on demand only. Each test reads a module id with forward slashes. */
export const FORBIDDEN = [
  { name: 'viem client/transport', test: (id) => /\/node_modules\/viem\/_(esm|cjs)\/(clients\/|utils\/rpc\/)/.test(id) },
  { name: 'WalletConnect', test: (id) => /\/node_modules\/(@walletconnect|@reown)\//.test(id) },
  { name: 'Solana (@solana)', test: (id) => /\/node_modules\/@solana\//.test(id) },
  { name: 'Polkadot (@polkadot)', test: (id) => /\/node_modules\/@polkadot\//.test(id) },
  { name: 'Cosmos (@cosmjs)', test: (id) => /\/node_modules\/@cosmjs\//.test(id) },
  { name: 'Bitcoin (@scure/btc-signer)', test: (id) => /\/node_modules\/@scure\/btc-signer\//.test(id) },
]

/** The names of the FORBIDDEN groups a module id belongs to. */
export function forbiddenGroups(moduleId) {
  const id = moduleId.replace(/\\/g, '/')
  return FORBIDDEN.filter((f) => f.test(id)).map((f) => f.name)
}

/** JS files an HTML page loads up front: module and classic scripts, and modulepreload links. */
export function initialScriptsOf(html) {
  const files = []
  const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']+)["']`, 'i').exec(tag)?.[1]
  for (const [tag] of html.matchAll(/<script\b[^>]*>/gi)) {
    const src = attr(tag, 'src')
    if (src) files.push(src)
  }
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const rel = attr(tag, 'rel')
    const href = attr(tag, 'href')
    if (href && rel?.split(/\s+/).includes('modulepreload')) files.push(href)
  }
  return files.filter((f) => !/^[a-z]+:\/\//i.test(f) && !f.startsWith('//')).map((f) => posix.normalize(f.replace(/^\.?\//, '')))
}

/**
 * Reads a build directory (index.html + the module ids bench/lib/build.mjs records) and returns
 * the initial JS: files, gzip bytes, and the forbidden modules it holds.
 */
export async function analyseBuild(outDir, { addingEnglish = modulesAddingEnglish() } = {}) {
  const html = await readFile(join(outDir, 'index.html'), 'utf8')
  const modulesPath = join(outDir, MODULES_FILE)
  if (!existsSync(modulesPath)) throw new Error(`${modulesPath} is missing: build the page with bench/lib/build.mjs`)
  /** @type {{ fileName: string, imports: string[], dynamicImports: string[], moduleIds: string[] }[]} */
  const chunks = JSON.parse(await readFile(modulesPath, 'utf8'))
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))

  const initial = new Set()
  const visit = (file) => {
    if (initial.has(file)) return
    initial.add(file)
    for (const dep of byFile.get(file)?.imports ?? []) visit(dep)
  }
  const fromHtml = initialScriptsOf(html)
  if (fromHtml.length === 0) throw new Error(`${join(outDir, 'index.html')} loads no script`)
  for (const file of fromHtml) visit(file)
  // The idle prefetch loads these before any open, so they count as well.
  const holds = (chunk, module) => chunk.moduleIds.some((id) => id.replace(/\\/g, '/').endsWith(`/${module}`))
  const prefetchMissing = []
  for (const module of IDLE_PREFETCHED) {
    const chunk = chunks.find((c) => holds(c, module))
    if (chunk === undefined) prefetchMissing.push(module)
    else visit(chunk.fileName)
  }
  for (const module of LOADED_AT_MOUNT) {
    const chunk = chunks.find((c) => holds(c, module))
    if (chunk !== undefined) visit(chunk.fileName)
  }
  for (const module of TEXTS_BEFORE_OPEN) {
    const chunk = chunks.find((c) => holds(c, module))
    if (chunk !== undefined) visit(chunk.fileName)
  }
  // An area's English is added by the module that shows it, at its top (`addEnglish(area)`): a
  // bundler that leaves such a module out (an index that only re-exports, under "sideEffects":
  // false) leaves its English out, and the view would show keys.
  const catalogue = chunks.some((c) => holds(c, TEXTS_BEFORE_OPEN[1]))
  const englishLeftOut = catalogue ? addingEnglish.filter((module) => !chunks.some((c) => holds(c, module))) : []
  // Only a page that holds the prefetching code must hold what it prefetches.
  const prefetches = [...initial].some((file) => byFile.get(file) !== undefined && holds(byFile.get(file), PREFETCHER))

  const files = []
  const forbidden = []
  const twoByte = []
  for (const file of [...initial].sort()) {
    const bytes = await readFile(join(outDir, file))
    files.push({ file, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length })
    const wide = firstNonLatin1(bytes.toString('utf8'))
    if (wide !== null) twoByte.push({ file, ...wide })
    for (const id of byFile.get(file)?.moduleIds ?? []) {
      for (const group of forbiddenGroups(id)) forbidden.push({ group, file, moduleId: id })
    }
  }
  // Which packages (or repository folders) make up the initial JS (rendered bytes, pre-minify).
  const weights = new Map()
  for (const file of initial) {
    for (const [id, length] of Object.entries(byFile.get(file)?.renderedLengths ?? {})) {
      const owner = ownerOf(id)
      weights.set(owner, (weights.get(owner) ?? 0) + length)
    }
  }
  const heaviest = [...weights].sort((x, y) => y[1] - x[1]).map(([owner, bytes]) => ({ owner, bytes }))
  const lazy = chunks.filter((c) => !initial.has(c.fileName))
  let lazyGzipBytes = 0
  for (const c of lazy) lazyGzipBytes += gzipSync(await readFile(join(outDir, c.fileName)), { level: 9 }).length
  return {
    files,
    bytes: files.reduce((n, f) => n + f.bytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
    forbidden,
    twoByte,
    prefetchMissing: prefetches ? prefetchMissing : [],
    englishLeftOut,
    heaviest,
    lazy: { files: lazy.length, gzipBytes: lazyGzipBytes },
  }
}

/** The verdict on an analysis: the list of breaches (empty when within budget and ceiling). */
export function breaches(analysis, budget = BUDGET_GZIP_BYTES, ceiling = COMMITTED_CEILING_GZIP_BYTES) {
  const out = []
  if (analysis.gzipBytes > budget) {
    out.push(`initial JS is ${kb(analysis.gzipBytes)} KB gzip, over the ${kb(budget)} KB budget`)
  } else if (analysis.gzipBytes > ceiling) {
    out.push(
      `initial JS is ${kb(analysis.gzipBytes)} KB gzip, over the committed ceiling of ${kb(ceiling)} KB (within the ${kb(budget)} KB budget)`,
    )
  }
  for (const module of analysis.prefetchMissing ?? []) {
    out.push(`no chunk holds ${module}, which the modal prefetches when the page is idle (IDLE_PREFETCHED is out of date)`)
  }
  for (const module of analysis.englishLeftOut ?? []) {
    out.push(`the build left out ${module}, which adds an area's English: move its addEnglish() into a module whose exports are used`)
  }
  for (const { file, char, context } of analysis.twoByte ?? []) {
    out.push(
      `initial JS ${file} holds non-Latin-1 text (${char} in "${context}"): Chromium then keeps the whole script as two-byte text; use src/domain/format/glyphs.ts`,
    )
  }
  const groups = [...new Set(analysis.forbidden.map((f) => f.group))]
  for (const group of groups) {
    const hits = analysis.forbidden.filter((f) => f.group === group)
    const shown = hits.slice(0, 3).map((h) => `${shortId(h.moduleId)} in ${h.file}`)
    out.push(`initial JS holds ${group} code (${hits.length} modules, e.g. ${shown.join(', ')})`)
  }
  return out
}

/** The repository's modules that add an area's English at their top (`addEnglish(...)` on a line of its own). */
export function modulesAddingEnglish(root = join(REPO_DIR, 'src/presentation')) {
  const found = []
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue
    const path = join(entry.parentPath ?? entry.path, entry.name)
    if (/^addEnglish\(/m.test(readFileSync(path, 'utf8'))) found.push(relative(REPO_DIR, path).replace(/\\/g, '/'))
  }
  return found.sort()
}

/** The first character above U+00FF in `text`, with a little context, or null. */
export function firstNonLatin1(text) {
  const match = /[^\u0000-\u00ff]/u.exec(text)
  if (match === null) return null
  const at = match.index
  return { char: `U+${match[0].codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}`, context: text.slice(Math.max(0, at - 30), at + 10) }
}

/** The npm package a module id comes from, or its repository folder (src/presentation, ...). */
export function ownerOf(moduleId) {
  const id = moduleId.replace(/\\/g, '/').replace(/^\0/, '')
  const i = id.lastIndexOf('/node_modules/')
  if (i >= 0) {
    const rest = id.slice(i + '/node_modules/'.length).split('/')
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? id)
  }
  const repo = `${REPO_DIR.replace(/\\/g, '/')}/`
  if (id.startsWith(repo)) {
    const parts = id.slice(repo.length).split('/')
    return parts.length > 2 ? `${parts[0]}/${parts[1]}` : parts[0]
  }
  return id.split('?')[0]
}

function kb(bytes) {
  return (bytes / 1024).toFixed(1)
}

/**
 * The delta of a figure against the last release, in KB to one decimal, signed ("-8.5", "+0.3",
 * "+0.0"), from the figure as printed (so the printed numbers add up).
 */
export function deltaKb(gzipBytes, lastReleaseKb = LAST_RELEASE_GZIP_KB) {
  const tenths = Math.round(Number(kb(gzipBytes)) * 10) - Math.round(lastReleaseKb * 10)
  return `${tenths < 0 ? '-' : '+'}${(Math.abs(tenths) / 10).toFixed(1)}`
}

/** "initial JS: 128.6 KB gzip (delta -8.5 KB against the last release 137.1 KB)" */
export function deltaLine(gzipBytes, lastReleaseKb = LAST_RELEASE_GZIP_KB) {
  return `initial JS: ${kb(gzipBytes)} KB gzip (delta ${deltaKb(gzipBytes, lastReleaseKb)} KB against the last release ${lastReleaseKb.toFixed(1)} KB)`
}
function shortId(id) {
  const path = id.replace(/\\/g, '/')
  const i = path.lastIndexOf('/node_modules/')
  return i >= 0 ? path.slice(i + '/node_modules/'.length) : path.replace(`${REPO_DIR.replace(/\\/g, '/')}/`, '')
}

export function report(analysis, budget = BUDGET_GZIP_BYTES, ceiling = COMMITTED_CEILING_GZIP_BYTES) {
  const lines = ['Size budget: JS the Walletgate host page loads before the modal opens']
  for (const f of analysis.files) lines.push(`  ${f.file.padEnd(44)} ${kb(f.bytes).padStart(8)} KB  ${kb(f.gzipBytes).padStart(7)} KB gzip`)
  lines.push(`  ${'total'.padEnd(44)} ${kb(analysis.bytes).padStart(8)} KB  ${kb(analysis.gzipBytes).padStart(7)} KB gzip (budget ${kb(budget)} KB gzip, committed ceiling ${kb(ceiling)} KB)`)
  lines.push(deltaLine(analysis.gzipBytes))
  const top = (analysis.heaviest ?? []).slice(0, 10)
  if (top.length) lines.push(`  heaviest parts (KB before minification): ${top.map((h) => `${h.owner} ${kb(h.bytes)}`).join(', ')}`)
  lines.push(`  loaded on demand: ${analysis.lazy.files} chunks, ${kb(analysis.lazy.gzipBytes)} KB gzip`)
  const found = breaches(analysis, budget, ceiling)
  lines.push(found.length === 0 ? 'Size budget: ok' : found.map((b) => `Size budget BREACH: ${b}`).join('\n'))
  return lines.join('\n')
}

async function main() {
  const { values } = parseArgs({ options: { dist: { type: 'string' }, json: { type: 'boolean', default: false } } })
  let outDir = values.dist ? resolve(values.dist) : null
  let tmp = null
  try {
    if (!outDir) {
      tmp = await mkdtemp(join(tmpdir(), 'walletgate-size-'))
      const { buildPage } = await import(pathToFileURL(join(REPO_DIR, 'bench/lib/build.mjs')).href)
      outDir = await buildPage('walletgate', { outRoot: tmp })
    }
    const analysis = await analyseBuild(outDir)
    const found = breaches(analysis)
    if (values.json) {
      const figures = {
        budgetGzipBytes: BUDGET_GZIP_BYTES,
        committedCeilingGzipBytes: COMMITTED_CEILING_GZIP_BYTES,
        lastReleaseGzipKB: LAST_RELEASE_GZIP_KB,
        deltaKB: Number(deltaKb(analysis.gzipBytes)),
      }
      console.log(JSON.stringify({ ...analysis, ...figures, breaches: found }, null, 2))
    }
    else console.log(report(analysis))
    return found.length === 0 ? 0 : 1
  } catch (error) {
    console.error(`Size budget: could not measure: ${error?.message ?? error}`)
    return 2
  } finally {
    if (tmp) await rm(tmp, { recursive: true, force: true }).catch(() => {})
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main()
}
