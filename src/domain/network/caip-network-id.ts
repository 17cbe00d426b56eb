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

/**
 * An eip155 chain id as a wallet reports it (`0x`-hex or decimal text, or a number), when it is a
 * positive safe integer; anything else (a fraction, a negative, a number beyond 2^53 - 1 that would
 * silently round to another chain) is malformed: undefined.
 */
export function parseEip155ChainId(value: unknown): number | undefined {
  let id: number
  if (typeof value === 'number') id = value
  else if (typeof value === 'string' && /^0x[0-9a-f]{1,14}$/i.test(value)) id = Number.parseInt(value.slice(2), 16)
  else if (typeof value === 'string' && /^\d{1,16}$/.test(value)) id = Number(value)
  else return undefined
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

/**
 * A CAIP-2 id a wallet reported, when well formed (a known namespace, a CAIP-2 reference, and for
 * eip155 a positive safe integer written plainly); else undefined.
 */
export function wellFormedCaipNetworkId(value: string): CaipNetworkId | undefined {
  const parsed = parseCaipNetworkId(value)
  if (parsed === undefined) return undefined
  if (parsed.namespace !== 'eip155') return value as CaipNetworkId
  const id = /^[1-9]\d*$/.test(parsed.reference) ? parseEip155ChainId(parsed.reference) : undefined
  return id === undefined ? undefined : `eip155:${String(id)}`
}
