import { describe, expect, it } from 'vitest'
import { checkTargets, formatTable, median, ratio, summarise } from '../../bench/lib/stats.mjs'
import { isRemote } from '../../bench/lib/measure.mjs'

describe('median', () => {
  it('takes the middle value, or the mean of the two middle values', () => {
    expect(median([5, 1, 3])).toBe(3)
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
  it('ignores missing and non-finite values, and is null with nothing left', () => {
    expect(median([null, 7, undefined, NaN, Infinity])).toBe(7)
    expect(median([])).toBeNull()
    expect(median([null])).toBeNull()
  })
})

describe('ratio', () => {
  it('prints a / b', () => {
    expect(ratio(1, 4)).toBe('0.25x')
    expect(ratio(50, 4)).toBe('12.5x')
  })
  it('handles zeros and missing figures', () => {
    expect(ratio(0, 0)).toBe('=')
    expect(ratio(3, 0)).toBe('∞')
    expect(ratio(0, 3)).toBe('0.00x')
    expect(ratio(null, 3)).toBe('n/a')
    expect(ratio(3, undefined)).toBe('n/a')
  })
})

const visit = (over = {}) => ({
  ok: true,
  jsBeforeOpen: { files: 2, bytes: 2048, gzipBytes: 1024 },
  jsOnOpen: { files: 0, bytes: 0, gzipBytes: 0 },
  remoteRequestsBeforeOpen: 0,
  remoteRequestsTotal: 0,
  connectButtonMs: 100,
  clickToDialogMs: 20,
  clickToWalletRowMs: 25,
  domElementsOpen: 50,
  heapAfterOpenBytes: 2 * 1024 * 1024,
  wcToQrMs: null,
  ...over,
})

describe('summarise', () => {
  it('takes medians over the successful visits only', () => {
    const s = summarise([visit({ connectButtonMs: 100 }), visit({ connectButtonMs: 300 }), { ok: false, error: 'hung' }, visit({ connectButtonMs: 200 })])
    expect(s.runs).toBe(4)
    expect(s.okRuns).toBe(3)
    expect(s.medians.connectButtonMs).toBe(200)
    expect(s.medians.jsGzipKB).toBe(1)
    expect(s.medians.heapMB).toBe(2)
    expect(s.medians.wcToQrMs).toBeNull()
  })
})

describe('checkTargets', () => {
  const pages = (wg, floor) => ({
    walletgate: { label: 'Walletgate', ...summarise([visit(wg)]) },
    floor: { label: 'Floor', ...summarise([visit(floor)]) },
  })
  it('passes a page within every target', () => {
    const checks = checkTargets(pages({ clickToWalletRowMs: 50 }, { clickToDialogMs: 20 }))
    expect(checks.map((c) => c.pass)).toEqual([true, true, true, true, true])
  })
  it('misses each target it breaks', () => {
    const checks = checkTargets(
      pages(
        {
          jsBeforeOpen: { files: 1, bytes: 1, gzipBytes: 141 * 1024 },
          remoteRequestsBeforeOpen: 1,
          clickToWalletRowMs: 51,
          domElementsOpen: 301,
          heapAfterOpenBytes: 3.1 * 1024 * 1024,
        },
        { clickToDialogMs: 20, heapAfterOpenBytes: 2 * 1024 * 1024 },
      ),
    )
    expect(checks.map((c) => c.pass)).toEqual([false, false, false, false, false])
  })
  it('says "not measured" rather than pass or fail when Walletgate has no figures', () => {
    const checks = checkTargets({ walletgate: { label: 'Walletgate', ...summarise([{ ok: false }]) }, floor: { label: 'Floor', ...summarise([visit()]) } })
    expect(checks.every((c) => c.pass === null && c.value === 'not measured')).toBe(true)
  })
})

describe('formatTable', () => {
  it('shows each page median and the subject ratio against every other page', () => {
    const pages = {
      walletgate: { label: 'Walletgate', ...summarise([visit({ domElementsOpen: 100 })]) },
      appkit: { label: 'AppKit', ...summarise([visit({ domElementsOpen: 400 })]) },
      floor: { label: 'Floor', ...summarise([visit({ domElementsOpen: 20 })]) },
    }
    const text = formatTable(pages, 'walletgate')
    const row = text.split('\n').find((l) => l.startsWith('DOM elements'))
    expect(row?.trim().split(/\s{2,}/).slice(1)).toEqual(['100', '400', '20', '0.25x', '5.00x'])
    expect(text.split('\n')[0]).toContain('÷ AppKit')
    const md = formatTable(pages, 'walletgate', 'markdown')
    expect(md).toContain('| DOM elements, modal open | 100 | 400 | 20 | 0.25x | 5.00x |')
  })
})

describe('isRemote', () => {
  it('counts every host but the loopback, and no data or blob URLs', () => {
    expect(isRemote('https://api.web3modal.org/getWallets')).toBe(true)
    expect(isRemote('wss://relay.walletconnect.org/?x=1')).toBe(true)
    expect(isRemote('http://127.0.0.1:4000/a.js')).toBe(false)
    expect(isRemote('ws://localhost:8788')).toBe(false)
    expect(isRemote('http://[::1]:80/')).toBe(false)
    expect(isRemote('data:image/svg+xml;base64,AAAA')).toBe(false)
    expect(isRemote('blob:http://127.0.0.1/1234')).toBe(false)
    expect(isRemote('not a url')).toBe(false)
  })
})
