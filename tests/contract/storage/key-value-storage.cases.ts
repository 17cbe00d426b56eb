/**
 * The KeyValueStorage contract's cases, written once. They import nothing from a test runner so
 * the same functions run in Node under vitest (against the fake) and bundled into a page in
 * Chromium (against BrowserKeyValueStorage over the browser's real localStorage).
 * A case fails by throwing.
 */
import type { KeyValueStorage } from '../../../src/ports/key-value-storage'

export interface KeyValueStorageWorld {
  /**
   * A storage under `prefix`. Opening the same prefix again reaches the same stored values
   * (a second modal on the page, or the same modal after a reload).
   */
  open(prefix: string): KeyValueStorage
  /** From now on the backing storage refuses writes as a full one does (QuotaExceededError). */
  fillUp(): Promise<void>
  /** From now on the backing storage cannot be reached at all (cookies blocked, sandboxed frame). */
  block(): void
}

export interface KeyValueStorageCase {
  readonly name: string
  run(world: KeyValueStorageWorld): void | Promise<void>
}

/** Values that must come back exactly as stored. */
export const AWKWARD_VALUES: readonly string[] = [
  '',
  ' leading and trailing spaces ',
  'Grüße, Zoë',
  '钱包连接',
  'مرحبا بالعالم',
  '👛🦊 family: 👨‍👩‍👧',
  'e\u0301 (decomposed) vs \u00e9 (composed)',
  'nul\u0000inside',
  'line\nbreaks\r\nand\ttabs',
  '{"json":["inside",1,null]}',
  'null',
  'x'.repeat(100_000),
]

export const keyValueStorageCases: readonly KeyValueStorageCase[] = [
  {
    name: 'a missing key reads null',
    run(w) {
      const s = w.open('wg-contract:')
      same(s.get('never-set'), null, 'get of a missing key')
    },
  },
  {
    name: 'a value reads back after set, and a later set replaces it',
    run(w) {
      const s = w.open('wg-contract:')
      s.set('wallet', 'io.metamask')
      same(s.get('wallet'), 'io.metamask', 'get after set')
      s.set('wallet', 'com.coinbase')
      same(s.get('wallet'), 'com.coinbase', 'get after a second set')
    },
  },
  {
    name: 'remove forgets the key, and removing a missing key is harmless',
    run(w) {
      const s = w.open('wg-contract:')
      s.set('wallet', 'io.metamask')
      s.remove('wallet')
      same(s.get('wallet'), null, 'get after remove')
      s.remove('never-set')
      same(s.get('never-set'), null, 'get after removing a missing key')
    },
  },
  {
    name: 'values round-trip exactly, unicode and edge cases included',
    run(w) {
      const s = w.open('wg-contract:')
      AWKWARD_VALUES.forEach((value, i) => s.set(`v${i}`, value))
      const reopened = w.open('wg-contract:')
      AWKWARD_VALUES.forEach((value, i) => {
        same(s.get(`v${i}`), value, `value #${i} read back`)
        same(reopened.get(`v${i}`), value, `value #${i} read back through a reopened storage`)
      })
    },
  },
  {
    name: 'keys are opaque strings, including names objects and Storage use themselves',
    run(w) {
      const s = w.open('wg-contract:')
      const keys = ['', '__proto__', 'constructor', 'length', 'getItem', 'a:b', 'clé-🔑']
      keys.forEach((key, i) => s.set(key, `value ${i}`))
      keys.forEach((key, i) => same(s.get(key), `value ${i}`, `get(${JSON.stringify(key)})`))
      keys.forEach((key) => s.remove(key))
      keys.forEach((key) => same(s.get(key), null, `get(${JSON.stringify(key)}) after remove`))
    },
  },
  {
    name: 'storages under different prefixes never see each other’s keys',
    run(w) {
      const a = w.open('wg-a:')
      const b = w.open('wg-b:')
      a.set('wallet', 'A')
      same(b.get('wallet'), null, 'b reads a key only a set')
      b.set('wallet', 'B')
      same(a.get('wallet'), 'A', 'a keeps its value after b set the same key')
      a.remove('wallet')
      same(b.get('wallet'), 'B', 'b keeps its value after a removed the same key')
      same(a.get('wallet'), null, 'a after its remove')
    },
  },
  {
    name: 'a storage reopened under the same prefix sees what was stored',
    run(w) {
      w.open('wg-contract:').set('recent', '["io.metamask"]')
      same(w.open('wg-contract:').get('recent'), '["io.metamask"]', 'get through a reopened storage')
    },
  },
  {
    name: 'a key removed or replaced through another storage under the same prefix reads as it is now',
    run(w) {
      const first = w.open('wg-contract:')
      const second = w.open('wg-contract:')
      first.set('wallet', 'io.metamask')
      second.set('wallet', 'com.coinbase')
      same(first.get('wallet'), 'com.coinbase', 'first reads the value second set')
      second.remove('wallet')
      same(first.get('wallet'), null, 'first reads the key second removed')
    },
  },
  {
    name: 'full storage: set never throws and this page reads the newest value',
    async run(w) {
      const s = w.open('wg-contract:')
      s.set('wallet', 'old')
      await w.fillUp()
      const newer = `newer ${'n'.repeat(1_000)}`
      doesNotThrow(() => s.set('wallet', newer), 'set over an existing key on full storage')
      same(s.get('wallet'), newer, 'get of a key whose write did not fit')
      doesNotThrow(() => s.set('fresh', 'fresh value'), 'set of a new key on full storage')
      same(s.get('fresh'), 'fresh value', 'get of a new key whose write did not fit')
      doesNotThrow(() => s.remove('wallet'), 'remove on full storage')
      same(s.get('wallet'), null, 'get after remove on full storage')
    },
  },
  {
    name: 'blocked storage: get, set and remove never throw, and set values read back on this page',
    run(w) {
      w.block()
      const s = w.open('wg-contract:')
      same(doesNotThrow(() => s.get('wallet'), 'get on blocked storage'), null, 'get of a missing key')
      doesNotThrow(() => s.set('wallet', 'io.metamask'), 'set on blocked storage')
      same(s.get('wallet'), 'io.metamask', 'get after set on blocked storage')
      doesNotThrow(() => s.remove('wallet'), 'remove on blocked storage')
      same(s.get('wallet'), null, 'get after remove on blocked storage')
    },
  },
]

function same(actual: unknown, expected: unknown, what: string): void {
  if (!Object.is(actual, expected)) {
    throw new Error(`${what}: expected ${describe(expected)}, got ${describe(actual)}`)
  }
}

function doesNotThrow<T>(action: () => T, what: string): T {
  try {
    return action()
  } catch (error) {
    throw new Error(`${what} threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`)
  }
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 80 ? `${text.slice(0, 77)}… (${text.length} characters)` : text
}
