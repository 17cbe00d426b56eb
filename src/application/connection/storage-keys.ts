/**
 * Storage keys of the connection use cases (KeyValueStorage is already namespaced per project).
 * The spec lists the keys it names in section 9 (domain STORAGE_KEYS); the last connector is
 * Walletgate's own, needed to reconnect silently after a reload.
 */
export const LAST_CONNECTOR_KEY = '@walletgate/last-connector'
