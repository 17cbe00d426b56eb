/**
 * What the receiver of a send could get wrong without being malformed: a mistyped EVM address
 * (its checksum), and receivers that usually lose the money for good (the zero address, the
 * token's own contract) or make the send pointless (the sender itself). Each rule belongs to a
 * chain family: the checksum and the zero address are eip155's; comparing addresses follows the
 * family's case rule (EVM hex is case-insensitive, base58 is not).
 */
import { getAddress, isAddress } from 'viem'
import type { ChainNamespace } from '../entities'

/**
 * "Invalid address checksum" for an EVM address written in mixed case whose case is not its
 * EIP-55 checksum (one letter mistyped changes it); all lower or all upper case carries no
 * checksum and passes. Other families have no such rule here.
 */
export function receiverChecksumError(namespace: ChainNamespace, address: string): { readonly kind: 'invalidAddressChecksum' } | undefined {
  if (namespace !== 'eip155') return undefined
  const prefixed = /^0x/i.test(address) ? `0x${address.slice(2)}` : `0x${address}`
  const hex = prefixed.slice(2)
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return undefined
  if (!isAddress(prefixed, { strict: false })) return undefined
  return getAddress(prefixed) === prefixed ? undefined : { kind: 'invalidAddressChecksum' }
}

/**
 * The receiver as the transfer is sent to it: an EVM address with its 0x and its EIP-55 checksum
 * (an address typed in all upper case, or without 0x, is valid but not what wallets and viem take);
 * other families' addresses as they are.
 */
export function canonicalReceiver(namespace: ChainNamespace, address: string): string {
  if (namespace !== 'eip155') return address
  const prefixed = /^0x/i.test(address) ? `0x${address.slice(2)}` : `0x${address}`
  return isAddress(prefixed.toLowerCase(), { strict: false }) ? getAddress(prefixed.toLowerCase()) : address
}

/** Something about the receiver the visitor must see on the review before sending. */
export type SendWarning =
  /** 0x000…000: nobody holds its key; what is sent there stays there. */
  | { readonly kind: 'zeroAddress' }
  /** The token's own contract: most tokens keep what is sent to them, out of anyone's reach. */
  | { readonly kind: 'tokenContract'; readonly symbol: string }
  /** The sender's own address: only the fee moves. */
  | { readonly kind: 'self' }

export interface SendWarningInput {
  readonly namespace: ChainNamespace
  readonly receiver: string
  readonly sender: string
  /** The token's contract (mint) address; undefined for the native token. */
  readonly tokenContract?: string
  readonly tokenSymbol: string
}

export function sendWarnings(input: SendWarningInput): readonly SendWarning[] {
  const same = (a: string, b: string) => sameAddress(input.namespace, a, b)
  const warnings: SendWarning[] = []
  if (input.namespace === 'eip155' && /^(0x)?0{40}$/i.test(input.receiver)) warnings.push({ kind: 'zeroAddress' })
  if (input.tokenContract !== undefined && same(input.receiver, input.tokenContract)) {
    warnings.push({ kind: 'tokenContract', symbol: input.tokenSymbol })
  }
  if (same(input.receiver, input.sender)) warnings.push({ kind: 'self' })
  return warnings
}

/**
 * Whether the visitor must say yes explicitly before the send goes to the wallet: the money would
 * most likely be lost, so seeing the warning is not enough.
 */
export function needsAcknowledgement(warnings: readonly SendWarning[]): boolean {
  return warnings.some((w) => w.kind === 'zeroAddress' || w.kind === 'tokenContract')
}

export function sendWarningMessage(warning: SendWarning): string {
  switch (warning.kind) {
    case 'zeroAddress':
      return 'This is the zero address: nobody can ever move what is sent to it.'
    case 'tokenContract':
      return `This is the ${warning.symbol} token's own contract: tokens sent to it are usually lost for good.`
    case 'self':
      return 'This is your own address: you would send to yourself.'
  }
}

function sameAddress(namespace: ChainNamespace, a: string, b: string): boolean {
  if (namespace !== 'eip155') return a === b
  const plain = (x: string) => x.replace(/^0x/i, '').toLowerCase()
  return plain(a) === plain(b)
}
