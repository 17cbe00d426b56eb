import type { ChainNamespace } from '../../domain/entities'
import { isChainNamespace } from '../../domain/entities'
import type { KeyValueStorage } from '../../ports/key-value-storage'

/**
 * Storage keys of the connection use cases (KeyValueStorage is already namespaced per project).
 * The spec lists the keys it names in section 9 (domain STORAGE_KEYS); the last connectors are
 * Walletgate's own, needed to reconnect silently after a reload: one per connected namespace, as
 * JSON `{ "eip155": "<connector id>", "solana": "<connector id>" }`.
 */
export const LAST_CONNECTORS_KEY = '@walletgate/last-connectors'

export type LastConnectors = Partial<Record<ChainNamespace, string>>

/** The remembered connector per namespace; a malformed value reads as none. */
export function readLastConnectors(storage: KeyValueStorage): LastConnectors {
  const raw = storage.get(LAST_CONNECTORS_KEY)
  if (raw === null) return {}
  try {
    const parsed: unknown = JSON.parse(raw)
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {}
    const result: LastConnectors = {}
    for (const [namespace, id] of Object.entries(parsed as Record<string, unknown>)) {
      if (isChainNamespace(namespace) && typeof id === 'string' && id !== '') result[namespace] = id
    }
    return result
  } catch {
    return {}
  }
}

export function rememberConnector(storage: KeyValueStorage, namespace: ChainNamespace, connectorId: string): void {
  writeLastConnectors(storage, { ...readLastConnectors(storage), [namespace]: connectorId })
  // A new connection starts on the account the wallet puts first.
  forgetChosenAccount(storage, namespace)
}

/**
 * The account a visitor chose among those their wallet shared (a polkadot extension's named
 * accounts), so a reload comes back to it: JSON `{ "polkadot": ["<connector id>", "<address>"] }`.
 */
export const CHOSEN_ACCOUNTS_KEY = '@walletgate/chosen-accounts'

function readChosen(storage: KeyValueStorage): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(storage.get(CHOSEN_ACCOUNTS_KEY) ?? '{}')
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

/** The address chosen with this connector in this namespace; a malformed value reads as none. */
export function readChosenAccount(storage: KeyValueStorage, namespace: ChainNamespace, connectorId: string): string | undefined {
  const entry = readChosen(storage)[namespace]
  return Array.isArray(entry) && entry[0] === connectorId && typeof entry[1] === 'string' ? entry[1] : undefined
}

export function rememberChosenAccount(storage: KeyValueStorage, namespace: ChainNamespace, connectorId: string, address: string): void {
  storage.set(CHOSEN_ACCOUNTS_KEY, JSON.stringify({ ...readChosen(storage), [namespace]: [connectorId, address] }))
}

function forgetChosenAccount(storage: KeyValueStorage, namespace?: ChainNamespace): void {
  const chosen = readChosen(storage)
  if (namespace !== undefined) delete chosen[namespace]
  if (namespace === undefined || Object.keys(chosen).length === 0) storage.remove(CHOSEN_ACCOUNTS_KEY)
  else storage.set(CHOSEN_ACCOUNTS_KEY, JSON.stringify(chosen))
}

export function forgetConnector(storage: KeyValueStorage, namespace?: ChainNamespace): void {
  forgetChosenAccount(storage, namespace)
  if (namespace === undefined) {
    storage.remove(LAST_CONNECTORS_KEY)
    return
  }
  const next = { ...readLastConnectors(storage) }
  delete next[namespace]
  writeLastConnectors(storage, next)
}

function writeLastConnectors(storage: KeyValueStorage, connectors: LastConnectors): void {
  if (Object.keys(connectors).length === 0) storage.remove(LAST_CONNECTORS_KEY)
  else storage.set(LAST_CONNECTORS_KEY, JSON.stringify(connectors))
}
