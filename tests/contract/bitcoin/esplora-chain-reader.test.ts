/**
 * EsploraChainReader against the devnet Bitcoin chain over real HTTP: the balance is the sum of the
 * address's unspent outputs, confirmed and pending apart; a dead first URL falls back to the next.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBitcoinDevnet, type BitcoinDevnet } from '../../../devnet/src/chains/bip122/server'
import { bitcoinDevnetAccount } from '../../../devnet/src/chains/bip122/keys'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../../devnet/src/chains/bip122/network'
import { EsploraChainReader } from '../../../src/infrastructure/chains/bip122/esplora-chain-reader'
import type { CaipNetwork } from '../../../src/domain/entities'
import { freePort } from '../../e2e/support/free-port'

let devnet: BitcoinDevnet
const account = bitcoinDevnetAccount(3)
const network = (rpcUrls: string[]): CaipNetwork =>
  ({
    id: BITCOIN_DEVNET_CAIP_NETWORK_ID.slice('bip122:'.length),
    caipNetworkId: BITCOIN_DEVNET_CAIP_NETWORK_ID,
    chainNamespace: 'bip122',
    name: 'Bitcoin Regtest',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    rpcUrls,
  }) as CaipNetwork

beforeAll(async () => {
  // Its own Bitcoin chain: blocks only when the test mines them.
  devnet = await startBitcoinDevnet({ port: 0, blockIntervalMs: 0 })
})
afterAll(async () => {
  await devnet?.stop()
})

describe('EsploraChainReader', () => {
  it('reads confirmed and pending sats, their sum equal to the unspent outputs', async () => {
    const reader = new EsploraChainReader()
    devnet.chain.fund([{ address: account.payment.address, sats: 12_345n }])
    const balance = await reader.getNativeBalanceParts(network([devnet.esploraUrl]), account.payment.address)
    expect(balance).toEqual({ confirmed: 175_000_000n, pending: 12_345n })
    const utxos = (await (await fetch(`${devnet.esploraUrl}/address/${account.payment.address}/utxo`)).json()) as { value: number }[]
    const sum = utxos.reduce((total, u) => total + BigInt(u.value), 0n)
    await expect(reader.getNativeBalance(network([devnet.esploraUrl]), account.payment.address)).resolves.toBe(sum)
  })

  it('moves on to the next URL when one is down, and refuses another family', async () => {
    const dead = `http://127.0.0.1:${await freePort()}`
    const reader = new EsploraChainReader()
    await expect(reader.getNativeBalance(network([dead, devnet.esploraUrl]), account.ordinals.address)).resolves.toBe(10_000n)
    await expect(reader.getNativeBalance({ ...network([devnet.esploraUrl]), chainNamespace: 'solana' } as CaipNetwork, 'x')).rejects.toMatchObject({
      name: 'UnsupportedChainReadError',
    })
  })
})
