/**
 * How the devnet smart account reads ERC-7715 grant requests and EIP-5792 calls before anything
 * goes on chain: which key, what budget and targets, which calls; and the permissions context.
 */
import { describe, expect, it } from 'vitest'
import { parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { checkCalls, parseSessionContext, requestedKey, sessionContext, sessionPolicy } from '../../../devnet/src/auth/smart-account'
import { DEVNET_ACCOUNTS } from '../../../devnet/src/config'

const key = privateKeyToAccount(DEVNET_ACCOUNTS[5]!.privateKey)
const target = DEVNET_ACCOUNTS[6]!.address
const request = (permissions: unknown[]) => ({ expiry: 1, permissions }) as Parameters<typeof sessionPolicy>[0]

describe('grant requests', () => {
  it('names the key by address or uncompressed public key, in each signer shape', () => {
    expect(requestedKey({ type: 'account', data: { id: key.address } })).toBe(key.address)
    expect(requestedKey({ type: 'key', data: { id: key.publicKey } })).toBe(key.address)
    expect(requestedKey({ type: 'keys', data: { ids: [key.address.toLowerCase()] } })).toBe(key.address)
    expect(requestedKey({ type: 'keys', data: { keys: [{ type: 'secp256k1', publicKey: key.publicKey }] } })).toBe(key.address)
  })

  it('refuses no signer, several keys, a wallet signer and a key it cannot read', () => {
    expect(() => requestedKey(undefined)).toThrow('The request names no signer')
    expect(() => requestedKey({ type: 'keys', data: { ids: [key.address, target] } })).toThrow('Exactly one session key is supported')
    expect(() => requestedKey({ type: 'wallet' })).toThrow('Signer type wallet is not supported')
    expect(() => requestedKey({ type: 'key', data: { id: '0x02abcd' } })).toThrow('The signer must be a secp256k1 key')
  })

  it('adds up the native budget and takes contract-call addresses as the only targets', () => {
    expect(
      sessionPolicy(
        request([
          { type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: toHex(parseEther('0.1')) } }] },
          { type: 'native-token-recurring-allowance', data: { allowance: toHex(parseEther('0.2')), start: 1, period: 86400 } },
          { type: 'contract-call', data: { address: target.toLowerCase(), functions: [{ functionName: 'swap', valueLimit: toHex(parseEther('0.3')) }] }, policies: [] },
        ]),
      ),
    ).toEqual({ valueLimit: parseEther('0.6'), targets: [target] })
    expect(sessionPolicy(request([]))).toEqual({ valueLimit: 0n, targets: [] })
  })

  it('refuses permission and policy types it cannot enforce on chain', () => {
    expect(() => sessionPolicy(request([{ type: 'erc20-token-transfer', data: { address: target, ticker: 'dUSD' }, policies: [] }]))).toThrow('Permission type erc20-token-transfer is not supported')
    expect(() => sessionPolicy(request([{ type: 'native-token-transfer', data: {}, policies: [{ type: 'rate-limit', data: { count: 1, interval: 60 } }] }]))).toThrow('Policy type rate-limit is not supported')
    expect(() => sessionPolicy(request([{ type: 'contract-call', data: { address: 'nope' }, policies: [] }]))).toThrow('A contract-call permission needs a contract address')
  })

  it('the permissions context is the account then the key, and reads back', () => {
    const context = sessionContext(target, key.address)
    expect(context).toBe(`${target}${key.address.slice(2)}`.toLowerCase())
    expect(parseSessionContext(context)).toEqual({ account: target, key: key.address })
    expect(() => parseSessionContext('0x1234')).toThrow('The permissions context is not valid')
  })
})

describe('calls', () => {
  it('takes calls whose to starts with 0x, with hex values and data', () => {
    expect(checkCalls([{ to: target.toLowerCase(), value: '0x10', data: '0xabcd' }, { to: target }])).toEqual([
      { to: target, value: 16n, data: '0xabcd' },
      { to: target, value: 0n },
    ])
  })

  it('refuses a to without 0x, a to that is not an address, data that is not hex, and no calls', () => {
    expect(() => checkCalls([{ to: target }, { to: target.slice(2) }])).toThrow('Call 2 needs a "to" address starting with 0x')
    expect(() => checkCalls([{ to: '0x1234' }])).toThrow('Call 1 has a "to" that is not an address')
    expect(() => checkCalls([{ to: target, data: 'zz' }])).toThrow('Call 1 has data that is not hex')
    expect(() => checkCalls([])).toThrow('The request has no calls')
  })
})
