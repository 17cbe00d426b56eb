import { isChainNamespace, type CaipNetworkId, type ChainNamespace } from '../../domain/entities'

export interface ParsedCaip {
  readonly namespace: ChainNamespace
  readonly chainId: CaipNetworkId
  /** The account or token address part (CAIP-10) or undefined for a CAIP-2 id. */
  readonly address?: string
}

/**
 * Splits a CAIP-2 (`eip155:1`) or CAIP-10 (`eip155:1:0xabc`) id. Undefined when the namespace is
 * unknown or a part is empty.
 */
export function parseCaip(value: string): ParsedCaip | undefined {
  const [namespace, reference, address, ...rest] = value.split(':')
  if (rest.length > 0 || !isChainNamespace(namespace) || !reference) return undefined
  if (address === '') return undefined
  const chainId = `${namespace}:${reference}` as CaipNetworkId
  return address === undefined ? { namespace, chainId } : { namespace, chainId, address }
}

/** Encodes one path segment, keeping `:` (allowed in paths) readable for CAIP ids. */
export function segment(value: string): string {
  return encodeURIComponent(value).replace(/%3A/gi, ':')
}
