/**
 * The WalletConnect SDK's persisted state of one modal, checked before the SDK starts. A value
 * that is not JSON (or not the object or list every SDK store keeps) makes the SDK's start throw a
 * TypeError ("this.cached.forEach is not a function") or lose the session silently, every time,
 * so the visitor could never connect again. Such state is cleared: the modal's WalletConnect
 * keys go, and the visitor pairs afresh.
 *
 * Which keys: the core and client stores carry the modal's customStoragePrefix
 * (`wc@2:core:0.3:<prefix>//pairing`); UniversalProvider's own keys (`wc@2:universal_provider:...`)
 * carry none, and are the SDK's for the whole page (it clears them itself when no session is left).
 */

/** What the check needs of a store: the SDK's IKeyValueStorage, or the browser's raw stores. */
export interface StoredEntries {
  keys(): Promise<string[]>
  /** The stored value (parsed by an SDK storage, the raw text of a browser store). May throw. */
  read(key: string): Promise<unknown>
  remove(key: string): Promise<void>
}

const UNIVERSAL_PROVIDER_KEY = 'wc@2:universal_provider:'

/** Whether `key` is this modal's WalletConnect state (the SDK's keys, raw or as unstorage writes them). */
export function isModalKey(key: string, prefix: string): boolean {
  return key.startsWith(UNIVERSAL_PROVIDER_KEY) || (key.startsWith('wc@2:') && (key.includes(`:${prefix}:`) || key.includes(`:${prefix}/`)))
}

/** Every SDK store keeps an object or a list; raw text must parse to one. */
export function isReadable(value: unknown): boolean {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown
    } catch {
      return false
    }
  }
  return typeof value === 'object' && value !== null
}

/** The modal's keys whose value cannot be read back. */
export async function unreadableKeys(entries: StoredEntries, prefix: string): Promise<string[]> {
  const bad: string[] = []
  for (const key of (await entries.keys()).filter((k) => isModalKey(k, prefix))) {
    const readable = await entries.read(key).then(isReadable, () => false)
    if (!readable) bad.push(key)
  }
  return bad
}

/** Removes the modal's WalletConnect state: its prefixed stores and UniversalProvider's keys. */
export async function clearModalState(entries: StoredEntries, prefix: string): Promise<string[]> {
  const keys = (await entries.keys()).filter((k) => isModalKey(k, prefix))
  for (const key of keys) await entries.remove(key)
  return keys
}

/** The SDK's own storage interface (what a host or a test passes as `storage`). */
export function storedEntriesOf(storage: {
  getKeys(): Promise<string[]>
  getItem(key: string): Promise<unknown>
  removeItem(key: string): Promise<void>
}): StoredEntries {
  return { keys: () => storage.getKeys(), read: (key) => storage.getItem(key), remove: (key) => storage.removeItem(key) }
}

/** Where the SDK keeps its state in a browser by default (@walletconnect/keyvaluestorage). */
const SDK_DATABASE = 'WALLET_CONNECT_V2_INDEXED_DB'
const SDK_STORE = 'keyvaluestorage'

/**
 * The SDK's default browser stores, raw: its IndexedDB store, and localStorage (where it keeps
 * state when IndexedDB is unavailable, and from where it migrates older state). Nothing is
 * created: without the SDK's database there is nothing to check there.
 */
export function browserStoredEntries(): StoredEntries {
  const local = (): Storage | undefined => {
    try {
      return globalThis.localStorage
    } catch {
      return undefined
    }
  }
  // Which store each key came from (a key in both is checked and removed in both).
  const inLocal = new Set<string>()
  const inIdb = new Set<string>()
  return {
    async keys() {
      const idbKeys = ((await withStore('readonly', (store) => store.getAllKeys()).catch(() => undefined)) ?? []).map(String)
      const storage = local()
      const localKeys = storage ? Object.keys(storage) : []
      idbKeys.forEach((k) => inIdb.add(k))
      localKeys.forEach((k) => inLocal.add(k))
      return [...new Set([...idbKeys, ...localKeys])]
    },
    async read(key) {
      const raw = inLocal.has(key) ? local()?.getItem(key) : undefined
      if (raw !== undefined && raw !== null && !isReadable(raw)) return raw
      return inIdb.has(key) ? withStore('readonly', (store) => store.get(key)) : raw
    },
    async remove(key) {
      if (inLocal.has(key)) local()?.removeItem(key)
      if (inIdb.has(key)) await withStore('readwrite', (store) => store.delete(key))
    },
  }
}

function withStore<T>(mode: IDBTransactionMode, run: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined)
    const open = indexedDB.open(SDK_DATABASE)
    // No database yet: create none (abort the upgrade the open started).
    open.onupgradeneeded = () => open.transaction?.abort()
    open.onerror = () => resolve(undefined)
    open.onsuccess = () => {
      const db = open.result
      if (!db.objectStoreNames.contains(SDK_STORE)) {
        db.close()
        return resolve(undefined)
      }
      const request = run(db.transaction(SDK_STORE, mode).objectStore(SDK_STORE))
      request.onsuccess = () => {
        db.close()
        resolve(request.result)
      }
      request.onerror = () => {
        db.close()
        reject(request.error ?? new Error('IndexedDB request failed'))
      }
    }
  })
}
