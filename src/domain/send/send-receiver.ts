/**
 * The send form's receiver: an address of the connected chain family, or a registered name
 * ("alice" or "alice.wg.id") that the name service turns into one.
 */
import { NAME_SERVICE_ZONE } from '../constants'
import { CHAIN_NAMESPACES, type ChainNamespace, type NameProfile } from '../entities'
import { bech32Decode, wordsToBytes } from '../format/bech32'
import { nameCoinType } from '../names/coin-type'
import { bitcoinAddressNetwork } from '../bitcoin/bitcoin-address'
import type { AddressRule, FamilyRule } from '../chains/family-rules'
import { EVM_ADDRESS_RULE, SOLANA_ADDRESS_RULE } from '../validation/addresses'

/** The family a receiver is read for: its namespace and its address rule (its wing's). */
export type ReceiverFamily = Pick<FamilyRule, 'namespace' | 'address'>

/**
 * The address rules of the families the domain knows, to tell an address of another family than
 * the one sent on (whether or not the modal has that family's wing). The wings declare the same rules.
 */
const KNOWN_ADDRESS_RULES: Readonly<Partial<Record<ChainNamespace, AddressRule>>> = {
  eip155: EVM_ADDRESS_RULE,
  solana: SOLANA_ADDRESS_RULE,
  // The same rule as BITCOIN_ADDRESS_RULE's isAddress (without the network check, whose module the send form need not load).
  bip122: { isAddress: (text) => bitcoinAddressNetwork(text) !== undefined },
}

/**
 * Whether `address` is an address of the `namespace` chain family, by the domain's rule of that
 * family. A namespace without a rule of its own yet (polkadot, cosmos) accepts nothing.
 */
export function isAddressOf(namespace: ChainNamespace, address: string): boolean {
  return KNOWN_ADDRESS_RULES[namespace]?.isAddress(address) ?? false
}

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

export function receiverKind(text: string, family: ReceiverFamily | undefined): ReceiverKind {
  const trimmed = text.trim()
  if (trimmed === '') return 'empty'
  if (family?.address.isAddress(trimmed)) return 'address'
  // A name with a zone ("alice.wg.id") is a name even if its letters happen to be base58.
  if (!trimmed.includes('.') && belongsToAnotherFamily(trimmed, family?.namespace)) return 'otherFamily'
  return looksLikeName(trimmed) ? 'name' : 'invalid'
}

/** Whether `text` is an address of a chain family other than `namespace`. */
export function isAddressOfAnotherFamily(text: string, namespace: ChainNamespace | undefined): boolean {
  return CHAIN_NAMESPACES.some((other) => other !== namespace && isAddressOf(other, text))
}

/**
 * Whether `text` is, or is being typed as, an address of another family than `namespace`: a whole
 * address of one (isAddressOfAnotherFamily), an EVM address half typed where EVM is not sent to
 * ("0x…": no other family's address starts so), or a Cosmos account (bech32 with a valid checksum
 * and a 20- or 32-byte payload, whatever the chain's prefix), which is never a name.
 */
export function belongsToAnotherFamily(text: string, namespace: ChainNamespace | undefined): boolean {
  if (isAddressOfAnotherFamily(text, namespace)) return true
  if (namespace !== 'eip155' && /^0x[0-9a-f]*$/i.test(text)) return true
  return namespace !== 'cosmos' && isCosmosAccount(text)
}

/** Bitcoin's segwit prefixes: bech32 too, but Bitcoin's (isAddressOf knows them). */
const BITCOIN_PREFIXES = new Set(['bc', 'tb', 'bcrt'])

function isCosmosAccount(text: string): boolean {
  const decoded = bech32Decode(text)
  if (decoded === undefined || decoded.encoding !== 'bech32' || BITCOIN_PREFIXES.has(decoded.prefix)) return false
  const bytes = wordsToBytes(decoded.words)
  return bytes !== undefined && (bytes.length === 20 || bytes.length === 32)
}

/** The full name to look up: lower case, with the service's zone added to a bare name. */
export function nameToLookUp(input: string): string {
  const lower = input.toLowerCase()
  return lower.includes('.') ? lower : `${lower}.${NAME_SERVICE_ZONE}`
}

/**
 * The name's address on the network: its entry for the network's coin type, else its EVM entry,
 * else its first one; undefined unless that entry is an address of `family`.
 */
export function nameAddressOn(
  profile: NameProfile,
  family: ReceiverFamily,
  caipNetworkId: string | undefined,
): string | undefined {
  const coinType = coinTypeOf(caipNetworkId)
  const entry =
    (coinType !== undefined ? profile.addresses[coinType] : undefined) ??
    profile.addresses['60'] ??
    Object.values(profile.addresses)[0]
  return entry && family.address.isAddress(entry.address) ? entry.address : undefined
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
