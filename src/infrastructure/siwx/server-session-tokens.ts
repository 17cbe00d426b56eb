/**
 * The bearer tokens of the sessions the host's server keeps (siwx `serverUrl`), as this page keeps
 * them in the modal's key-value storage: its token, and whose session it is. Read by the sign-in
 * storage and by the paymaster's requests (a signed-in visitor's gas may be paid).
 */
import type { KeyValueStorage } from '../../ports/key-value-storage'

export const SERVER_TOKENS_KEY = 'siwx:server-tokens'

/** One session the server keeps, as this page knows it. */
export interface ServerTokenEntry {
  readonly token: string
  readonly caipNetworkId: string
  readonly address: string
}

/** The array kept under `key` as JSON; [] when there is none or it is not one. */
export function storedArray(storage: KeyValueStorage, key: string): unknown[] {
  const raw = storage.get(key)
  if (raw === null) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    return []
  }
  return Array.isArray(parsed) ? (parsed as unknown[]) : []
}

/** The entries kept; anything malformed is left out. */
export function readServerTokens(storage: KeyValueStorage): ServerTokenEntry[] {
  return storedArray(storage, SERVER_TOKENS_KEY).filter(
    (e: unknown): e is ServerTokenEntry =>
      typeof e === 'object' &&
      e !== null &&
      typeof (e as ServerTokenEntry).token === 'string' &&
      typeof (e as ServerTokenEntry).caipNetworkId === 'string' &&
      typeof (e as ServerTokenEntry).address === 'string',
  )
}

/** The token of the account's session on the network (addresses case-insensitive), if the page keeps one. */
export function serverSessionToken(storage: KeyValueStorage, caipNetworkId: string, address: string): string | undefined {
  return readServerTokens(storage).find((e) => e.caipNetworkId === caipNetworkId && e.address.toLowerCase() === address.toLowerCase())?.token
}
