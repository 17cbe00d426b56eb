/**
 * WalletConnect's one-click sign-in answers (CACAO, CAIP-74) as sign-in sessions. A CACAO carries
 * the fields of the message (payload `p`), the issuer as a DID (`did:pkh:eip155:31337:0xabc`) and
 * the signature (`s`); the text the wallet signed is the SDK's rendering of the payload
 * (`formatAuthMessage`), handed in as `signedMessage`. The session's data is the payload's fields,
 * its statement the one the signed text shows (the SDK appends the ReCap sentence of the requested
 * methods to the host's statement). Nothing is checked here: the sign-in verifier rebuilds the
 * message from the data in strict EIP-4361 and compares it with `signedMessage` before the
 * signature is checked, so a payload that does not render to a strict message never verifies.
 */
import type { CaipNetworkId, SiwxMessageData, SiwxSession } from '../../../domain/entities'

/** The parts of a CACAO the mapping reads (the SDK's `AuthTypes.Cacao`). */
export interface CacaoLike {
  readonly p: {
    readonly iss: string
    readonly domain: string
    readonly aud?: string | undefined
    readonly uri?: string | undefined
    readonly version: string
    readonly nonce: string
    readonly iat: string
    readonly nbf?: string | undefined
    readonly exp?: string | undefined
    readonly statement?: string | undefined
    readonly requestId?: string | undefined
    readonly resources?: readonly string[] | undefined
  }
  readonly s: { readonly t: string; readonly s: string }
}

/** `did:pkh:eip155:31337:0xabc` -> chain `eip155:31337`, address `0xabc` (undefined when not a did:pkh). */
export function issuerOf(iss: string): { chainId: CaipNetworkId; address: string } | undefined {
  const match = /^did:pkh:([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/.exec(iss)
  if (match === null) return undefined
  return { chainId: `${match[1]!}:${match[2]!}` as CaipNetworkId, address: match[3]! }
}

/**
 * The statement line of a sign-in message: the line between the blank lines after the address
 * (EIP-4361 and CAIP-122 place it there); undefined without one.
 */
export function statementOf(message: string): string | undefined {
  const lines = message.split('\n')
  return lines[2] === '' && lines[3] !== undefined && lines[3] !== '' && lines[4] === '' ? lines[3] : undefined
}

/**
 * The session a CACAO stands for; undefined when its issuer is not a `did:pkh` account. The CACAO
 * itself is kept with the session.
 */
export function cacaoSession(cacao: CacaoLike, signedMessage: string): SiwxSession | undefined {
  const issuer = issuerOf(cacao.p.iss)
  if (issuer === undefined) return undefined
  const { p } = cacao
  const statement = statementOf(signedMessage)
  const uri = typeof p.aud === 'string' ? p.aud : typeof p.uri === 'string' ? p.uri : ''
  const data: SiwxMessageData = {
    accountAddress: issuer.address,
    chainId: issuer.chainId,
    domain: p.domain,
    uri,
    version: p.version,
    nonce: p.nonce,
    ...(statement === undefined ? {} : { statement }),
    issuedAt: p.iat,
    // Fields left out may arrive as null after the relay's JSON: only strings count.
    ...(typeof p.exp === 'string' ? { expirationTime: p.exp } : {}),
    ...(typeof p.nbf === 'string' ? { notBefore: p.nbf } : {}),
    ...(typeof p.requestId === 'string' ? { requestId: p.requestId } : {}),
    ...(Array.isArray(p.resources) && p.resources.length > 0 ? { resources: [...p.resources] } : {}),
  }
  return { data, message: signedMessage, signature: cacao.s.s, cacao }
}
