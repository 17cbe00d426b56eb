/**
 * Sign-In-With-Solana: the message in the Wallet Standard's format (`@solana/wallet-standard-util`,
 * the text a wallet's `solana:signIn` writes for the same fields, so one signed through either
 * feature reads the same), and the signature checked with ed25519 against the account's key (the
 * address is the public key). The `Chain ID` line carries the CAIP-2 id (`solana:<genesis ref>`),
 * which names a cluster without doubt. Loaded only when a Solana account signs in.
 */
import { createSignInMessageText, parseSignInMessageText, verifyMessageSignature } from '@solana/wallet-standard-util'
import type { SiwxMessageData, SiwxSession } from '../../../../domain/entities'
import { base58Decode } from '../../../../domain/format/base58'
import { isSessionCurrent } from '../../../../domain/siwx/siwx-rules'
import { isSolanaAddress } from '../../../../domain/validation/addresses'
import type { SiwxFamilyMessenger } from '../../../../ports/siwx'
import { InvalidSignInMessageError } from '../../../../domain/siwx/caip122-message'

/** The message fields in the Wallet Standard's sign-in input shape. */
export type SolanaSignInFields = ReturnType<typeof signInFields>

export function signInFields(data: SiwxMessageData) {
  return {
    domain: data.domain,
    address: data.accountAddress,
    ...(data.statement === undefined ? {} : { statement: data.statement }),
    uri: data.uri,
    version: data.version,
    chainId: data.chainId,
    nonce: data.nonce,
    ...(data.issuedAt === undefined ? {} : { issuedAt: data.issuedAt }),
    ...(data.expirationTime === undefined ? {} : { expirationTime: data.expirationTime }),
    ...(data.notBefore === undefined ? {} : { notBefore: data.notBefore }),
    ...(data.requestId === undefined ? {} : { requestId: data.requestId }),
    ...(data.resources === undefined ? {} : { resources: data.resources }),
  }
}

/** One line, non-empty: a line break would let a value pose as another field. */
const oneLine = (value: string | undefined) => value === undefined || (value !== '' && !/[\r\n]/.test(value))

/** The message data a Sign-In-With-Solana text carries; undefined when it is not one (or lacks a required field). */
export function parseSolanaSignIn(message: string): SiwxMessageData | undefined {
  const parsed = parseSignInMessageText(message)
  if (parsed === null || parsed.address === undefined || parsed.uri === undefined || parsed.version === undefined || parsed.nonce === undefined) return undefined
  if (parsed.chainId === undefined || !/^solana:[A-Za-z0-9]{1,32}$/.test(parsed.chainId)) return undefined
  return {
    accountAddress: parsed.address,
    chainId: parsed.chainId as SiwxMessageData['chainId'],
    domain: parsed.domain,
    uri: parsed.uri,
    version: parsed.version,
    nonce: parsed.nonce,
    ...(parsed.statement === undefined ? {} : { statement: parsed.statement }),
    ...(parsed.issuedAt === undefined ? {} : { issuedAt: parsed.issuedAt }),
    ...(parsed.expirationTime === undefined ? {} : { expirationTime: parsed.expirationTime }),
    ...(parsed.notBefore === undefined ? {} : { notBefore: parsed.notBefore }),
    ...(parsed.requestId === undefined ? {} : { requestId: parsed.requestId }),
    ...(parsed.resources === undefined ? {} : { resources: [...parsed.resources] }),
  }
}

export class SolanaSignInMessenger implements SiwxFamilyMessenger {
  createMessage(data: SiwxMessageData): string {
    if (!isSolanaAddress(data.accountAddress)) throw new InvalidSignInMessageError('Not a Solana address')
    if (!/^solana:[A-Za-z0-9]{1,32}$/.test(data.chainId)) throw new InvalidSignInMessageError('Not a Solana network')
    const fields = [data.domain, data.uri, data.version, data.nonce, data.statement, data.issuedAt, data.expirationTime, data.notBefore, data.requestId, ...(data.resources ?? [])]
    if (!fields.every(oneLine) || data.domain.includes(' ') || !/^[A-Za-z0-9]{8,}$/.test(data.nonce)) {
      throw new InvalidSignInMessageError('The sign-in fields do not form a message')
    }
    return createSignInMessageText(signInFields(data))
  }

  verify(session: SiwxSession, nowMs: number): Promise<boolean> {
    return Promise.resolve(this.verifies(session, nowMs))
  }

  private verifies(session: SiwxSession, nowMs: number): boolean {
    const { data, message, signature } = session
    // The signed text must say exactly what the stored data says: nothing altered on either side.
    let expected: string
    try {
      expected = this.createMessage(data)
    } catch {
      return false
    }
    if (expected !== message || !isSessionCurrent(session, nowMs)) return false
    let publicKey: Uint8Array
    let signatureBytes: Uint8Array
    try {
      publicKey = base58Decode(data.accountAddress)
      signatureBytes = base58Decode(signature)
    } catch {
      return false
    }
    if (publicKey.length !== 32 || signatureBytes.length !== 64) return false
    const bytes = new TextEncoder().encode(message)
    try {
      return verifyMessageSignature({ message: bytes, signedMessage: bytes, signature: signatureBytes, publicKey })
    } catch {
      return false
    }
  }
}
