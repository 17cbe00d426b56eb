/**
 * How the devnet smart account reads ERC-7715 grant requests and EIP-5792 calls before anything
 * goes on chain: which key, what budget and targets, which calls; and the permissions context.
 */
import { describe, expect, it } from 'vitest'
import { parseEther, toFunctionSelector, toHex } from 'viem'
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
          { type: 'contract-call', data: { address: target.toLowerCase(), functions: [{ functionName: 'swap(uint256)', valueLimit: toHex(parseEther('0.3')) }] }, policies: [] },
        ]),
      ),
    ).toMatchObject({ valueLimit: parseEther('0.6'), nativeAllowance: parseEther('0.3'), targets: [target] })
    expect(sessionPolicy(request([]))).toMatchObject({ valueLimit: 0n, nativeAllowance: 0n, calls: [], targets: [] })
  })

  it('grants each listed function with its own value limit, and any function with no value when none is listed', () => {
    const abi = [{ type: 'function', name: 'swap', stateMutability: 'payable', inputs: [{ name: 'amount', type: 'uint256' }], outputs: [] }]
    const { calls } = sessionPolicy(
      request([
        {
          type: 'contract-call',
          data: { address: target, abi, functions: [{ functionName: 'swap', valueLimit: '0x5' }, { functionName: 'function transfer(address to, uint256 amount)' }, { functionName: '0x095ea7b3' }] },
          policies: [],
        },
        { type: 'contract-call', data: { address: key.address, calls: ['deposit()'] } },
        { type: 'contract-call', data: { address: key.address.toLowerCase(), functions: [] } },
      ]),
    )
    expect(calls).toEqual([
      { target, selector: toFunctionSelector('swap(uint256)'), signature: 'swap(uint256)', anyFunction: false, valueLimit: 5n },
      { target, selector: toFunctionSelector('transfer(address,uint256)'), signature: 'transfer(address,uint256)', anyFunction: false, valueLimit: 0n },
      { target, selector: toFunctionSelector('approve(address,uint256)'), signature: 'approve(address,uint256)', anyFunction: false, valueLimit: 0n },
      { target: key.address, selector: toFunctionSelector('deposit()'), signature: 'deposit()', anyFunction: false, valueLimit: 0n },
      { target: key.address, selector: '0x00000000', anyFunction: true, valueLimit: 0n },
    ])
  })

  it('refuses what the account could not enforce as asked: a bare name, argument rules, a look-alike selector, the account itself', () => {
    const call = (data: Record<string, unknown>) => () => sessionPolicy({ ...request([{ type: 'contract-call', data: { address: target, ...data } }]), address: key.address })
    expect(call({ functions: [{ functionName: 'swap' }] })).toThrow('The function swap needs its signature')
    expect(call({ functions: [{ functionName: 'transfer(address,uint256)', args: [null, 1] }] })).toThrow('Argument rules of a contract-call function are not supported')
    // A signature chosen to share transfer's selector is refused rather than shown under its own name.
    expect(call({ functions: [{ functionName: 'many_msg_babbage(bytes1)' }] })).toThrow('has the selector of')
    expect(() => sessionPolicy({ ...request([{ type: 'contract-call', data: { address: key.address } }]), address: key.address })).toThrow('A session key cannot be granted calls to the account itself')
    expect(() => sessionPolicy(request([{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [] }]))).toThrow('needs a token-allowance policy')
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
