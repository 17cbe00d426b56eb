// One measured visit of one bench page in a fresh Chromium (new profile, cold cache).
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { initScripts } from './in-page.mjs'

export const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium'
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Every host name but the loopback fails to resolve: nothing leaves the machine, and every
  // attempt still shows up as a request we can count.
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE localhost',
]
export const IDLE_MS = 1500
const LOAD_TIMEOUT_MS = 30_000
const IDLE_CAP_MS = 20_000
const OPEN_TIMEOUT_MS = 15_000
/** A visit that takes longer than this is abandoned and its Chromium killed. */
const VISIT_DEADLINE_MS = Number(process.env.BENCH_VISIT_DEADLINE_MS ?? 45_000)

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1'])
/** A request to a host other than the loopback (data:, blob: and the like are not requests). */
export function isRemote(url) {
  try {
    const { protocol, hostname } = new URL(url)
    return ['http:', 'https:', 'ws:', 'wss:'].includes(protocol) && !LOOPBACK.has(hostname)
  } catch {
    return false
  }
}

/**
 * Starts Debian's Chromium ourselves (so a hung page can always be killed) with a new profile
 * directory, and connects Playwright to it over CDP.
 */
export async function launchChromium(chromium, userDataDir) {
  const child = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, `--user-data-dir=${userDataDir}`, '--remote-debugging-port=0', '--window-size=1280,800', 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const wsEndpoint = await new Promise((resolve, reject) => {
    let err = ''
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${err.slice(-500)}`)), 20_000)
    child.stderr.on('data', (chunk) => {
      err += chunk
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(err)
      if (match) {
        clearTimeout(timer)
        resolve(match[1])
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Chromium exited with ${code}: ${err.slice(-500)}`))
    })
  })
  child.stderr.resume()
  const browser = await chromium.connectOverCDP(wsEndpoint)
  const kill = async () => {
    await browser.close().catch(() => {})
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL')
      await exited
    }
  }
  return { context: browser.contexts()[0], kill }
}

/** Tracks requests in flight, for "the network has been idle for IDLE_MS". */
export function networkTracker(context) {
  const inflight = new Set()
  let lastActivity = Date.now()
  const remote = []
  context.on('request', (req) => {
    inflight.add(req)
    lastActivity = Date.now()
    if (isRemote(req.url())) remote.push(new URL(req.url()).host)
  })
  const done = (req) => {
    inflight.delete(req)
    lastActivity = Date.now()
  }
  context.on('requestfinished', done)
  context.on('requestfailed', done)
  return {
    remote,
    trackPage(page) {
      page.on('websocket', (ws) => {
        if (isRemote(ws.url())) remote.push(new URL(ws.url()).host)
      })
    },
    /**
     * Resolves once nothing has been in flight for IDLE_MS, counted from `since` at the earliest;
     * false if capMs passed first. After a click, `since` is the click: a page that asks for
     * something a moment after it opens (a timer, an effect) is measured once that has arrived,
     * whether or not another request happened to come first.
     */
    async idle(capMs = IDLE_CAP_MS, since = 0) {
      const start = Date.now()
      for (;;) {
        const now = Date.now()
        if (inflight.size === 0 && now - Math.max(lastActivity, since) >= IDLE_MS) return true
        if (now - start > capMs) return false
        await new Promise((r) => setTimeout(r, 50))
      }
    },
  }
}

export async function waitForMark(page, name, timeout) {
  try {
    await page.waitForFunction((n) => window.__bench?.marks?.[n] !== undefined, name, { timeout, polling: 50 })
    return true
  } catch {
    return false
  }
}

function jsFigures(entries) {
  const js = entries.filter((e) => e.isJs)
  return {
    files: js.length,
    bytes: js.reduce((n, e) => n + e.bytes, 0),
    gzipBytes: js.reduce((n, e) => n + e.gzipBytes, 0),
  }
}

/**
 * Visits `url` once and returns the figures of that visit.
 * @param {{ chromium: import('playwright-core').BrowserType, url: string, spec: import('./pages.mjs').PageSpec, serverLog: object[], measureQr?: boolean }} opts
 */
export async function measureOnce({ chromium, url, spec, serverLog, measureQr = false }) {
  const userDataDir = await mkdtemp(join(tmpdir(), 'walletgate-bench-'))
  let kill = async () => {}
  const started = Date.now()
  const step = (what) => process.env.BENCH_DEBUG && console.error(`  [${Date.now() - started} ms] ${what}`)
  const notes = []
  const consoleErrors = []
  const visit = async () => {
    step('launch')
    const launched = await launchChromium(chromium, userDataDir)
    kill = launched.kill
    const context = launched.context
    const net = networkTracker(context)
    const page = context.pages()[0] ?? (await context.newPage())
    net.trackPage(page)
    page.on('pageerror', (err) => consoleErrors.push(String(err.message).slice(0, 200)))
    for (const script of initScripts({ button: spec.button, dialog: spec.dialog, walletRow: spec.walletRow })) {
      await page.addInitScript({ content: script })
    }
    serverLog.length = 0

    step('goto')
    // Phase 1: load until the connect button is visible and the network has been idle.
    await page.goto(url, { waitUntil: 'commit' })
    if (!(await waitForMark(page, 'button', LOAD_TIMEOUT_MS))) throw new Error(`connect button never became visible (${spec.button})`)
    step('button')
    if (!(await net.idle())) notes.push('network not idle before opening (capped)')
    const beforeOpen = jsFigures(serverLog)
    const remoteBeforeOpen = net.remote.length
    const loadedEntries = serverLog.length

    step('click')
    // Phase 2: click, then the dialog and the first wallet row.
    const clickedAt = Date.now()
    await page.locator(spec.button).first().click({ timeout: 10_000 })
    const dialogSeen = await waitForMark(page, 'dialog', OPEN_TIMEOUT_MS)
    const rowSeen = await waitForMark(page, 'walletRow', dialogSeen ? OPEN_TIMEOUT_MS : 1000)
    if (!dialogSeen) notes.push(`dialog never visible (${spec.dialog})`)
    if (!rowSeen) notes.push(`no wallet row visible (${spec.walletRow})`)
    if (!(await net.idle(undefined, clickedAt))) notes.push('network not idle after opening (capped)')
    const { marks, clickAt, elements, nodes } = await page.evaluate(() => ({
      marks: window.__bench.marks,
      clickAt: window.__bench.clickAt,
      elements: window.__bench.countElements(),
      nodes: window.__bench.countNodes(),
    }))
    step('gc')
    const cdp = await context.newCDPSession(page)
    await cdp.send('HeapProfiler.enable')
    await cdp.send('HeapProfiler.collectGarbage')
    const { usedSize } = await cdp.send('Runtime.getHeapUsage')
    const afterOpen = jsFigures(serverLog.slice(loadedEntries))

    // Phase 3 (Walletgate): choose WalletConnect and wait for the pairing QR code.
    let qrMs = null
    if (measureQr && spec.wcRow && spec.qr) {
      step('walletconnect')
      try {
        const hasRow = await page.evaluate((selector) => window.__bench.find(selector) !== null, spec.wcRow)
        if (!hasRow) notes.push(`WalletConnect -> QR skipped: no WalletConnect row (${spec.wcRow})`)
        else {
          await page.evaluate((selector) => window.__bench.watch('qr', selector), spec.qr)
          await page.locator(spec.wcRow).first().click({ timeout: 5_000 })
          if (await waitForMark(page, 'qr', OPEN_TIMEOUT_MS)) {
            qrMs = await page.evaluate(() => window.__bench.marks.qr - window.__bench.lastClickAt)
          } else notes.push(`QR code never visible (${spec.qr})`)
        }
      } catch (error) {
        notes.push(`WalletConnect -> QR failed: ${String(error?.message ?? error).split('\n')[0]}`)
      }
    }

    return {
      ok: true,
      jsBeforeOpen: beforeOpen,
      jsOnOpen: afterOpen,
      remoteRequestsBeforeOpen: remoteBeforeOpen,
      remoteRequestsTotal: net.remote.length,
      remoteHosts: [...new Set(net.remote)],
      connectButtonMs: marks.button ?? null,
      clickToDialogMs: dialogSeen && clickAt != null ? marks.dialog - clickAt : null,
      clickToWalletRowMs: rowSeen && clickAt != null ? marks.walletRow - clickAt : null,
      domElementsOpen: elements,
      domNodesOpen: nodes,
      heapAfterOpenBytes: usedSize,
      wcToQrMs: qrMs,
      notes,
      pageErrors: consoleErrors,
    }
  }
  let timer
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`visit took over ${VISIT_DEADLINE_MS / 1000} s (page hung?)`)), VISIT_DEADLINE_MS)
  })
  try {
    return await Promise.race([visit(), deadline])
  } catch (error) {
    return {
      ok: false,
      error: String(error?.message ?? error).split('\n')[0],
      // What the page had fetched when it failed: still a fact worth printing.
      jsFetched: jsFigures(serverLog),
      notes,
      pageErrors: consoleErrors,
    }
  } finally {
    clearTimeout(timer)
    step('kill')
    await kill()
    step('killed')
    await rm(userDataDir, { recursive: true, force: true }).catch(() => {})
  }
}
