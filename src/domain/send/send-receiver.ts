/**
 * The send form's receiver: an address of the connected chain family, or a registered name
 * ("alice" or "alice.wg.id") that the name service turns into one.
 */
import { NAME_SERVICE_ZONE } from '../constants'
import type { ChainNamespace, NameProfile } from '../entities'
import { nameCoinType } from '../names/coin-type'
import { isAddressOf } from '../validation/addresses'

/** A receiver that is not an address but could be a registered name ("alice" or "alice.wg.id"). */
export function looksLikeName(text: string): boolean {
  return !/^0x/i.test(text) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(text) && /[a-z]/i.test(text)
}

/** What the typed receiver is, for the namespace it would be sent on. */
export type ReceiverKind = 'empty' | 'address' | 'name' | 'invalid'

export function receiverKind(text: string, namespace: ChainNamespace | undefined): ReceiverKind {
  const trimmed = text.trim()
  if (trimmed === '') return 'empty'
  if (namespace !== undefined && isAddressOf(namespace, trimmed)) return 'address'
  return looksLikeName(trimmed) ? 'name' : 'invalid'
}

/** The full name to look up: lower case, with the service's zone added to a bare name. */
export function nameToLookUp(input: string): string {
  const lower = input.toLowerCase()
  return lower.includes('.') ? lower : `${lower}.${NAME_SERVICE_ZONE}`
}

/**
 * The name's address on the network: its entry for the network's coin type, else its EVM entry,
 * else its first one; undefined unless that entry is an address of `namespace`.
 */
export function nameAddressOn(
  profile: NameProfile,
  namespace: ChainNamespace,
  caipNetworkId: string | undefined,
): string | undefined {
  const coinType = coinTypeOf(caipNetworkId)
  const entry =
    (coinType !== undefined ? profile.addresses[coinType] : undefined) ??
    profile.addresses['60'] ??
    Object.values(profile.addresses)[0]
  return entry && isAddressOf(namespace, entry.address) ? entry.address : undefined
}

function coinTypeOf(caipNetworkId: string | undefined): string | undefined {
  const reference = caipNetworkId?.split(':')[1]
  if (reference === undefined || !/^\d+$/.test(reference)) return undefined
  try {
    return String(nameCoinType(Number(reference)))
  } catch {
    // A chain id the coin-type rule does not cover has no entry of its own.
    return undefined
  }
}
