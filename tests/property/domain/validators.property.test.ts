/** Every validator accepts generated valid inputs and rejects mutated ones. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from '../../../src/domain/entities'
import { nameCoinType } from '../../../src/domain/names/coin-type'
import { validateAccountName } from '../../../src/domain/validation/account-name'
import {
  BASE58_ALPHABET,
  validateCaipAddress,
  validateEvmAddress,
  validateSolanaAddress,
} from '../../../src/domain/validation/addresses'
import { validateEmail, validateSendCalls } from '../../../src/domain/validation/embedded-wallet-inputs'

const RUNS = { numRuns: 500 }
const HEX = '0123456789abcdefABCDEF'
const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-'

function chars(alphabet: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength })
}

/** Inserts `c` at position `at` (mod length + 1). */
function insertAt(s: string, at: number, c: string): string {
  const i = at % (s.length + 1)
  return s.slice(0, i) + c + s.slice(i)
}

/** Replaces the character at `at` (mod length) with `c` (which may be empty: a deletion). */
function replaceAt(s: string, at: number, c: string): string {
  const i = at % s.length
  return s.slice(0, i) + c + s.slice(i + 1)
}

const notHex = fc.constantFrom('g', 'z', 'G', 'x', ' ', ':', '-', '.', 'é')
const notBase58 = fc.constantFrom('0', 'O', 'I', 'l', ' ', '+', '/', '_', '-')
const notNameChar = fc.constantFrom('.', ' ', '_', '!', '@', 'é', ':', '/')

const INVALID_ADDRESS = { valid: false, message: 'Invalid address' }

describe('EVM address validator', () => {
  const body = chars(HEX, 40, 40)
  const valid = fc.tuple(fc.boolean(), body).map(([prefix, b]) => (prefix ? `0x${b}` : b))

  it('accepts optional 0x plus 40 hex characters', () => {
    fc.assert(
      fc.property(valid, (a) => {
        expect(validateEvmAddress(a)).toEqual({ valid: true })
      }),
      RUNS,
    )
  })

  it('rejects a wrong length or a foreign character', () => {
    const mutated = fc.oneof(
      fc.tuple(body, fc.nat()).map(([b, i]) => replaceAt(b, i, '')),
      fc.tuple(body, fc.nat(), fc.constantFrom(...HEX)).map(([b, i, c]) => insertAt(b, i, c)),
      fc.tuple(body, fc.nat(), notHex).map(([b, i, c]) => replaceAt(b, i, c)),
      body.map((b) => `0X${b}`),
      body.map((b) => `0x0x${b}`),
    )
    fc.assert(
      fc.property(mutated, fc.boolean(), (a, prefix) => {
        expect(validateEvmAddress(prefix && !a.startsWith('0') ? `0x${a}` : a)).toEqual(INVALID_ADDRESS)
      }),
      RUNS,
    )
  })
})

describe('Solana address validator', () => {
  const valid = chars(BASE58_ALPHABET, 32, 44)

  it('accepts 32 to 44 base58 characters', () => {
    fc.assert(
      fc.property(valid, (a) => {
        expect(validateSolanaAddress(a)).toEqual({ valid: true })
      }),
      RUNS,
    )
  })

  it('rejects a wrong length or a non-base58 character', () => {
    const mutated = fc.oneof(
      valid.map((a) => a.slice(0, 31)),
      fc.tuple(valid, chars(BASE58_ALPHABET, 13, 20)).map(([a, more]) => a + more),
      fc.tuple(valid, fc.nat(), notBase58).map(([a, i, c]) => replaceAt(a, i, c)),
    )
    fc.assert(
      fc.property(mutated, (a) => {
        expect(validateSolanaAddress(a)).toEqual(INVALID_ADDRESS)
      }),
      RUNS,
    )
  })
})

describe('CAIP address validator', () => {
  const part = chars('abcdefABCDEF0123456789-_.x', 1, 20)
  const valid = fc.tuple(fc.constantFrom(...CHAIN_NAMESPACES), part, part)
  const INVALID = { valid: false, message: 'Invalid CAIP address' }

  it('accepts three non-empty parts with a known namespace', () => {
    fc.assert(
      fc.property(valid, ([ns, ref, addr]) => {
        expect(validateCaipAddress(`${ns}:${ref}:${addr}`)).toEqual({ valid: true })
      }),
      RUNS,
    )
  })

  it('rejects an empty part, an unknown namespace, or a wrong number of parts', () => {
    const mutated = fc.oneof(
      valid.map(([, ref, addr]) => `:${ref}:${addr}`),
      valid.map(([ns, , addr]) => `${ns}::${addr}`),
      valid.map(([ns, ref]) => `${ns}:${ref}:`),
      valid.map(([ns, ref]) => `${ns}:${ref}`),
      fc.tuple(valid, part).map(([[ns, ref, addr], extra]) => `${ns}:${ref}:${addr}:${extra}`),
      fc
        .tuple(part, part, part)
        .filter(([ns]) => !(CHAIN_NAMESPACES as readonly string[]).includes(ns))
        .map(([ns, ref, addr]) => `${ns}:${ref}:${addr}`),
    )
    fc.assert(
      fc.property(mutated, (v) => {
        expect(validateCaipAddress(v)).toEqual(INVALID)
      }),
      RUNS,
    )
  })
})

describe('account name validator', () => {
  const valid = chars(NAME_CHARS, 4, 30)

  it('accepts letters, digits and hyphens, at least 4', () => {
    fc.assert(
      fc.property(valid, (n) => {
        expect(validateAccountName(n)).toEqual({ valid: true })
      }),
      RUNS,
    )
  })

  it('rejects names cut below 4 characters', () => {
    fc.assert(
      fc.property(valid, fc.nat({ max: 3 }), (n, keep) => {
        expect(validateAccountName(n.slice(0, keep))).toEqual({
          valid: false,
          failure: { code: 'failure.nameTooShort' },
        })
      }),
      RUNS,
    )
  })

  it('rejects names carrying any other character', () => {
    fc.assert(
      fc.property(valid, fc.nat(), notNameChar, (n, i, c) => {
        expect(validateAccountName(insertAt(n, i, c))).toEqual({
          valid: false,
          failure: { code: 'failure.nameInvalidCharacters' }
        })
      }),
      RUNS,
    )
  })
})

describe('name coin type', () => {
  it('sets the top bit of any chain id below 2^31', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_147_483_647 }), (id) => {
        expect(nameCoinType(id)).toBe(2_147_483_648 + id)
      }),
      RUNS,
    )
  })

  it('refuses any chain id from 2^31 up with "Invalid chainId"', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2_147_483_648, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(() => nameCoinType(id)).toThrow('Invalid chainId')
      }),
      RUNS,
    )
  })
})

describe('embedded wallet inputs', () => {
  const word = chars('abcdefghijklmnopqrstuvwxyz0123456789', 1, 12)
  const email = fc.tuple(word, word, fc.constantFrom('com', 'io', 'dev', 'co')).map(([u, d, t]) => `${u}@${d}.${t}`)

  it('accepts well-formed emails', () => {
    fc.assert(
      fc.property(email, (e) => {
        expect(validateEmail(e)).toEqual({ valid: true })
      }),
      RUNS,
    )
  })

  it('rejects emails without @, without a domain, or with a space', () => {
    fc.assert(
      fc.property(email, fc.constantFrom('noat', 'nodomain', 'space'), (e, how) => {
        const bad =
          how === 'noat' ? e.replace('@', '') : how === 'nodomain' ? e.slice(0, e.indexOf('@') + 1) : e.replace('@', ' @')
        expect(validateEmail(bad)).toEqual({ valid: false, message: 'Invalid email' })
      }),
      RUNS,
    )
  })

  const to = chars(HEX, 1, 40).map((h) => `0x${h}`)

  it('accepts send calls whose to addresses all start with 0x', () => {
    fc.assert(
      fc.property(fc.array(to, { maxLength: 5 }), (tos) => {
        expect(validateSendCalls({ calls: tos.map((t) => ({ to: t })) })).toEqual({ valid: true })
      }),
      RUNS,
    )
  })

  it('rejects send calls when any to address lacks the 0x prefix', () => {
    fc.assert(
      fc.property(fc.array(to, { minLength: 1, maxLength: 5 }), fc.nat(), (tos, i) => {
        const calls = tos.map((t, j) => ({ to: j === i % tos.length ? t.slice(2) : t }))
        expect(validateSendCalls({ calls })).toEqual({
          valid: false,
          message: 'Each call needs a to address starting with 0x',
        })
      }),
      RUNS,
    )
  })
})
