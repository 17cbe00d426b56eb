/**
 * The Solana sign-in message: what the modal builds, the Wallet Standard's own parser reads back
 * field for field (and the wing's parser gives back the same data); a signed session whose domain,
 * nonce, chain or expiry was altered (in the stored data or in the signed text) never verifies,
 * while the untouched one does.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { parseSignInMessageText } from '@solana/wallet-standard-util'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CaipNetworkId, SiwxMessageData, SiwxSession } from '../../../src/domain/entities'
import { base58Encode } from '../../../src/domain/format/base58'
import { siwxMessageData } from '../../../src/domain/siwx/siwx-message-data'
import { parseSolanaSignIn, SolanaSignInMessenger } from '../../../src/infrastructure/chains/solana/siwx/sign-in-with-solana-messenger'

const messenger = new SolanaSignInMessenger()

const label = fc.stringMatching(/^[a-z][a-z0-9]{0,10}$/)
const domain = fc.oneof(
  fc.tuple(label, fc.constantFrom('com', 'test', 'example')).map(([a, b]) => `${a}.${b}`),
  fc.tuple(label, fc.constantFrom('app', 'test'), fc.integer({ min: 1, max: 65535 })).map(([a, b, p]) => `${a}.${b}:${String(p)}`),
  fc.constantFrom('localhost:5173', '127.0.0.1:4173', 'example.com'),
)
const uri = fc.tuple(fc.constantFrom('https', 'http'), domain, fc.stringMatching(/^(\/[a-z0-9]{1,6}){0,2}$/)).map(([s, d, p]) => `${s}://${d}${p}`)
const nonce = fc.stringMatching(/^[A-Za-z0-9]{8,24}$/)
const chainId = fc.oneof(
  fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b): CaipNetworkId => `solana:${base58Encode(b).slice(0, 32)}`),
  fc.constantFrom<CaipNetworkId>('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'),
)
const statement = fc.option(fc.stringMatching(/^[A-Za-z0-9 .,!?'-]{1,60}$/), { nil: undefined })
const nowMs = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2040, 0, 1) })
const expiresInMs = fc.integer({ min: 1000, max: 365 * 86_400_000 })
const secretKey = fc.uint8Array({ minLength: 32, maxLength: 32 })
const addressOf = (secret: Uint8Array) => base58Encode(ed25519.getPublicKey(secret))

describe('Sign-In-With-Solana messages', () => {
  it('round-trip through the Wallet Standard parser', () => {
    fc.assert(
      fc.property(secretKey, chainId, domain, uri, nonce, statement, nowMs, expiresInMs, (secret, chain, d, u, n, st, now, exp) => {
        const data = siwxMessageData({ accountAddress: addressOf(secret), chainId: chain, domain: d, uri: u, nonce: n, statement: st, nowMs: now, expiresInMs: exp })
        const message = messenger.createMessage(data)
        expect(message.startsWith(`${d} wants you to sign in with your Solana account:\n${data.accountAddress}`)).toBe(true)
        const parsed = parseSignInMessageText(message)
        expect(parsed).toMatchObject({ domain: d, address: data.accountAddress, uri: u, version: '1', chainId: chain, nonce: n, issuedAt: data.issuedAt, expirationTime: data.expirationTime })
        expect(parsed?.statement).toBe(st)
        expect(parseSolanaSignIn(message)).toEqual(data)
      }),
      { numRuns: 500 },
    )
  })

  type Tamper = (data: SiwxMessageData) => SiwxMessageData
  const tampers: Record<string, Tamper> = {
    domain: (d) => ({ ...d, domain: d.domain === 'evil.example' ? 'evil.example:1' : 'evil.example' }),
    nonce: (d) => ({ ...d, nonce: `${d.nonce}0` }),
    chain: (d) => ({ ...d, chainId: d.chainId === 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' ? 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' : 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1' }),
    expiry: (d) => ({ ...d, expirationTime: new Date(Date.parse(d.expirationTime ?? '') + 86_400_000).toISOString() }),
  }

  it('a session altered in its domain, nonce, chain or expiry does not verify; the signed one does', async () => {
    await fc.assert(
      fc.asyncProperty(
        secretKey, chainId, domain, uri, nonce, statement, expiresInMs,
        fc.constantFrom(...Object.keys(tampers)),
        fc.constantFrom('data', 'message', 'both'),
        async (secret, chain, d, u, n, st, exp, what, where) => {
          const now = Date.UTC(2026, 0, 1)
          const data = siwxMessageData({ accountAddress: addressOf(secret), chainId: chain, domain: d, uri: u, nonce: n, statement: st, nowMs: now, expiresInMs: exp })
          const message = messenger.createMessage(data)
          const signed: SiwxSession = { data, message, signature: base58Encode(ed25519.sign(new TextEncoder().encode(message), secret)) }
          expect(await messenger.verify(signed, now)).toBe(true)

          const altered = (tampers[what] as Tamper)(data)
          const tampered: SiwxSession = {
            data: where === 'message' ? data : altered,
            message: where === 'data' ? message : messenger.createMessage(altered),
            signature: signed.signature,
          }
          expect(await messenger.verify(tampered, now)).toBe(false)
        },
      ),
      { numRuns: 500 },
    )
  })

  it("an expired or not yet issued session, another key's signature or a malformed one does not verify", async () => {
    const now = Date.UTC(2026, 0, 1)
    const secret = new Uint8Array(32).fill(7)
    const data = siwxMessageData({ accountAddress: addressOf(secret), chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', domain: 'app.test', uri: 'https://app.test', nonce: 'abcdefgh', statement: undefined, nowMs: now, expiresInMs: 1000 })
    const message = messenger.createMessage(data)
    const bytes = new TextEncoder().encode(message)
    const session: SiwxSession = { data, message, signature: base58Encode(ed25519.sign(bytes, secret)) }
    expect(await messenger.verify(session, now)).toBe(true)
    expect(await messenger.verify(session, now + 1000)).toBe(false)
    expect(await messenger.verify(session, now - 1)).toBe(false)
    expect(await messenger.verify({ ...session, signature: base58Encode(ed25519.sign(bytes, new Uint8Array(32).fill(8))) }, now)).toBe(false)
    expect(await messenger.verify({ ...session, signature: '0xnotbase58' }, now)).toBe(false)
    expect(await messenger.verify({ ...session, signature: base58Encode(new Uint8Array(10)) }, now)).toBe(false)
  })

  it('refuses to build a message from fields that would read as other fields', () => {
    const data = siwxMessageData({ accountAddress: addressOf(new Uint8Array(32).fill(1)), chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', domain: 'app.test', uri: 'https://app.test', nonce: 'abcdefgh', statement: undefined, nowMs: 0, expiresInMs: 1000 })
    expect(() => messenger.createMessage({ ...data, statement: 'hi\nNonce: stolen000' })).toThrow()
    expect(() => messenger.createMessage({ ...data, accountAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).toThrow()
    expect(() => messenger.createMessage({ ...data, chainId: 'eip155:1' })).toThrow()
  })
})
