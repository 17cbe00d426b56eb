/** CAIP-2 network ids: `namespace:reference`. */
import { CAIP2_REFERENCE_PATTERN, isChainNamespace, type CaipNetworkId, type ChainNamespace } from '../entities'

export function isCaipNetworkId(value: string): value is CaipNetworkId {
  const i = value.indexOf(':')
  return i > 0 && isChainNamespace(value.slice(0, i)) && CAIP2_REFERENCE_PATTERN.test(value.slice(i + 1))
}

export function parseCaipNetworkId(
  value: string,
): { namespace: ChainNamespace; reference: string } | undefined {
  if (!isCaipNetworkId(value)) return undefined
  const i = value.indexOf(':')
  return { namespace: value.slice(0, i) as ChainNamespace, reference: value.slice(i + 1) }
}

export function toCaipNetworkId(namespace: ChainNamespace, reference: number | string): CaipNetworkId {
  return `${namespace}:${String(reference)}`
}
