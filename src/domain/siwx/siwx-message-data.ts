/**
 * The fields of a sign-in message (EIP-4361 and its CAIP-122 kin), family-neutral: each chain
 * family turns them into its own text (src/infrastructure/chains/<namespace>/siwx).
 */
import type { CaipNetworkId, SiwxMessageData } from '../entities'

export interface SiwxMessageInput {
  readonly accountAddress: string
  readonly chainId: CaipNetworkId
  readonly domain: string
  readonly uri: string
  readonly nonce: string
  readonly statement?: string | undefined
  readonly nowMs: number
  readonly expiresInMs: number
}

/** The message data for one sign-in: issued now, expiring `expiresInMs` later (ISO 8601, ms precision). */
export function siwxMessageData(input: SiwxMessageInput): SiwxMessageData {
  return {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: input.domain,
    uri: input.uri,
    version: '1',
    nonce: input.nonce,
    ...(input.statement === undefined || input.statement === '' ? {} : { statement: input.statement }),
    issuedAt: new Date(input.nowMs).toISOString(),
    expirationTime: new Date(input.nowMs + input.expiresInMs).toISOString(),
  }
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A nonce from random bytes: 16 alphanumeric characters (EIP-4361 asks for at least 8). The
 * bytes come from a crypto source supplied by the caller; the slight bias of `% 62` is harmless here.
 */
export function nonceFromBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => NONCE_ALPHABET[b % NONCE_ALPHABET.length]).join('')
}
