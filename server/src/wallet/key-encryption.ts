/**
 * Embedded-wallet keys at rest (issue 46): no key is stored in the clear. Each user's secrets are
 * sealed with a data key of their own (AES-256-GCM, the user id bound in as additional authenticated
 * data, so a sealed record moved onto another user does not open), and that data key is wrapped by
 * a key-encryption key (KEK) held outside the database, named by a key id stored beside it.
 *
 * The KEK lives behind {@link KeyEncryption}, a port: {@link LocalKeyEncryption} holds it in this
 * process (from a file or an environment variable); a cloud KMS can take its place. Rotation adds a
 * KEK and makes it current: records wrapped by the old one still open, and {@link rewrapUserKeys}
 * wraps a record's data key again under the current KEK without touching its sealed secrets.
 *
 * Nothing here puts key material in an error, a log line or `toString`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { secret } from '../config.js'

/** AES-256: 32-byte keys. */
export const KEY_BYTES = 32
/** A GCM nonce: 12 random bytes, never reused under one key (a fresh data key seals each record). */
const NONCE_BYTES = 12
const TAG_BYTES = 16
/** A key id: short, printable, no separator of the variable's format. */
const KEY_ID = /^[A-Za-z0-9_.-]{1,64}$/

/** Wraps and unwraps data keys under key-encryption keys this process never shows. */
export interface KeyEncryption {
  /** The id of the KEK that {@link wrap} uses now. */
  readonly currentKeyId: string
  /** `dataKey` wrapped under the current KEK, bound to `context`. */
  wrap(dataKey: Uint8Array, context: string): Promise<WrappedKey>
  /**
   * The data key `wrapped` holds. MUST reject with {@link KeyUnwrapError} when its KEK is unknown, or
   * when it was wrapped under another key or another `context` (a tampered or moved record).
   */
  unwrap(wrapped: WrappedKey, context: string): Promise<Uint8Array>
}

export interface WrappedKey {
  readonly keyId: string
  /** nonce ‖ ciphertext ‖ tag. */
  readonly wrapped: Uint8Array
}

/** A user's secrets as the database keeps them. */
export interface SealedUserKeys {
  /** The data key, wrapped under the KEK `keyId` names. */
  readonly dataKey: WrappedKey
  /** The secrets under the data key: nonce ‖ ciphertext ‖ tag. */
  readonly sealed: Uint8Array
}

/** A user's secrets in the clear: only in this process, only while it signs. */
export interface UserSecrets {
  /** The secp256k1 private key (eip155), 32 bytes. */
  readonly evm: Uint8Array
  /** The ed25519 seed (solana), 32 bytes. */
  readonly solanaSeed: Uint8Array
}

/** A record that does not open: an unknown KEK, another user's record, or one altered. Names no key. */
export class KeyUnwrapError extends Error {
  override readonly name = 'KeyUnwrapError'
  readonly code = 'KEY_UNWRAP_FAILED'
  constructor(reason: 'unknown key id' | 'does not open') {
    super(`The wallet key record ${reason === 'unknown key id' ? 'names a key-encryption key this server does not hold' : 'does not open with this key-encryption key'}`)
  }
}

/** A KEK setting that cannot be used. Names no key. */
export class KeyEncryptionConfigError extends Error {
  override readonly name = 'KeyEncryptionConfigError'
}

function seal(key: Uint8Array, plaintext: Uint8Array, context: string): Uint8Array {
  const nonce = randomBytes(NONCE_BYTES)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()])
  return new Uint8Array(Buffer.concat([nonce, body, cipher.getAuthTag()]))
}

function open(key: Uint8Array, sealed: Uint8Array, context: string): Uint8Array {
  if (sealed.length < NONCE_BYTES + TAG_BYTES) throw new KeyUnwrapError('does not open')
  const bytes = Buffer.from(sealed)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, NONCE_BYTES))
    decipher.setAAD(Buffer.from(context, 'utf8'))
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
    return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(NONCE_BYTES, bytes.length - TAG_BYTES)), decipher.final()]))
  } catch {
    // Node's own error says nothing of the key, but a wrong tag is all there is to say.
    throw new KeyUnwrapError('does not open')
  }
}

/** What a data key is bound to: the user it belongs to, and its purpose. */
const dataKeyContext = (userId: string) => `walletgate:wallet-data-key:v1:${userId}`
const secretsContext = (userId: string) => `walletgate:wallet-secrets:v1:${userId}`

/** KEKs held in this process: each id's 32 bytes, the current one wraps. */
export class LocalKeyEncryption implements KeyEncryption {
  readonly currentKeyId: string
  readonly #keys: ReadonlyMap<string, Uint8Array>

  /** `keys` in order, the current (newest) first. */
  constructor(keys: readonly { readonly id: string; readonly key: Uint8Array }[]) {
    if (keys.length === 0) throw new KeyEncryptionConfigError('No key-encryption key is set')
    const held = new Map<string, Uint8Array>()
    for (const { id, key } of keys) {
      if (!KEY_ID.test(id)) throw new KeyEncryptionConfigError(`A key-encryption key id must be 1 to 64 letters, digits, '.', '_' or '-'`)
      if (key.length !== KEY_BYTES) throw new KeyEncryptionConfigError(`The key-encryption key ${id} must be ${KEY_BYTES} bytes`)
      if (held.has(id)) throw new KeyEncryptionConfigError(`The key-encryption key id ${id} is given twice`)
      held.set(id, new Uint8Array(key))
    }
    this.currentKeyId = keys[0]!.id
    this.#keys = held
  }

  async wrap(dataKey: Uint8Array, context: string): Promise<WrappedKey> {
    return { keyId: this.currentKeyId, wrapped: seal(this.#keys.get(this.currentKeyId)!, dataKey, context) }
  }

  async unwrap(wrapped: WrappedKey, context: string): Promise<Uint8Array> {
    const key = this.#keys.get(wrapped.keyId)
    if (key === undefined) throw new KeyUnwrapError('unknown key id')
    return open(key, wrapped.wrapped, context)
  }

  /** Shows the ids only: a KEK never reaches a log through this object. */
  toJSON(): { readonly currentKeyId: string; readonly keyIds: readonly string[] } {
    return { currentKeyId: this.currentKeyId, keyIds: [...this.#keys.keys()] }
  }

  toString(): string {
    return `LocalKeyEncryption(${[...this.#keys.keys()].join(', ')})`
  }
}

/**
 * KEKs from their setting: `id:base64` of 32 bytes each, separated by commas or new lines, the
 * current first (`k2:…,k1:…` while k1's records are re-wrapped). Read from the file that
 * `WALLETGATE_KEK_FILE` names, else from `WALLETGATE_KEK`.
 */
export function parseKeks(setting: string): { id: string; key: Uint8Array }[] {
  const entries = setting
    .split(/[,\n]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
  return entries.map((entry, i) => {
    const colon = entry.indexOf(':')
    if (colon <= 0) throw new KeyEncryptionConfigError(`Key-encryption key ${i + 1} must be written id:base64`)
    const id = entry.slice(0, colon)
    const text = entry.slice(colon + 1)
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) throw new KeyEncryptionConfigError(`The key-encryption key ${KEY_ID.test(id) ? id : String(i + 1)} is not base64`)
    return { id, key: new Uint8Array(Buffer.from(text, 'base64')) }
  })
}

/** The KEKs `WALLETGATE_KEK` (or the file `WALLETGATE_KEK_FILE` names) sets; undefined when neither is set. */
export function keyEncryptionFromEnv(env: NodeJS.ProcessEnv): LocalKeyEncryption | undefined {
  const setting = secret(env, 'WALLETGATE_KEK')
  return setting === undefined ? undefined : new LocalKeyEncryption(parseKeks(setting))
}

/** A new KEK's setting entry (for `walletgate-server kek new`, and for tests). */
export function newKekEntry(id: string): string {
  if (!KEY_ID.test(id)) throw new KeyEncryptionConfigError(`A key-encryption key id must be 1 to 64 letters, digits, '.', '_' or '-'`)
  return `${id}:${randomBytes(KEY_BYTES).toString('base64')}`
}

const SECRETS_VERSION = 1
const SECRETS_BYTES = 1 + 2 * KEY_BYTES

/** Seals `secrets` for `userId`: a fresh data key seals them, the KEK wraps the data key. */
export async function sealUserKeys(userId: string, secrets: UserSecrets, kek: KeyEncryption): Promise<SealedUserKeys> {
  if (secrets.evm.length !== KEY_BYTES || secrets.solanaSeed.length !== KEY_BYTES) throw new RangeError('A wallet secret must be 32 bytes')
  const dataKey = randomBytes(KEY_BYTES)
  const plaintext = Buffer.concat([Buffer.from([SECRETS_VERSION]), secrets.evm, secrets.solanaSeed])
  try {
    return { dataKey: await kek.wrap(dataKey, dataKeyContext(userId)), sealed: seal(dataKey, plaintext, secretsContext(userId)) }
  } finally {
    dataKey.fill(0)
    plaintext.fill(0)
  }
}

/** The secrets `record` holds for `userId`; {@link KeyUnwrapError} when it does not open for them. */
export async function openUserKeys(userId: string, record: SealedUserKeys, kek: KeyEncryption): Promise<UserSecrets> {
  const dataKey = await kek.unwrap(record.dataKey, dataKeyContext(userId))
  try {
    const plaintext = open(dataKey, record.sealed, secretsContext(userId))
    if (plaintext.length !== SECRETS_BYTES || plaintext[0] !== SECRETS_VERSION) throw new KeyUnwrapError('does not open')
    return { evm: plaintext.slice(1, 1 + KEY_BYTES), solanaSeed: plaintext.slice(1 + KEY_BYTES) }
  } finally {
    dataKey.fill(0)
  }
}

/**
 * `record` with its data key wrapped under the current KEK (unchanged when it already is). The
 * sealed secrets stay as they are: a replica still holding the old record opens it as long as it
 * holds the old KEK, so signing goes on while records are re-wrapped.
 */
export async function rewrapUserKeys(userId: string, record: SealedUserKeys, kek: KeyEncryption): Promise<SealedUserKeys> {
  if (record.dataKey.keyId === kek.currentKeyId) return record
  const dataKey = await kek.unwrap(record.dataKey, dataKeyContext(userId))
  try {
    return { dataKey: await kek.wrap(dataKey, dataKeyContext(userId)), sealed: record.sealed }
  } finally {
    dataKey.fill(0)
  }
}
