import { describe, expect, it } from 'vitest'
import { MAX_GENERIC_FIELDS, PERMIT2_ADDRESS, UNREADABLE_TYPED_DATA, decodeTypedData } from '../../../../src/domain/signing/decode-typed-data'
import { MAX_UINT160, MAX_UINT256, MAX_UINT48, type KnownToken } from '../../../../src/domain/signing/known-tokens'

const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const DVT = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const SPENDER = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0'
const OWNER = '0x1111111111111111111111111111111111111111'
const TOKENS: readonly KnownToken[] = [
  { kind: 'fungible', address: DUSD, symbol: 'dUSD', decimals: 6 },
  { kind: 'fungible', address: DVT, symbol: 'DVT', decimals: 18 },
]
const DEADLINE = 1_900_000_000
const DEADLINE_TEXT = '2030-03-17 17:46:40 UTC'
const opts = { tokens: TOKENS, chainId: 31337 }

const permit = (value: bigint | string) => ({
  types: {
    EIP712Domain: [],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'Devnet USD', version: '1', chainId: 31337, verifyingContract: DUSD },
  message: { owner: OWNER, spender: SPENDER, value: value.toString(), nonce: 3, deadline: DEADLINE },
})

const PERMIT_DETAILS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
]
const permit2 = (primaryType: 'PermitSingle' | 'PermitBatch', details: unknown) => ({
  types: {
    [primaryType]: [
      { name: 'details', type: primaryType === 'PermitBatch' ? 'PermitDetails[]' : 'PermitDetails' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: PERMIT_DETAILS,
  },
  primaryType,
  domain: { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2_ADDRESS },
  message: { details, spender: SPENDER, sigDeadline: String(DEADLINE) },
})

describe('decodeTypedData: EIP-2612 Permit', () => {
  it('the token (the domain contract), owner, spender, amount in units, nonce and deadline as a date', () => {
    const decoded = decodeTypedData(JSON.stringify(permit(1_500_000n)), opts)
    expect(decoded.summary).toBe(`Allow 0xBAdB\u2026BAD0 to spend 1.5 dUSD (a signed permit, usable until ${DEADLINE_TEXT})`)
    expect(decoded.fields).toEqual([
      { label: 'Token', value: `dUSD (${DUSD})` },
      { label: 'Owner', value: OWNER },
      { label: 'Spender', value: SPENDER },
      { label: 'Allowance', value: '1.5 dUSD' },
      { label: 'Nonce', value: '3' },
      { label: 'Permit deadline', value: DEADLINE_TEXT },
      { label: 'Type', value: 'Permit' },
      { label: 'Domain', value: 'Devnet USD (version 1)' },
      { label: 'Contract', value: DUSD },
      { label: 'Chain id', value: '31337' },
    ])
    expect(decoded.warning).toBe(false)
  })

  it('uint256 max is "unlimited", flagged; a deadline of uint256 max is never', () => {
    const typed = permit(MAX_UINT256)
    typed.message.deadline = MAX_UINT256.toString() as unknown as number
    const decoded = decodeTypedData(typed, opts)
    expect(decoded.summary).toContain('an unlimited amount of dUSD')
    expect(decoded.fields).toContainEqual({ label: 'Allowance', value: 'unlimited: all your dUSD, now and later', warning: true })
    expect(decoded.fields).toContainEqual({ label: 'Permit deadline', value: `never (${MAX_UINT256.toString()})` })
    expect(decoded.warning).toBe(true)
  })

  it('a Permit of another shape (DAI\'s holder/allowed) is listed field by field, nothing left out', () => {
    const dai = { types: { Permit: [{ name: 'holder', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'nonce', type: 'uint256' }, { name: 'expiry', type: 'uint256' }, { name: 'allowed', type: 'bool' }] }, primaryType: 'Permit', domain: { name: 'Dai' }, message: { holder: OWNER, spender: SPENDER, nonce: 0, expiry: 0, allowed: true } }
    const decoded = decodeTypedData(dai, opts)
    expect(decoded.action).toEqual({ kind: 'generic', primaryType: 'Permit' })
    expect(decoded.fields.slice(0, 5)).toEqual([
      { label: 'holder (address)', value: OWNER },
      { label: 'spender (address)', value: SPENDER },
      { label: 'nonce (uint256)', value: '0' },
      { label: 'expiry (uint256)', value: '0' },
      { label: 'allowed (bool)', value: 'true' },
    ])
  })
})

describe('decodeTypedData: Permit2', () => {
  it('PermitSingle for uint160 max: token, spender, "unlimited", expiry and signature deadline as dates', () => {
    const decoded = decodeTypedData(JSON.stringify(permit2('PermitSingle', { token: DUSD, amount: MAX_UINT160.toString(), expiration: DEADLINE, nonce: 0 })), opts)
    expect(decoded.summary).toBe(`Permit2: allow 0xBAdB\u2026BAD0 to spend an unlimited amount of dUSD until ${DEADLINE_TEXT}`)
    expect(decoded.fields).toEqual([
      { label: 'Spender', value: SPENDER },
      { label: 'Token', value: `dUSD (${DUSD})` },
      { label: 'Allowance', value: 'unlimited: all your dUSD, now and later', warning: true },
      { label: 'Allowance expires', value: DEADLINE_TEXT },
      { label: 'Nonce', value: '0' },
      { label: 'Signature usable until', value: DEADLINE_TEXT },
      { label: 'Type', value: 'PermitSingle' },
      { label: 'Domain', value: 'Permit2' },
      { label: 'Contract', value: `${PERMIT2_ADDRESS} (Permit2)` },
      { label: 'Chain id', value: '31337' },
    ])
    expect(decoded.warning).toBe(true)
  })

  it('an expiration of 0 is the end of the block; uint48 max never', () => {
    const at0 = decodeTypedData(permit2('PermitSingle', { token: DUSD, amount: '1', expiration: 0, nonce: 0 }), opts)
    expect(at0.fields).toContainEqual({ label: 'Allowance expires', value: 'the end of the block it is used in' })
    const never = decodeTypedData(permit2('PermitSingle', { token: DUSD, amount: '1', expiration: MAX_UINT48.toString(), nonce: 0 }), opts)
    expect(never.fields).toContainEqual({ label: 'Allowance expires', value: `never (${MAX_UINT48.toString()})` })
  })

  it('PermitBatch numbers each allowance; an unknown token is in raw units', () => {
    const decoded = decodeTypedData(
      permit2('PermitBatch', [
        { token: DVT, amount: '2500000000000000000', expiration: DEADLINE, nonce: 1 },
        { token: OWNER, amount: '77', expiration: DEADLINE, nonce: 2 },
      ]),
      opts,
    )
    expect(decoded.summary).toBe(`Permit2: allow 0xBAdB\u2026BAD0 to spend 2.5 DVT until ${DEADLINE_TEXT}; 77 raw units of an unknown token (0x1111\u20261111) until ${DEADLINE_TEXT}`)
    expect(decoded.fields).toContainEqual({ label: 'Allowance 1', value: '2.5 DVT' })
    expect(decoded.fields).toContainEqual({ label: 'Token 2', value: `${OWNER} (unknown token)` })
    expect(decoded.fields).toContainEqual({ label: 'Allowance 2', value: '77 raw units (unknown token: its decimals are not known)' })
    expect(decoded.warning).toBe(false)
  })

  it('an amount past uint160 is not a valid PermitSingle: listed field by field with the fault flagged', () => {
    const decoded = decodeTypedData(permit2('PermitSingle', { token: DUSD, amount: (MAX_UINT160 + 1n).toString(), expiration: 0, nonce: 0 }), opts)
    expect(decoded.action).toEqual({ kind: 'generic', primaryType: 'PermitSingle' })
    expect(decoded.fields).toContainEqual({ label: 'details.amount (uint160)', value: `not a valid uint160: ${(MAX_UINT160 + 1n).toString()}`, warning: true })
    expect(decoded.warning).toBe(true)
  })

  it('PermitWitnessTransferFrom: the one-time transfer, then the witness, field by field', () => {
    const typed = {
      types: {
        PermitWitnessTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
          { name: 'witness', type: 'Order' },
        ],
        TokenPermissions: [
          { name: 'token', type: 'address' },
          { name: 'amount', type: 'uint256' },
        ],
        Order: [{ name: 'recipient', type: 'address' }],
      },
      primaryType: 'PermitWitnessTransferFrom',
      domain: { name: 'Permit2', chainId: 1, verifyingContract: PERMIT2_ADDRESS },
      message: { permitted: { token: DUSD, amount: MAX_UINT256.toString() }, spender: SPENDER, nonce: '9', deadline: DEADLINE, witness: { recipient: OWNER } },
    }
    const decoded = decodeTypedData(typed, opts)
    expect(decoded.summary).toBe(`Permit2: allow 0xBAdB\u2026BAD0 to take an unlimited amount of dUSD from you once, until ${DEADLINE_TEXT}`)
    expect(decoded.fields).toContainEqual({ label: 'Amount it may take', value: 'unlimited: all your dUSD, now and later', warning: true })
    expect(decoded.fields).toContainEqual({ label: 'witness.recipient (address)', value: OWNER })
    expect(decoded.fields).toContainEqual({ label: 'Chain id', value: '1 (not the chain your wallet is on)', warning: true })
  })
})

describe('decodeTypedData: any other message', () => {
  it('lists every field of the primary type with its type, through structs and arrays', () => {
    const mail = {
      types: {
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallets', type: 'address[]' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person[]' },
          { name: 'contents', type: 'string' },
          { name: 'count', type: 'uint8' },
          { name: 'delta', type: 'int256' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1' },
      message: { from: { name: 'Cow', wallets: [OWNER] }, to: [{ name: 'Bob', wallets: [] }], contents: 'Hello, Bob!', count: 300, delta: '-5' },
    }
    const decoded = decodeTypedData(mail, opts)
    expect(decoded.summary).toBe('Sign a Mail message for Ether Mail')
    expect(decoded.fields).toEqual([
      { label: 'from.name (string)', value: 'Cow' },
      { label: 'from.wallets[0] (address)', value: OWNER },
      { label: 'to[0].name (string)', value: 'Bob' },
      { label: 'to[0].wallets (address[])', value: 'empty list' },
      { label: 'contents (string)', value: 'Hello, Bob!' },
      { label: 'count (uint8)', value: 'not a valid uint8: 300', warning: true },
      { label: 'delta (int256)', value: '-5' },
      { label: 'Type', value: 'Mail' },
      { label: 'Domain', value: 'Ether Mail (version 1)' },
    ])
    expect(decoded.warning).toBe(true)
  })

  it(`lists at most ${MAX_GENERIC_FIELDS} fields and says, flagged, how many more there are`, () => {
    const typed = { types: { Many: [{ name: 'items', type: 'uint256[]' }] }, primaryType: 'Many', domain: {}, message: { items: Array.from({ length: MAX_GENERIC_FIELDS + 5 }, (_, i) => i) } }
    const decoded = decodeTypedData(typed, opts)
    expect(decoded.fields.filter((f) => f.label.startsWith('items['))).toHaveLength(MAX_GENERIC_FIELDS)
    expect(decoded.fields).toContainEqual({ label: 'More fields', value: '5 more fields not listed: reject unless you expected a message this long', warning: true })
  })

  it('what is not typed data is unreadable, flagged', () => {
    for (const value of ['{not json', 42, null, { primaryType: 'Mail', types: {}, message: {} }, { primaryType: 'Mail', types: { Mail: [{ name: 1 }] }, message: {} }]) {
      const decoded = decodeTypedData(value, opts)
      expect(decoded.summary).toBe(UNREADABLE_TYPED_DATA)
      expect(decoded.warning).toBe(true)
    }
  })
})
