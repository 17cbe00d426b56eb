/**
 * Signed requests as the modal makes them, for the name service and the sign-in API: real keys,
 * real signatures (an eip155 account through viem, a Solana one with ed25519).
 */
import { encodeBase58 } from '../src/base58.js'
import { ed25519 } from '@noble/curves/ed25519'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'

/** The coin type of the devnet's chain A (ENSIP-11: 0x80000000 | chain id). */
export const COIN_TYPE = (0x80000000 | 31337) >>> 0

/** A signed name registration body, as the modal sends it. */
export async function registration(name: string, key = generatePrivateKey(), init: { tamper?: boolean; coinType?: number; messageAddress?: string } = {}) {
  const account = privateKeyToAccount(key)
  const message = JSON.stringify({ name, coinType: init.coinType ?? COIN_TYPE, address: init.messageAddress ?? account.address, timestamp: 1_700_000_000_000 })
  const signature = await account.signMessage({ message: init.tamper === true ? `${message} ` : message })
  return { key, address: account.address, body: { coin_type: COIN_TYPE, address: account.address, message, signature } }
}

export const registerName = (app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/v1/profile/account', payload: body as object, headers })

/** The Solana network sign-in is tried on (the devnet's id; any solana:<ref> the server is given would do). */
export const SOLANA_CHAIN = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

/** What a sign-in message says, besides the nonce; times in ms. */
export interface MessageFields {
  domain?: string
  uri?: string
  chainId?: string
  nonce: string
  issuedAtMs: number
  expiresAtMs?: number
  notBeforeMs?: number
  statement?: string
}

/** An eip155 account's signed EIP-4361 message for `https://app.example`, with the modal's data of it. */
export async function siwe(key: `0x${string}`, fields: MessageFields) {
  const account = privateKeyToAccount(key)
  const chainId = fields.chainId ?? 'eip155:31337'
  const data = {
    accountAddress: account.address,
    chainId,
    domain: fields.domain ?? 'app.example',
    uri: fields.uri ?? 'https://app.example',
    version: '1',
    nonce: fields.nonce,
    statement: fields.statement ?? 'Sign in.',
    issuedAt: new Date(fields.issuedAtMs).toISOString(),
    ...(fields.expiresAtMs === undefined ? {} : { expirationTime: new Date(fields.expiresAtMs).toISOString() }),
    ...(fields.notBeforeMs === undefined ? {} : { notBefore: new Date(fields.notBeforeMs).toISOString() }),
  }
  const message = createSiweMessage({
    address: account.address,
    chainId: Number(chainId.slice('eip155:'.length)),
    domain: data.domain,
    uri: data.uri,
    version: '1',
    nonce: data.nonce,
    statement: data.statement,
    issuedAt: new Date(fields.issuedAtMs),
    ...(fields.expiresAtMs === undefined ? {} : { expirationTime: new Date(fields.expiresAtMs) }),
    ...(fields.notBeforeMs === undefined ? {} : { notBefore: new Date(fields.notBeforeMs) }),
  })
  return { data, message, signature: await account.signMessage({ message }) }
}

/** A Solana keypair: its base58 address and its 32-byte secret. */
export function solanaKey(): { address: string; secret: Uint8Array } {
  const secret = ed25519.utils.randomPrivateKey()
  return { address: base58(ed25519.getPublicKey(secret)), secret }
}

/** A Solana account's signed Sign-In-With-Solana message for `https://app.example`, with its data. */
export function siws(key: { address: string; secret: Uint8Array }, fields: MessageFields) {
  const data = {
    accountAddress: key.address,
    chainId: fields.chainId ?? SOLANA_CHAIN,
    domain: fields.domain ?? 'app.example',
    uri: fields.uri ?? 'https://app.example',
    version: '1',
    nonce: fields.nonce,
    statement: fields.statement ?? 'Sign in.',
    issuedAt: new Date(fields.issuedAtMs).toISOString(),
    ...(fields.expiresAtMs === undefined ? {} : { expirationTime: new Date(fields.expiresAtMs).toISOString() }),
    ...(fields.notBeforeMs === undefined ? {} : { notBefore: new Date(fields.notBeforeMs).toISOString() }),
  }
  const message = createSignInMessageText({ ...data, address: data.accountAddress })
  return { data, message, signature: base58(ed25519.sign(new TextEncoder().encode(message), key.secret)) }
}

/** Base58, as Solana writes keys and signatures (the server's own encoder). */
export const base58 = encodeBase58
