/**
 * A WebAuthn authenticator in software for the server's tests: a P-256 key per credential,
 * "none" attestation, discoverable credentials with user verification, and a signature counter. It
 * answers the options the server hands out as a browser would pass them on (the JSON forms), for an
 * origin the test chooses, so a test can also answer as another origin or replay an answer.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url')
const sha256 = (bytes: Uint8Array | string): Buffer => createHash('sha256').update(bytes).digest()

interface Credential {
  readonly id: Buffer
  readonly key: KeyObject
  readonly rpId: string
  readonly userHandle: string
  counter: number
}

export class SoftAuthenticator {
  readonly credentials: Credential[] = []

  /** Answers `navigator.credentials.create(options)` as `origin` would see it. */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }, origin: string): Record<string, unknown> {
    const rpId = options.rp.id ?? new URL(origin).hostname
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    )
    const id = randomBytes(16)
    const credential: Credential = { id, key: privateKey, rpId, userHandle: options.user.id, counter: 0 }
    this.credentials.push(credential)
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    // UP | UV | AT
    const authData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04 | 0x40]), Buffer.alloc(4), Buffer.alloc(16), idLength, id, Buffer.from(cose)])
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    )
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false })
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: { clientDataJSON: b64url(Buffer.from(clientDataJSON)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    }
  }

  /** Answers `navigator.credentials.get(options)` with `credential` (the first by default) as `origin`. */
  get(options: { challenge: string; rpId?: string }, origin: string, credential = this.credentials[0]!): Record<string, unknown> {
    credential.counter += 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(credential.counter)
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([0x01 | 0x04]), counter])
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }))
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.key)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: credential.userHandle },
      clientExtensionResults: {},
    }
  }
}
