import { fromBech32, toBech32 } from '@cosmjs/encoding'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { validateBitcoinAddress } from '../../../../src/domain/bitcoin/validate-bitcoin-address'
import { BITCOIN_CAIP_NETWORK_IDS } from '../../../../src/domain/bitcoin/bitcoin-networks'
import { otherFamilyAddressMessage } from '../../../../src/domain/validation/other-family-address'
import { validateCosmosAddress } from '../../../../src/infrastructure/chains/cosmos/cosmos-addresses'
import { validatePolkadotAddress } from '../../../../src/infrastructure/chains/polkadot/polkadot-addresses'

const EVM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BTC_MAINNET = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'
const BTC_LEGACY = '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2'
const COSMOS = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu'
/** The same account on Osmosis (another known chain's prefix). */
const OSMO = toBech32('osmo', fromBech32(COSMOS, 256).data, 256)
const POLKADOT = { caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', name: 'Polkadot' } as const
const HUB = { caipNetworkId: 'cosmos:cosmoshub-4', name: 'Cosmos Hub' } as const

beforeAll(() => cryptoWaitReady())

describe('an address of another chain family is named for what it is', () => {
  it('on a Bitcoin network: an EVM or a Cosmos Hub address', () => {
    expect(validateBitcoinAddress(EVM, BITCOIN_CAIP_NETWORK_IDS.regtest)).toEqual({ valid: false, message: 'This is an EVM address, not a Bitcoin Regtest one' })
    expect(validateBitcoinAddress(COSMOS, BITCOIN_CAIP_NETWORK_IDS.mainnet)).toEqual({
      valid: false,
      message: 'This is a Cosmos Hub address, not a Bitcoin Mainnet one',
    })
    // Another Bitcoin network keeps its own message; nonsense stays "Invalid address".
    expect(validateBitcoinAddress(BTC_MAINNET, BITCOIN_CAIP_NETWORK_IDS.regtest)).toEqual({ valid: false, message: 'This is a Bitcoin Mainnet address' })
    expect(validateBitcoinAddress('hello', BITCOIN_CAIP_NETWORK_IDS.regtest)).toEqual({ valid: false, message: 'Invalid address' })
  })

  it('on a Polkadot network: an EVM, a Bitcoin or an Osmosis address', () => {
    expect(validatePolkadotAddress(EVM, POLKADOT)).toEqual({ valid: false, message: 'This is an EVM address, not a Polkadot one' })
    expect(validatePolkadotAddress(BTC_LEGACY, POLKADOT)).toEqual({ valid: false, message: 'This is a Bitcoin Mainnet address, not a Polkadot one' })
    expect(validatePolkadotAddress(OSMO, POLKADOT)).toEqual({ valid: false, message: 'This is an Osmosis address, not a Polkadot one' })
  })

  it('on a Cosmos network: an EVM or a Bitcoin address', () => {
    expect(validateCosmosAddress(EVM, HUB)).toEqual({ valid: false, message: 'This is an EVM address, not a Cosmos Hub one' })
    expect(validateCosmosAddress(BTC_LEGACY, HUB)).toEqual({ valid: false, message: 'This is a Bitcoin Mainnet address, not a Cosmos Hub one' })
    expect(validateCosmosAddress(BTC_MAINNET, HUB)).toMatchObject({ valid: false, message: expect.stringContaining('Bitcoin Mainnet') })
  })

  it('names nothing for an address of the same family or one it does not recognise', () => {
    expect(otherFamilyAddressMessage(EVM, { chainNamespace: 'eip155', name: 'Ethereum' })).toBeUndefined()
    expect(otherFamilyAddressMessage(OSMO, { chainNamespace: 'cosmos', name: 'Cosmos Hub' })).toBeUndefined()
    expect(otherFamilyAddressMessage('nope', { chainNamespace: 'polkadot', name: 'Polkadot' })).toBeUndefined()
  })
})
