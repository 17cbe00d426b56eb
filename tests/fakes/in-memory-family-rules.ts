/**
 * FamilyRules over a fixed list (the families' rules as their wings declare them by default), with
 * rules emitted at once: a form reads its family's rules synchronously in tests.
 */
import { of, type Observable } from 'rxjs'
import { BITCOIN_ADDRESS_RULE } from '../../src/domain/bitcoin/validate-bitcoin-address'
import type { AddressRule, FamilyRule } from '../../src/domain/chains/family-rules'
import { EVM_ADDRESS_RULE, NO_ADDRESS_RULE, SOLANA_ADDRESS_RULE } from '../../src/domain/validation/addresses'
import type { ChainNamespace } from '../../src/domain/entities'
import { SUPPORTED_NAMESPACES, type NamespaceCapability } from '../../src/domain/feature-constants'
import type { FamilyRules } from '../../src/ports/family-rules'

const ADDRESS_RULES: Readonly<Partial<Record<ChainNamespace, AddressRule>>> = {
  eip155: EVM_ADDRESS_RULE,
  solana: SOLANA_ADDRESS_RULE,
  bip122: BITCOIN_ADDRESS_RULE,
}

/** What the domain's table says the family of `namespace` can do (each wing declares the same). */
export function capabilitiesOf(namespace: ChainNamespace): NamespaceCapability[] {
  return (Object.keys(SUPPORTED_NAMESPACES) as NamespaceCapability[]).filter((c) => SUPPORTED_NAMESPACES[c].includes(namespace))
}

/** A family's rules as its wing declares them. */
export function aFamilyRule(namespace: ChainNamespace, overrides: Partial<FamilyRule> = {}): FamilyRule {
  const address = ADDRESS_RULES[namespace] ?? NO_ADDRESS_RULE
  return { namespace, capabilities: capabilitiesOf(namespace), address, ...overrides }
}

export class InMemoryFamilyRules implements FamilyRules {
  readonly asked: ChainNamespace[] = []
  constructor(private readonly rules: readonly FamilyRule[] = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'].map((ns) => aFamilyRule(ns))) {}

  of(namespace: ChainNamespace): Observable<FamilyRule | undefined> {
    this.asked.push(namespace)
    return of(this.rules.find((rule) => rule.namespace === namespace))
  }
}
