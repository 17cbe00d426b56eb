import type { ChainNamespace } from '../../domain/entities'
import { CHAIN_NAMESPACES, isChainNamespace } from '../../domain/entities'
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
 * accounts), so a reload comes back to it: one key per namespace, `<connector id> <address>`.
 */
const chosenKey = (namespace: ChainNamespace): string => `@walletgate/chosen-account/${namespace}`

/** The address chosen with this connector in this namespace. */
export function readChosenAccount(storage: KeyValueStorage, namespace: ChainNamespace, connectorId: string): string | undefined {
  const [id, address] = (storage.get(chosenKey(namespace)) ?? '').split(' ')
  return id === connectorId && address !== undefined && address !== '' ? address : undefined
}

export function rememberChosenAccount(storage: KeyValueStorage, namespace: ChainNamespace, connectorId: string, address: string): void {
  storage.set(chosenKey(namespace), `${connectorId} ${address}`)
}

function forgetChosenAccount(storage: KeyValueStorage, namespace?: ChainNamespace): void {
  for (const each of namespace === undefined ? CHAIN_NAMESPACES : [namespace]) storage.remove(chosenKey(each))
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
