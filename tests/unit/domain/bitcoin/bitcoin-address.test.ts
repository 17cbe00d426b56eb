import { describe, expect, it } from 'vitest'
import { bitcoinAddressNetwork } from '../../../../src/domain/bitcoin/bitcoin-address'
import { validateBitcoinAddress } from '../../../../src/domain/bitcoin/validate-bitcoin-address'
import { BITCOIN_CAIP_NETWORK_IDS } from '../../../../src/domain/bitcoin/bitcoin-networks'
import { isAddressOf } from '../../../../src/domain/send/send-receiver'

const REGTEST = BITCOIN_CAIP_NETWORK_IDS.regtest

describe('Bitcoin addresses', () => {
  it('reads the network of the BIP-173 / BIP-350 test vectors and of legacy addresses', () => {
    expect(bitcoinAddressNetwork('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe('mainnet')
    expect(bitcoinAddressNetwork('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')).toBe('testnet')
    expect(bitcoinAddressNetwork('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe('mainnet')
    expect(bitcoinAddressNetwork('bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf')).toBe('regtest')
    expect(bitcoinAddressNetwork('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe('mainnet')
    expect(bitcoinAddressNetwork('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('mainnet')
    expect(bitcoinAddressNetwork('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe('testnet')
  })

  it('refuses a legacy address whose Base58Check checksum does not match (one character mistyped)', () => {
    // 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2 with its last character changed, and with two swapped.
    expect(bitcoinAddressNetwork('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3')).toBeUndefined()
    expect(bitcoinAddressNetwork('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNNV2')).toBeUndefined()
    expect(validateBitcoinAddress('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLz', BITCOIN_CAIP_NETWORK_IDS.mainnet).valid).toBe(false)
  })

  it('refuses bech32 where bech32m is due and the other way round, mixed case and bad programs', () => {
    // v1 with a bech32 checksum (BIP-350 invalid vector).
    expect(bitcoinAddressNetwork('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd')).toBeUndefined()
    // v0 with a bech32m checksum.
    expect(bitcoinAddressNetwork('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh')).toBeUndefined()
    expect(bitcoinAddressNetwork('bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeUndefined()
    expect(bitcoinAddressNetwork('bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du')).toBeUndefined()
    expect(bitcoinAddressNetwork('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBeUndefined()
    expect(bitcoinAddressNetwork('3hvc2Vd2bNH8gtJhjoLxYjC8sTpUmeEvwfavEGCcqPAh')).toBeUndefined()
    expect(bitcoinAddressNetwork('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')).toBeUndefined()
  })

  it('names the network a mainnet address belongs to when regtest is in use', () => {
    expect(validateBitcoinAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', REGTEST)).toEqual({
      valid: false,
      message: 'This is a Bitcoin Mainnet address',
    })
    expect(validateBitcoinAddress('bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf', REGTEST)).toEqual({ valid: true })
    expect(validateBitcoinAddress('nope', REGTEST)).toEqual({ valid: false, message: 'Invalid address' })
  })

  it('is the bip122 family rule of isAddressOf, and no other family takes its addresses', () => {
    const address = 'bcrt1qk0cv0hlnauv348hasryq5nn5x7xp62urx6pgzf'
    expect(isAddressOf('bip122', address)).toBe(true)
    expect(isAddressOf('eip155', address)).toBe(false)
    expect(isAddressOf('solana', address)).toBe(false)
    expect(isAddressOf('bip122', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  })
})
