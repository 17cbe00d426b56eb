// Scripts the harness injects into every bench page before any of the page's own code runs.
// They are plain functions serialised with toString(), so they must not close over anything.

/**
 * A minimal EIP-1193 browser wallet announced through EIP-6963, the same for every page, so each
 * modal has one injected wallet to list. It holds no account and never connects.
 */
function fakeWallet() {
  const listeners = new Map()
  const provider = {
    isBenchWallet: true,
    async request({ method }) {
      switch (method) {
        case 'eth_chainId':
          return '0x1'
        case 'net_version':
          return '1'
        case 'eth_accounts':
          return []
        default:
          throw Object.assign(new Error(`Bench wallet does not support ${method}`), { code: 4200 })
      }
    },
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event).add(fn)
      return provider
    },
    removeListener(event, fn) {
      listeners.get(event)?.delete(fn)
      return provider
    },
  }
  const icon =
    'data:image/svg+xml;base64,' +
    btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#3b7"/></svg>')
  const info = Object.freeze({ uuid: '8f1f5a8e-2b7c-4f5e-9d0a-0c5e3a9b7d11', name: 'Bench Wallet', icon, rdns: 'dev.walletgate.bench' })
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
}

/**
 * Watches for the page's connect button, dialog and first wallet row. Each is checked once per
 * animation frame, in the document and in every open shadow root, and timed with
 * performance.now() at the first frame where it is visible (non-empty box, not hidden). The
 * dialog and wallet-row watches start with the first trusted click; the click's own event time
 * is the start of those figures.
 */
function probe(selectors) {
  const bench = (window.__bench = { marks: {}, clickAt: null, lastClickAt: null })
  function collectRoots(root, out) {
    out.push(root)
    for (const el of root.querySelectorAll('*')) if (el.shadowRoot) collectRoots(el.shadowRoot, out)
    return out
  }
  function visible(el) {
    const box = el.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return false
    const style = getComputedStyle(el)
    return style.visibility !== 'hidden' && style.display !== 'none'
  }
  function find(selector, roots) {
    for (const root of roots) for (const el of root.querySelectorAll(selector)) if (visible(el)) return el
    return null
  }
  bench.find = (selector) => find(selector, collectRoots(document, []))
  /** Elements in the document and in every open shadow root. */
  bench.countElements = () => collectRoots(document, []).reduce((n, root) => n + root.querySelectorAll('*').length, 0)
  /** Every node (elements, text, comments) in the document and in every open shadow root. */
  bench.countNodes = () =>
    collectRoots(document, []).reduce((n, root) => {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_ALL)
      let count = 0
      while (walker.nextNode()) count++
      return n + count
    }, 0)

  const pending = new Set(['button'])
  let ticking = false
  function ensureTicking() {
    if (!ticking) {
      ticking = true
      requestAnimationFrame(tick)
    }
  }
  /** Starts timing another element (e.g. a QR code after a later click). */
  bench.watch = (name, selector) => {
    selectors[name] = selector
    pending.add(name)
    ensureTicking()
  }
  function tick() {
    const now = performance.now()
    if (pending.size > 0 && document.documentElement) {
      const roots = collectRoots(document, [])
      for (const name of [...pending]) {
        if (find(selectors[name], roots)) {
          bench.marks[name] = now
          pending.delete(name)
        }
      }
    }
    if (pending.size > 0) requestAnimationFrame(tick)
    else ticking = false
  }
  ensureTicking()
  addEventListener(
    'click',
    (event) => {
      if (!event.isTrusted) return
      bench.lastClickAt = event.timeStamp
      if (bench.clickAt !== null) return
      bench.clickAt = event.timeStamp
      pending.add('dialog')
      pending.add('walletRow')
      ensureTicking()
    },
    true,
  )
}

/** The init scripts for a page with these selectors ({ button, dialog, walletRow }). */
export function initScripts(selectors) {
  return [`(${fakeWallet.toString()})()`, `(${probe.toString()})(${JSON.stringify(selectors)})`]
}
