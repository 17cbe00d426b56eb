import { describe, expect, it } from 'vitest'
import { isAddressOf } from '../../../../src/domain/send/send-receiver'
import {
  isCaipAddress,
  isEvmAddress,
  isSolanaAddress,
  parseCaipAddress,
  toCaipAddress,
  validateCaipAddress,
  validateEvmAddress,
  validateSolanaAddress,
} from '../../../../src/domain/validation/addresses'

describe('EVM address: optional 0x plus 40 hex characters', () => {
  it.each([
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    'f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
    '0x0000000000000000000000000000000000000000',
  ])('accepts %s', (a) => {
    expect(isEvmAddress(a)).toBe(true)
    expect(validateEvmAddress(a)).toEqual({ valid: true })
  })

  it.each([
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb9226',
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb922666',
    '0xg39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '0Xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '',
  ])('rejects %s with "Invalid address"', (a) => {
    expect(validateEvmAddress(a)).toEqual({ valid: false, message: 'Invalid address' })
  })
})

describe('Solana address: 32 to 44 base58 characters', () => {
  it('accepts 32 and 44 characters', () => {
    expect(isSolanaAddress('1'.repeat(32))).toBe(true)
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    expect(validateSolanaAddress('11111111111111111111111111111111')).toEqual({ valid: true })
  })

  it('rejects other lengths and non-base58 characters', () => {
    expect(isSolanaAddress('1'.repeat(31))).toBe(false)
    expect(isSolanaAddress('1'.repeat(45))).toBe(false)
    for (const bad of ['0', 'O', 'I', 'l']) expect(isSolanaAddress(bad + '1'.repeat(40))).toBe(false)
    expect(validateSolanaAddress('nope')).toEqual({ valid: false, message: 'Invalid address' })
  })
})

describe('CAIP address: three non-empty parts with a known namespace', () => {
  it('accepts every supported namespace', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos']) {
      expect(isCaipAddress(`${ns}:1:abc`)).toBe(true)
    }
  })

  it.each(['eip155:1', 'eip155::0xabc', ':1:0xabc', 'eip155:1:', 'tron:1:abc', 'eip155:1:0xabc:extra'])(
    'rejects %s',
    (v) => {
      expect(validateCaipAddress(v)).toEqual({ valid: false, message: 'Invalid CAIP address' })
    },
  )

  it('parses and builds CAIP addresses', () => {
    expect(parseCaipAddress('eip155:31337:0xabc')).toEqual({
      namespace: 'eip155',
      reference: '31337',
      address: '0xabc',
      caipNetworkId: 'eip155:31337',
    })
    expect(parseCaipAddress('x:y')).toBeUndefined()
    expect(toCaipAddress('solana:abc', 'Sol1')).toBe('solana:abc:Sol1')
  })
})

describe('address per namespace', () => {
  it('uses the EVM rule on eip155 and the Solana rule on solana', () => {
    expect(isAddressOf('eip155', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(isAddressOf('eip155', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(false)
    expect(isAddressOf('solana', '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true)
    expect(isAddressOf('solana', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })

  it.each(['polkadot', 'cosmos'] as const)('%s has no rule yet and accepts nothing', (namespace) => {
    expect(isAddressOf(namespace, 'bc1qexample')).toBe(false)
    expect(isAddressOf(namespace, '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })
})
