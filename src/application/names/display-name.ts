import type { KeyValueStorage } from '../../ports/key-value-storage'

/**
 * Which of its names an address shows. The name service has no primary name to set (a registration
 * only adds a name, and identity answers the oldest), so the choice is the modal's: kept per
 * address in this browser's storage, and shown only while the service still lists the name as
 * the address's (a value written to storage by anyone else names nothing the address does not own).
 */
const displayNameKey = (address: string): string => `@walletgate/display-name/${address.toLowerCase()}`

/** The name chosen for `address` (any case), if any. */
export function readDisplayName(storage: KeyValueStorage, address: string): string | undefined {
  const name = storage.get(displayNameKey(address))
  return name === null || name === '' ? undefined : name
}

export function rememberDisplayName(storage: KeyValueStorage, address: string, name: string): void {
  storage.set(displayNameKey(address), name)
}

/** The name an address with `owned` names (oldest first) shows: the chosen one while it owns it, else its oldest. */
export function displayedName(owned: readonly string[], chosen: string | undefined): string | null {
  if (chosen !== undefined && owned.includes(chosen)) return chosen
  return owned[0] ?? null
}
