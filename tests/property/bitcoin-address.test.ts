/**
 * The Bitcoin address rule against @scure/base's bech32 / bech32m encoders: every generated segwit
 * address (v0 with 20- or 32-byte programs, v1 to v16 with 2 to 40 bytes, on mainnet, testnet and
 * regtest) is accepted on its own network, and any one-character change, deletion or swap of two
 * neighbours is refused (bech32's checksum catches every such change). The same for legacy base58
 * addresses (P2PKH and P2SH, mainnet and testnet version bytes), encoded with @scure/base's
 * Base58Check, whose checksum catches a changed character.
 */
import { sha256 } from '@noble/hashes/sha2'
import { bech32, bech32m, createBase58check } from '@scure/base'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bitcoinAddressNetwork } from '../../src/domain/bitcoin/bitcoin-address'
import { validateBitcoinAddress } from '../../src/domain/bitcoin/validate-bitcoin-address'
import { BITCOIN_CAIP_NETWORK_IDS } from '../../src/domain/bitcoin/bitcoin-networks'

const PREFIXES = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' } as const
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

const segwitAddress = fc
  .record({
    network: fc.constantFrom('mainnet', 'testnet', 'regtest') as fc.Arbitrary<keyof typeof PREFIXES>,
    version: fc.integer({ min: 0, max: 16 }),
    length: fc.integer({ min: 2, max: 40 }),
    seed: fc.uint8Array({ minLength: 40, maxLength: 40 }),
  })
  .map(({ network, version, length, seed }) => {
    const size = version === 0 ? (length % 2 === 0 ? 20 : 32) : length
    const program = seed.slice(0, size)
    const words = [version, ...bech32.toWords(program)]
    const address = (version === 0 ? bech32 : bech32m).encode(PREFIXES[network], words, 90)
    return { network, address }
  })

const base58check = createBase58check(sha256)
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const VERSIONS = { mainnet: [0x00, 0x05], testnet: [0x6f, 0xc4] } as const

const legacyAddress = fc
  .record({
    network: fc.constantFrom('mainnet', 'testnet') as fc.Arbitrary<keyof typeof VERSIONS>,
    script: fc.constantFrom(0, 1),
    hash: fc.uint8Array({ minLength: 20, maxLength: 20 }),
  })
  .map(({ network, script, hash }) => ({ network, address: base58check.encode(Uint8Array.of(VERSIONS[network][script], ...hash)) }))

describe('Bitcoin address rule (property)', () => {
  it('accepts every generated legacy base58 address on its network, and refuses it with one character changed', () => {
    fc.assert(
      fc.property(legacyAddress, fc.nat(), fc.integer({ min: 1, max: BASE58.length - 1 }), ({ network, address }, at, shift) => {
        expect(bitcoinAddressNetwork(address)).toBe(network)
        expect(validateBitcoinAddress(address, BITCOIN_CAIP_NETWORK_IDS[network]).valid).toBe(true)
        const i = at % address.length
        const mutated = address.slice(0, i) + BASE58[(BASE58.indexOf(address[i]!) + shift) % BASE58.length] + address.slice(i + 1)
        expect(bitcoinAddressNetwork(mutated)).toBeUndefined()
        expect(validateBitcoinAddress(mutated, BITCOIN_CAIP_NETWORK_IDS[network]).valid).toBe(false)
      }),
      { numRuns: 600 },
    )
  })

  it('accepts every generated segwit address, on its own network only', () => {
    fc.assert(
      fc.property(segwitAddress, ({ network, address }) => {
        expect(bitcoinAddressNetwork(address)).toBe(network)
        expect(bitcoinAddressNetwork(address.toUpperCase())).toBe(network)
        expect(validateBitcoinAddress(address, BITCOIN_CAIP_NETWORK_IDS[network]).valid).toBe(true)
        const other = network === 'mainnet' ? 'regtest' : 'mainnet'
        expect(validateBitcoinAddress(address, BITCOIN_CAIP_NETWORK_IDS[other])).toEqual({
          valid: false,
          message: `This is a Bitcoin ${network[0]!.toUpperCase()}${network.slice(1)} address`,
        })
      }),
      { numRuns: 600 },
    )
  })

  it('refuses an address with one character changed, dropped or two neighbours swapped', () => {
    const mutation = fc.record({
      at: fc.nat(),
      kind: fc.constantFrom('change', 'drop', 'swap'),
      char: fc.integer({ min: 0, max: CHARSET.length - 1 }),
    })
    fc.assert(
      fc.property(segwitAddress, mutation, ({ address }, { at, kind, char }) => {
        const split = address.lastIndexOf('1')
        // Mutate the data part (after the separator).
        const i = split + 1 + (at % (address.length - split - 1))
        let mutated: string
        if (kind === 'drop') mutated = address.slice(0, i) + address.slice(i + 1)
        else if (kind === 'swap') {
          const j = i + 1 < address.length ? i + 1 : i - 1
          const [a, b] = [Math.min(i, j), Math.max(i, j)]
          mutated = address.slice(0, a) + address[b] + address[a] + address.slice(b + 1)
        } else {
          const replacement = CHARSET[(CHARSET.indexOf(address[i]!) + 1 + (char % (CHARSET.length - 1))) % CHARSET.length]!
          mutated = address.slice(0, i) + replacement + address.slice(i + 1)
        }
        fc.pre(mutated !== address)
        expect(bitcoinAddressNetwork(mutated)).toBeUndefined()
      }),
      { numRuns: 600 },
    )
  })
})
