/**
 * The send form's receiver: an address of the connected chain family, or a registered name
 * ("alice" or "alice.wg.id") that the name service turns into one.
 */
import { NAME_SERVICE_ZONE } from '../constants'
import { CHAIN_NAMESPACES, type ChainNamespace, type NameProfile } from '../entities'
import { nameCoinType } from '../names/coin-type'
import { isAddressOf } from '../validation/addresses'

/** A receiver that is not an address but could be a registered name ("alice" or "alice.wg.id"). */
export function looksLikeName(text: string): boolean {
  return !/^0x/i.test(text) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(text) && /[a-z]/i.test(text)
}

/**
 * What the typed receiver is, for the namespace it would be sent on. `otherFamily`: an address of
 * another chain family (an EVM address on Solana), said as such while the visitor types rather than
 * as a bad address or, for a base58 address on EVM, looked up as a name that nobody registered.
 */
export type ReceiverKind = 'empty' | 'address' | 'name' | 'otherFamily' | 'invalid'

export function receiverKind(text: string, namespace: ChainNamespace | undefined): ReceiverKind {
  const trimmed = text.trim()
  if (trimmed === '') return 'empty'
  if (namespace !== undefined && isAddressOf(namespace, trimmed)) return 'address'
  // A name with a zone ("alice.wg.id") is a name even if its letters happen to be base58.
  if (!trimmed.includes('.') && isAddressOfAnotherFamily(trimmed, namespace)) return 'otherFamily'
  return looksLikeName(trimmed) ? 'name' : 'invalid'
}

/** Whether `text` is an address of a chain family other than `namespace`. */
export function isAddressOfAnotherFamily(text: string, namespace: ChainNamespace | undefined): boolean {
  return CHAIN_NAMESPACES.some((other) => other !== namespace && isAddressOf(other, text))
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
