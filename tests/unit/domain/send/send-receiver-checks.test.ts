import { describe, expect, it } from 'vitest'
import {
  needsAcknowledgement,
  receiverChecksumError,
  sendWarningMessage,
  sendWarnings,
} from '../../../../src/domain/send/send-receiver-checks'

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const ZERO = '0x0000000000000000000000000000000000000000'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

describe('receiver checksum', () => {
  it('refuses a mixed-case EVM address whose case is not its checksum', () => {
    expect(receiverChecksumError('eip155', TO.replace('C51812', 'c51812'))).toEqual({ kind: 'invalidAddressChecksum' })
    expect(receiverChecksumError('eip155', TO.replace('0x', ''))).toBeUndefined()
  })

  it('accepts the checksum, and a single case that carries none', () => {
    for (const address of [TO, TO.toLowerCase(), `0x${TO.slice(2).toUpperCase()}`]) {
      expect(receiverChecksumError('eip155', address)).toBeUndefined()
    }
  })

  it('is an eip155 rule only', () => {
    expect(receiverChecksumError('solana', SOL)).toBeUndefined()
  })
})

describe('receiver warnings', () => {
  const base = { namespace: 'eip155' as const, sender: ME, tokenSymbol: 'dUSD' }

  it('warns about the zero address and the token contract, which need an explicit yes', () => {
    const zero = sendWarnings({ ...base, receiver: ZERO })
    expect(zero).toEqual([{ kind: 'zeroAddress' }])
    expect(needsAcknowledgement(zero)).toBe(true)
    const contract = sendWarnings({ ...base, receiver: DUSD.toLowerCase(), tokenContract: DUSD })
    expect(contract).toEqual([{ kind: 'tokenContract', symbol: 'dUSD' }])
    expect(needsAcknowledgement(contract)).toBe(true)
    expect(sendWarningMessage(contract[0]!)).toBe("This is the dUSD token's own contract: tokens sent to it are usually lost for good.")
  })

  it('points out a send to oneself without blocking it', () => {
    const self = sendWarnings({ ...base, receiver: ME.toLowerCase() })
    expect(self).toEqual([{ kind: 'self' }])
    expect(needsAcknowledgement(self)).toBe(false)
  })

  it('says nothing about an ordinary receiver, and compares base58 exactly', () => {
    expect(sendWarnings({ ...base, receiver: TO, tokenContract: DUSD })).toEqual([])
    expect(sendWarnings({ namespace: 'solana', sender: SOL, receiver: SOL.toLowerCase(), tokenSymbol: 'SOL' })).toEqual([])
    expect(sendWarnings({ namespace: 'solana', sender: SOL, receiver: SOL, tokenSymbol: 'SOL' })).toEqual([{ kind: 'self' }])
    // The zero address is an EVM rule.
    expect(sendWarnings({ namespace: 'solana', sender: SOL, receiver: '11111111111111111111111111111111', tokenSymbol: 'SOL' })).toEqual([])
  })
})
