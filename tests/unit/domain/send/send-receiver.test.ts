import { describe, expect, it } from 'vitest'
import { looksLikeName, nameAddressOn, nameToLookUp, receiverKind } from '../../../../src/domain/send/send-receiver'
import type { NameProfile } from '../../../../src/domain/entities'
import { aFamilyRule } from '../../../fakes/in-memory-family-rules'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'

function profile(addresses: Record<string, string>): NameProfile {
  return {
    name: 'alice.wg.id',
    registered_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
    addresses: Object.fromEntries(Object.entries(addresses).map(([k, address]) => [k, { address, created: '2026-11-01T00:00:00.000Z' }])),
    attributes: {},
  }
}

describe('send receiver', () => {
  it.each(['alice', 'alice.wg.id', 'a-1.b', 'Bob'])('%s looks like a name', (text) => {
    expect(looksLikeName(text)).toBe(true)
  })

  it.each(['0xabc', '0x70997970', '123', 'a b', 'alice..id', 'al_ice', ''])('%j does not look like a name', (text) => {
    expect(looksLikeName(text)).toBe(false)
  })

  it('tells an address of the namespace from a name and from anything else', () => {
    expect(receiverKind('  ', aFamilyRule('eip155'))).toBe('empty')
    expect(receiverKind(` ${EVM} `, aFamilyRule('eip155'))).toBe('address')
    expect(receiverKind(SOL, aFamilyRule('solana'))).toBe('address')
    expect(receiverKind('alice.wg.id', aFamilyRule('eip155'))).toBe('name')
    expect(receiverKind('0x1234', aFamilyRule('eip155'))).toBe('invalid')
    // An address of another family is no address here, and no name either.
    expect(receiverKind(EVM, aFamilyRule('solana'))).toBe('otherFamily')
    expect(receiverKind(SOL, aFamilyRule('eip155'))).toBe('otherFamily')
    expect(receiverKind(EVM, undefined)).toBe('otherFamily')
    // No Solana, Bitcoin, Polkadot or Cosmos address starts with 0x: a half-typed EVM address
    // is said to be of the wrong family at once, not a bad address.
    expect(receiverKind('0x1234', aFamilyRule('solana'))).toBe('otherFamily')
    expect(receiverKind('0x', aFamilyRule('bip122'))).toBe('otherFamily')
  })

  it('a Cosmos account on an EVM or Solana send is of another family, not a name (whatever its prefix)', () => {
    const cosmos = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'
    expect(receiverKind(cosmos, aFamilyRule('eip155'))).toBe('otherFamily')
    expect(receiverKind(cosmos, aFamilyRule('solana'))).toBe('otherFamily')
    // A bech32 look-alike with a broken checksum is no address: it may be a name.
    expect(receiverKind('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xx', aFamilyRule('eip155'))).toBe('name')
  })

  it('looks a bare name up in the service zone, in lower case', () => {
    expect(nameToLookUp('Alice')).toBe('alice.wg.id')
    expect(nameToLookUp('Alice.WG.id')).toBe('alice.wg.id')
  })

  it("takes the network's coin-type entry, else the EVM entry, else the first, if it is an address of the namespace", () => {
    expect(nameAddressOn(profile({ '2147514985': EVM, '60': SOL }), aFamilyRule('eip155'), 'eip155:31337')).toBe(EVM)
    expect(nameAddressOn(profile({ '60': EVM }), aFamilyRule('eip155'), 'eip155:31337')).toBe(EVM)
    expect(nameAddressOn(profile({ '501': EVM }), aFamilyRule('eip155'), 'eip155:1')).toBe(EVM)
    expect(nameAddressOn(profile({ '60': 'not-an-address' }), aFamilyRule('eip155'), 'eip155:1')).toBeUndefined()
    expect(nameAddressOn(profile({ '60': EVM }), aFamilyRule('solana'), 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBeUndefined()
    expect(nameAddressOn(profile({}), aFamilyRule('eip155'), 'eip155:1')).toBeUndefined()
    // A chain id beyond the coin-type rule falls back to the EVM entry.
    expect(nameAddressOn(profile({ '60': EVM }), aFamilyRule('eip155'), 'eip155:4294967296')).toBe(EVM)
  })
})
