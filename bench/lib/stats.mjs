// Medians, ratios and the printed table. Pure functions (unit-tested in tests/size).

/** Median of the finite numbers in `values`; null when there are none. */
export function median(values) {
  const xs = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b)
  if (xs.length === 0) return null
  const mid = xs.length >> 1
  return xs.length % 2 === 1 ? xs[mid] : (xs[mid - 1] + xs[mid]) / 2
}

/**
 * `a / b` as a printable ratio: '1.00x' style, '=' when both are 0, 'n/a' when either is
 * missing, and '∞' when only b is 0.
 */
export function ratio(a, b) {
  if (a == null || b == null) return 'n/a'
  if (a === 0 && b === 0) return '='
  if (b === 0) return '∞'
  const r = a / b
  return `${r >= 10 ? r.toFixed(1) : r.toFixed(2)}x`
}

/** The figures the bench reports, in print order. `pick` reads one visit's result. */
export const METRICS = [
  { key: 'jsFiles', label: 'JS files before open', pick: (r) => r.jsBeforeOpen?.files, digits: 0 },
  { key: 'jsKB', label: 'JS KB before open', pick: (r) => kb(r.jsBeforeOpen?.bytes), digits: 1 },
  { key: 'jsGzipKB', label: 'JS KB gzip before open', pick: (r) => kb(r.jsBeforeOpen?.gzipBytes), digits: 1 },
  { key: 'remoteRequestsBeforeOpen', label: 'non-loopback requests before open', pick: (r) => r.remoteRequestsBeforeOpen, digits: 0 },
  { key: 'remoteRequestsTotal', label: 'non-loopback requests incl. open', pick: (r) => r.remoteRequestsTotal, digits: 0 },
  { key: 'connectButtonMs', label: 'ms to connect button', pick: (r) => r.connectButtonMs, digits: 0 },
  { key: 'clickToDialogMs', label: 'ms click -> dialog visible', pick: (r) => r.clickToDialogMs, digits: 0 },
  { key: 'clickToWalletRowMs', label: 'ms click -> first wallet row', pick: (r) => r.clickToWalletRowMs, digits: 0 },
  { key: 'jsOnOpenGzipKB', label: 'JS KB gzip loaded on open', pick: (r) => kb(r.jsOnOpen?.gzipBytes), digits: 1 },
  { key: 'domElementsOpen', label: 'DOM elements, modal open', pick: (r) => r.domElementsOpen, digits: 0 },
  { key: 'domNodesOpen', label: 'DOM nodes (incl. text), modal open', pick: (r) => r.domNodesOpen, digits: 0 },
  { key: 'heapMB', label: 'JS heap MB after open + GC', pick: (r) => mb(r.heapAfterOpenBytes), digits: 2 },
  { key: 'wcToQrMs', label: 'ms WalletConnect -> QR visible', pick: (r) => r.wcToQrMs, digits: 0 },
]

function kb(bytes) {
  return typeof bytes === 'number' ? bytes / 1024 : undefined
}
function mb(bytes) {
  return typeof bytes === 'number' ? bytes / (1024 * 1024) : undefined
}

/** Medians of every metric over a page's successful visits. */
export function summarise(visits) {
  const ok = visits.filter((v) => v.ok)
  const medians = {}
  for (const m of METRICS) medians[m.key] = median(ok.map(m.pick))
  return { runs: visits.length, okRuns: ok.length, medians }
}

function fmt(value, digits) {
  return value == null ? '-' : value.toFixed(digits)
}

function renderTable(header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)))
  const line = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join('  ')
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

function renderMarkdown(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n')
}

/**
 * One table of medians, one column per page, then for `subject` one ratio column against every
 * other page ("÷ AppKit" = subject's median divided by AppKit's).
 * @param {Record<string, { label: string, medians: Record<string, number|null> }>} pages
 * @param {string} subject the page whose ratios are shown
 * @param {'text'|'markdown'} [format]
 */
export function formatTable(pages, subject, format = 'text') {
  const names = Object.keys(pages)
  const others = names.filter((n) => n !== subject)
  const header = ['median', ...names.map((n) => pages[n].label), ...others.map((n) => `÷ ${pages[n].label}`)]
  const rows = METRICS.map((m) => [
    m.label,
    ...names.map((n) => fmt(pages[n].medians[m.key], m.digits)),
    ...others.map((n) => ratio(pages[subject]?.medians[m.key], pages[n].medians[m.key])),
  ])
  return format === 'markdown' ? renderMarkdown(header, rows) : renderTable(header, rows)
}

/**
 * The acceptance targets for Walletgate, checked against the medians.
 * @returns {{ target: string, value: string, pass: boolean|null }[]} pass is null when unmeasured
 */
export function checkTargets(pages) {
  const wg = pages.walletgate?.medians ?? {}
  const floor = pages.floor?.medians ?? {}
  const check = (target, value, pass) => ({ target, value, pass: value == null ? null : pass })
  const rowLimit = floor.clickToDialogMs == null ? null : floor.clickToDialogMs + 30
  const heapLimit = floor.heapMB == null ? null : floor.heapMB * 1.5
  return [
    check('initial JS <= 140 KB gzip', wg.jsGzipKB, wg.jsGzipKB <= 140),
    check('0 non-loopback requests before open', wg.remoteRequestsBeforeOpen, wg.remoteRequestsBeforeOpen === 0),
    check(
      `click -> first wallet row <= floor's click -> dialog + 30 ms (${fmt(rowLimit, 0)} ms)`,
      wg.clickToWalletRowMs,
      rowLimit != null && wg.clickToWalletRowMs <= rowLimit,
    ),
    check('<= 300 DOM elements with Connect open', wg.domElementsOpen, wg.domElementsOpen <= 300),
    check(`heap after open <= 1.5x floor's (${fmt(heapLimit, 2)} MB)`, wg.heapMB, heapLimit != null && wg.heapMB <= heapLimit),
  ].map((c) => ({ ...c, value: c.value == null ? 'not measured' : String(Math.round(c.value * 100) / 100) }))
}
