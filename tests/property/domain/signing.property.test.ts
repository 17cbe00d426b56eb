import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { bytesToHex, encodeFunctionData, erc20Abi, erc721Abi, formatUnits, getAddress, maxUint256, parseAbi, type Address } from 'viem'
import { TOKEN_FUNCTIONS, UNKNOWN_CALL, decodeCall } from '../../../src/domain/signing/decode-call'
import { PERMIT2_ADDRESS, decodeTypedData } from '../../../src/domain/signing/decode-typed-data'
import { MAX_UINT160, MAX_UINT48, type KnownToken } from '../../../src/domain/signing/known-tokens'

const RUNS = { numRuns: 500 }
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const extrasAbi = parseAbi(['function increaseAllowance(address spender, uint256 added)', 'function decreaseAllowance(address spender, uint256 removed)'])

const address = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => getAddress(bytesToHex(b)) as Address)
/** Any uint256, with the edges (0, 1, max) and amounts of everyday size often. */
const uint256 = fc.oneof(fc.constantFrom(0n, 1n, maxUint256, maxUint256 - 1n), fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: maxUint256 }))
const decimals = fc.integer({ min: 0, max: 36 })
const fungible = (d: number): KnownToken[] => [{ kind: 'fungible', address: TOKEN, symbol: 'TKN', decimals: d }]

describe('decodeCall round trips', () => {
  it('encodeFunctionData then decodeCall gives back the function, the addresses and the amount; "unlimited" exactly at uint256 max', () => {
    fc.assert(
      fc.property(fc.constantFrom('approve', 'transfer', 'increaseAllowance', 'decreaseAllowance'), address, uint256, decimals, (fn, who, amount, d) => {
        const data = fn === 'approve' || fn === 'transfer' ? encodeFunctionData({ abi: erc20Abi, functionName: fn, args: [who, amount] }) : encodeFunctionData({ abi: extrasAbi, functionName: fn, args: [who, amount] })
        const { action, summary } = decodeCall({ to: TOKEN, data }, fungible(d))
        expect(action.kind).toBe(fn)
        if (action.kind !== 'approve' && action.kind !== 'transfer' && action.kind !== 'increaseAllowance' && action.kind !== 'decreaseAllowance') return
        expect(action.amount).toEqual({ raw: amount, unlimited: amount === maxUint256 })
        expect('spender' in action ? action.spender : action.to).toBe(who)
        if (amount === maxUint256) expect(summary).toContain('an unlimited amount of TKN')
        else if (!(fn === 'approve' && amount === 0n)) expect(summary).toContain(`${formatUnits(amount, d)} TKN`)
      }),
      RUNS,
    )
  })

  it('transferFrom and setApprovalForAll round-trip', () => {
    fc.assert(
      fc.property(address, address, uint256, fc.boolean(), (from, to, amount, approved) => {
        const moved = decodeCall({ to: TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [from, to, amount] }) }, [])
        expect(moved.action).toMatchObject({ kind: 'transferFrom', from, to, amount: { raw: amount } })
        const all = decodeCall({ to: TOKEN, data: encodeFunctionData({ abi: erc721Abi, functionName: 'setApprovalForAll', args: [to, approved] }) }, [])
        expect(all.action).toMatchObject({ kind: 'setApprovalForAll', operator: to, approved })
        expect(all.warning).toBe(approved)
      }),
      RUNS,
    )
  })

  it('any bytes: never throws; a selector outside the table is always an unknown call with a warning', () => {
    const selectors = new Set<string>(Object.values(TOKEN_FUNCTIONS).map((f) => f.selector))
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const data = bytesToHex(bytes)
        const decoded = decodeCall({ to: TOKEN, data }, fungible(6))
        if (bytes.length === 0) expect(decoded.action.kind).toBe('none')
        else if (!selectors.has(data.slice(0, 10))) {
          expect(decoded.summary).toBe(UNKNOWN_CALL)
          expect(decoded.warning).toBe(true)
          expect(decoded.action).toEqual({ kind: 'unknown', selector: bytes.length >= 4 ? data.slice(0, 10) : undefined, size: bytes.length })
        }
      }),
      RUNS,
    )
  })
})

describe('decodeTypedData round trips', () => {
  const permitSingle = (token: Address, amount: bigint, expiration: bigint, spender: Address) =>
    JSON.stringify({
      types: {
        PermitSingle: [
          { name: 'details', type: 'PermitDetails' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint160' },
          { name: 'expiration', type: 'uint48' },
          { name: 'nonce', type: 'uint48' },
        ],
      },
      primaryType: 'PermitSingle',
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS },
      message: { details: { token, amount: amount.toString(), expiration: expiration.toString(), nonce: '0' }, spender, sigDeadline: '0' },
    })

  it('a PermitSingle gives back its token, spender and amount; "unlimited" exactly at uint160 max', () => {
    const uint160 = fc.oneof(fc.constantFrom(0n, MAX_UINT160, MAX_UINT160 - 1n), fc.bigInt({ min: 0n, max: MAX_UINT160 }))
    fc.assert(
      fc.property(address, address, uint160, fc.bigInt({ min: 0n, max: MAX_UINT48 }), decimals, (token, spender, amount, expiration, d) => {
        const tokens: KnownToken[] = [{ kind: 'fungible', address: token, symbol: 'TKN', decimals: d }]
        const decoded = decodeTypedData(permitSingle(token, amount, expiration, spender), { tokens, chainId: 1 })
        expect(decoded.action).toEqual({
          kind: 'permit2-allowance',
          spender,
          allowances: [{ token: { address: token, known: tokens[0] }, amount: { raw: amount, unlimited: amount === MAX_UINT160 }, expiration, nonce: 0n }],
          sigDeadline: 0n,
        })
        expect(decoded.warning).toBe(amount === MAX_UINT160)
        expect(decoded.fields).toContainEqual(amount === MAX_UINT160 ? expect.objectContaining({ label: 'Allowance', warning: true }) : { label: 'Allowance', value: `${formatUnits(amount, d)} TKN` })
      }),
      RUNS,
    )
  })

  it('a message of unknown shape lists every field of its primary type, with its type, in order', () => {
    const atom = fc.oneof(
      fc.record({ type: fc.constant('uint256'), value: fc.oneof(fc.constant(maxUint256), fc.bigInt({ min: 0n, max: maxUint256 })).map((n) => n.toString()) }),
      fc.record({ type: fc.constant('address'), value: address as fc.Arbitrary<string> }),
      fc.record({ type: fc.constant('bool'), value: fc.boolean() }),
      fc.record({ type: fc.constant('string'), value: fc.string({ maxLength: 40 }) }),
    )
    const entries = fc.uniqueArray(fc.tuple(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,11}$/), atom), { minLength: 1, maxLength: 20, selector: ([name]) => name })
    fc.assert(
      fc.property(entries, (list) => {
        const typed = { types: { Thing: list.map(([name, { type }]) => ({ name, type })) }, primaryType: 'Thing', domain: {}, message: Object.fromEntries(list.map(([name, { value }]) => [name, value])) }
        const decoded = decodeTypedData(typed, { tokens: [] })
        expect(decoded.fields.slice(0, list.length).map((f) => f.label)).toEqual(list.map(([name, { type }]) => `${name} (${type})`))
        const max = maxUint256.toString()
        expect(decoded.fields.slice(0, list.length).map((f) => f.value)).toEqual(list.map(([, { value }]) => (value === max ? `${max} (the largest uint256: unlimited or never)` : String(value))))
        // Valid values of their types: nothing to flag.
        expect(decoded.warning).toBe(false)
      }),
      RUNS,
    )
  })

  it('any JSON: never throws, always a summary', () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.jsonValue()), (value) => {
        const decoded = decodeTypedData(value, { tokens: [] })
        expect(decoded.summary.length).toBeGreaterThan(0)
      }),
      RUNS,
    )
  })
})
