/**
 * Balances on a Bitcoin network read through an Esplora API, as a host's server reads any: the
 * devnet's regtest chain (its Esplora-compatible HTTP API) started on its own with its funded
 * accounts. Received less spent, a pending receipt included; a dead first URL falls over to the next;
 * another network, an Ethereum or Solana address, is not read here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBitcoinDevnet, type BitcoinDevnet } from '../../../devnet/src/chains/bip122/server.js'
import { bitcoinDevnetAccount } from '../../../devnet/src/chains/bip122/keys.js'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/bip122/network.js'
import { configuredChainData } from '../../src/chains/configured.js'
import { bitcoinChainData, isBitcoinAddress } from '../../src/chains/bitcoin-chain-data.js'
import type { ChainDataPort } from '../../src/chain-data.js'
import { ManualClock } from '../../src/clock.js'
import { parseServerConfig } from '../../src/config.js'
import { freePort } from '../../../tests/e2e/support/free-port.js'

let bitcoin: BitcoinDevnet
let source: ChainDataPort
const owner = bitcoinDevnetAccount(1).payment.address
const request = (address: string, query = '') => ({ params: { address }, query: new URLSearchParams(query), body: undefined, headers: {}, baseUrl: 'http://127.0.0.1' })

beforeAll(async () => {
  bitcoin = await startBitcoinDevnet({ port: 0, blockIntervalMs: 0 })
  const dead = `http://127.0.0.1:${await freePort()}`
  source = bitcoinChainData({
    chains: [{ id: BITCOIN_DEVNET_CAIP_NETWORK_ID, esploraUrls: [dead, bitcoin.esploraUrl], prices: { prices: async () => new Map([['native', 60_000]]) } }],
    iconUrl: (symbol) => `https://icons.example/${symbol}`,
  })
}, 60_000)
afterAll(async () => {
  await bitcoin?.stop()
})

describe('Bitcoin balances through Esplora', () => {
  it("gives the address's BTC (received less spent) with its fiat value, by plain address and by CAIP-10", async () => {
    const expected = { balances: [{ name: 'Bitcoin', symbol: 'BTC', chainId: BITCOIN_DEVNET_CAIP_NETWORK_ID, value: 105_000, price: 60_000, quantity: { decimals: '8', numeric: '1.75' }, iconUrl: 'https://icons.example/BTC' }] }
    expect((await source.balance!(request(owner))).json).toEqual(expected)
    expect((await source.balance!(request(`${BITCOIN_DEVNET_CAIP_NETWORK_ID}:${owner}`))).json).toEqual(expected)
  })

  it('counts a pending receipt', async () => {
    const fresh = bitcoinDevnetAccount(7).ordinals.address
    const before = (await source.balance!(request(fresh))).json as { balances: { quantity: { numeric: string } }[] }
    bitcoin.chain.fund([{ address: fresh, sats: 5_000n }])
    const after = (await source.balance!(request(fresh))).json as { balances: { quantity: { numeric: string } }[] }
    expect(Number(after.balances[0]!.quantity.numeric) - Number(before.balances[0]?.quantity.numeric ?? '0')).toBeCloseTo(0.00005, 8)
  })

  it('reads nothing for another network or what is no Bitcoin address', async () => {
    expect((await source.balance!(request(owner, 'chainId=bip122:000000000019d6689c085ae165831e93'))).json).toEqual({ balances: [] })
    expect((await source.balance!(request('0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'))).json).toEqual({ balances: [] })
    expect(isBitcoinAddress('HjB9fTJPYNwv9uUTUNiN9MDJ1iCNaDFKjcrjDitqRkk5')).toBe(false)
    expect(isBitcoinAddress('1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2')).toBe(true)
  })

  it('is read by the configured source when the configuration names the network', async () => {
    const configured = configuredChainData(parseServerConfig({ chains: [{ id: BITCOIN_DEVNET_CAIP_NETWORK_ID, rpcUrls: [bitcoin.esploraUrl] }] }), new ManualClock(Date.now()))
    const answer = (await configured.balance!(request(owner, 'projectId=p'))).json as { balances: { symbol: string; price: number; quantity: { numeric: string } }[] }
    expect(answer.balances.map((b) => [b.symbol, b.price, b.quantity.numeric])).toEqual([['BTC', 0, '1.75']])
  })
})
