/**
 * What a chain family says about itself to the features that load on demand: what it can do (its
 * capabilities) and which text is one of its addresses (its address rule). Each wing's on-demand
 * part declares them, referencing the domain's per-family rules (validation/addresses.ts,
 * bitcoin/validate-bitcoin-address.ts); features ask the family rather than switch on its namespace.
 * Types only: a module of its own would be one more chunk every wing's part names.
 */
import type { ChainNamespace } from '../entities'
import type { NamespaceCapability } from '../feature-constants'
import type { Validation } from '../validation/validation-result'

export type { NamespaceCapability }

/** Which text is an address of a family, and whether one of its addresses can be used on a network. */
export interface AddressRule {
  /** Whether `text` is an address of the family (its shape, and its checksum where the family has one). */
  isAddress(text: string): boolean
  /**
   * Whether `address` (one of the family's) can be used on the network `caipNetworkId`, with the
   * message that says where it belongs when not. Absent: any address of the family can.
   */
  validate?(address: string, caipNetworkId: string): Validation
}

export interface FamilyRule {
  readonly namespace: ChainNamespace
  readonly capabilities: readonly NamespaceCapability[]
  readonly address: AddressRule
}
