/** A configured chain's client falls over from a dead RPC endpoint to the next one. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainClient } from '../../src/chains/chain-client.js'
import { EvmBalanceReader } from '../../src/chains/evm-balances.js'
import { freePort } from '../../../tests/e2e/support/free-port.js'
import { startAnvil, type Anvil } from '../anvil.js'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

describe('a chain client', () => {
  it('answers through the next RPC URL when the first one is dead', async () => {
    // Nothing listens there: the connection is refused at once.
    const dead = `http://127.0.0.1:${await freePort()}`
    const client = chainClient([dead, anvil.url])
    expect(await client.getChainId()).toBe(anvil.chainId)
    const reader = new EvmBalanceReader(client, { name: 'Ether', symbol: 'ETH', decimals: 18 }, [])
    // Anvil's first account holds 10,000 ETH.
    expect(await reader.balances('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toEqual([{ name: 'Ether', symbol: 'ETH', decimals: 18, amount: 10_000n * 10n ** 18n }])
  })

  it('refuses a chain without an RPC URL', () => {
    expect(() => chainClient([])).toThrow(RangeError)
  })
})
