/**
 * Embedded-wallet keys at rest: sealed per user under a data key, the data key wrapped by a KEK.
 * A record opens only for its user under a KEK that wrapped it; rotation re-wraps without touching
 * the sealed secrets; no key material shows in a record, an error or the KEK holder's own text.
 */
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  KeyEncryptionConfigError,
  KeyUnwrapError,
  LocalKeyEncryption,
  newKekEntry,
  openUserKeys,
  parseKeks,
  rewrapUserKeys,
  sealUserKeys,
  type SealedUserKeys,
  type UserSecrets,
} from '../../src/wallet/key-encryption.js'

const secrets = (): UserSecrets => ({ evm: new Uint8Array(randomBytes(32)), solanaSeed: new Uint8Array(randomBytes(32)) })
const kek = (...entries: string[]) => new LocalKeyEncryption(parseKeks(entries.join(',')))

/** Every way a 32-byte secret could be written into stored bytes or text. */
function spellings(secret: Uint8Array): string[] {
  const bytes = Buffer.from(secret)
  return [bytes.toString('hex'), bytes.toString('hex').toUpperCase(), bytes.toString('base64'), bytes.toString('base64url'), bytes.toString('latin1')]
}

function stored(record: SealedUserKeys): string {
  const raw = Buffer.concat([Buffer.from(record.dataKey.wrapped), Buffer.from(record.sealed)])
  return [raw.toString('latin1'), raw.toString('hex'), raw.toString('base64'), JSON.stringify({ keyId: record.dataKey.keyId, w: raw.toString('base64') })].join('\n')
}

describe("a user's sealed keys", () => {
  it('open for their user under the KEK that wrapped them, giving back exactly the secrets', async () => {
    const keys = kek(newKekEntry('k1'))
    const mine = secrets()
    const record = await sealUserKeys('user-1', mine, keys)
    expect(record.dataKey.keyId).toBe('k1')
    expect(await openUserKeys('user-1', record, keys)).toEqual(mine)
  })

  it('hold no spelling of either secret, nor of the data key wrapper', async () => {
    const entry = newKekEntry('k1')
    const keys = kek(entry)
    const mine = secrets()
    const text = stored(await sealUserKeys('user-1', mine, keys))
    for (const secret of [mine.evm, mine.solanaSeed, parseKeks(entry)[0]!.key]) for (const spelling of spellings(secret)) expect(text.includes(spelling)).toBe(false)
  })

  it("do not open for another user, altered, under another KEK with the same id, or under a KEK the server lacks", async () => {
    const keys = kek(newKekEntry('k1'))
    const record = await sealUserKeys('user-1', secrets(), keys)
    await expect(openUserKeys('user-2', record, keys)).rejects.toBeInstanceOf(KeyUnwrapError)
    for (const field of ['sealed', 'wrapped'] as const) {
      const bytes = new Uint8Array(field === 'sealed' ? record.sealed : record.dataKey.wrapped)
      bytes[20] = bytes[20]! ^ 1
      const altered = field === 'sealed' ? { ...record, sealed: bytes } : { ...record, dataKey: { ...record.dataKey, wrapped: bytes } }
      await expect(openUserKeys('user-1', altered, keys)).rejects.toBeInstanceOf(KeyUnwrapError)
    }
    await expect(openUserKeys('user-1', { ...record, sealed: record.sealed.slice(0, 10) }, keys)).rejects.toBeInstanceOf(KeyUnwrapError)
    await expect(openUserKeys('user-1', record, kek(newKekEntry('k1')))).rejects.toThrow('does not open with this key-encryption key')
    await expect(openUserKeys('user-1', record, kek(newKekEntry('k9')))).rejects.toThrow('names a key-encryption key this server does not hold')
  })

  it('are re-wrapped under a new current KEK, the sealed secrets untouched, and then open without the old KEK', async () => {
    const old = newKekEntry('k1')
    const next = newKekEntry('k2')
    const mine = secrets()
    const record = await sealUserKeys('user-1', mine, kek(old))
    const during = kek(next, old)
    // Before its turn, the old record still opens on a replica holding both.
    expect(await openUserKeys('user-1', record, during)).toEqual(mine)
    const rewrapped = await rewrapUserKeys('user-1', record, during)
    expect(rewrapped.dataKey.keyId).toBe('k2')
    expect(rewrapped.sealed).toBe(record.sealed)
    expect(await rewrapUserKeys('user-1', rewrapped, during)).toBe(rewrapped)
    expect(await openUserKeys('user-1', rewrapped, kek(next))).toEqual(mine)
    await expect(openUserKeys('user-1', record, kek(next))).rejects.toBeInstanceOf(KeyUnwrapError)
  })
})

describe('the KEK setting', () => {
  it('reads id:base64 entries, the current first, separated by commas or new lines', () => {
    const [a, b] = [newKekEntry('2026-12'), newKekEntry('2026-06')]
    const keys = new LocalKeyEncryption(parseKeks(`${a}\n ${b} ,`))
    expect(keys.currentKeyId).toBe('2026-12')
    expect(keys.toJSON()).toEqual({ currentKeyId: '2026-12', keyIds: ['2026-12', '2026-06'] })
  })

  it('refuses what cannot be a KEK, naming no key in its words, and never shows a key in its text', () => {
    const secret = randomBytes(32).toString('base64')
    const short = randomBytes(16).toString('base64')
    for (const setting of ['', `:${secret}`, secret, `k1:${short}`, `k1:${secret}!`, `k 1:${secret}`, `k1:${secret},k1:${secret}`]) {
      let thrown: unknown
      try {
        new LocalKeyEncryption(parseKeks(setting))
      } catch (error) {
        thrown = error
      }
      expect(thrown, setting.slice(0, 12)).toBeInstanceOf(KeyEncryptionConfigError)
      expect(String((thrown as Error).message)).not.toContain(secret.slice(0, 12))
      expect(String((thrown as Error).message)).not.toContain(short.slice(0, 12))
    }
    const keys = new LocalKeyEncryption(parseKeks(`k1:${secret}`))
    for (const text of [String(keys), JSON.stringify(keys), JSON.stringify({ keys })]) {
      for (const spelling of spellings(Buffer.from(secret, 'base64'))) expect(text.includes(spelling)).toBe(false)
    }
  })
})
