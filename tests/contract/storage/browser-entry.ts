/**
 * Bundled into a page by key-value-storage.browser.test.ts: the contract's cases over
 * BrowserKeyValueStorage and this page's real localStorage. Each case gets a fresh browser
 * context, so storage starts empty and a blocked or full storage never leaks into the next case.
 */
import { BrowserKeyValueStorage } from '../../../src/infrastructure/storage/browser-key-value-storage'
import { keyValueStorageCases, type KeyValueStorageWorld } from './key-value-storage.cases'

export type CaseOutcome = { ok: true } | { ok: false; message: string }

const world: KeyValueStorageWorld = {
  open: (prefix) => new BrowserKeyValueStorage(prefix),
  fillUp: () => {
    fillUp(globalThis.localStorage)
    return Promise.resolve()
  },
  block() {
    // What Chromium does when site data is blocked or in a sandboxed frame: reading the property throws.
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException(
          "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
          'SecurityError',
        )
      },
    })
  },
}

/** Writes filler under keys no case uses until not even one more character fits: a real full quota. */
function fillUp(storage: Storage): void {
  let size = 1 << 20
  let index = 0
  while (size >= 1) {
    try {
      storage.setItem(`__filler:${index++}`, 'f'.repeat(size))
    } catch (error) {
      if (!isQuotaError(error)) throw error
      size = Math.floor(size / 2)
    }
  }
  try {
    storage.setItem('__probe', 'p')
  } catch (error) {
    if (isQuotaError(error)) return
    throw error
  }
  throw new Error('localStorage still accepts writes after filling it')
}

function isQuotaError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'QuotaExceededError'
}

async function run(name: string): Promise<CaseOutcome> {
  const found = keyValueStorageCases.find((c) => c.name === name)
  if (found === undefined) return { ok: false, message: `no case named ${name}` }
  try {
    await found.run(world)
    return { ok: true }
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
}

;(globalThis as unknown as { keyValueStorageContract: { run: typeof run } }).keyValueStorageContract = { run }
