/**
 * Prices from feeds on a chain the server has never seen: a fresh Anvil where the test deploys
 * feeds. A feed that answers gives its price; one that fails, answers zero or less, or is older than
 * its allowed age gives none, never a made-up one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, http, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile.js'
import { FeedPrices } from '../../src/chains/price-feeds.js'
import { ManualClock } from '../../src/clock.js'
import { ANVIL_KEY, startAnvil, type Anvil } from '../anvil.js'

let anvil: Anvil
const feeds: Record<string, Address> = {}
let requests = 0

beforeAll(async () => {
  anvil = await startAnvil()
  const chain = { id: anvil.chainId, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } }
  const wallet = createWalletClient({ account: privateKeyToAccount(ANVIL_KEY), transport: http(anvil.url), chain })
  const client = createPublicClient({ transport: http(anvil.url) })
  const { DevnetPriceFeed } = await loadArtifacts()
  const deploy = async (decimals: number, answer: bigint): Promise<Address> => {
    const hash = await wallet.deployContract({ abi: DevnetPriceFeed.abi, bytecode: DevnetPriceFeed.bytecode, args: [decimals, answer] })
    return (await client.waitForTransactionReceipt({ hash })).contractAddress!
  }
  feeds.ETH = await deploy(8, parseUnits('2500', 8))
  feeds.DVT = await deploy(18, parseUnits('0.5', 18))
  feeds.BROKEN = await deploy(8, -5n)
  feeds.ZERO = await deploy(8, 0n)
  // An account: no feed at all.
  feeds.NONE = privateKeyToAccount(generatePrivateKey()).address
}, 60_000)
afterAll(async () => {
  await anvil?.stop()
})

const reader = (clock: ManualClock) =>
  new FeedPrices(
    createPublicClient({ transport: http(anvil.url, { batch: true, onFetchRequest: () => void (requests += 1) }) }),
    Object.entries(feeds).map(([key, address]) => ({ key, address })),
    clock,
  )

describe('prices from on-chain feeds', () => {
  it("gives each answering feed's price, in one round trip after the first, and none for the others", async () => {
    const prices = reader(new ManualClock(Date.now()))
    expect(Object.fromEntries(await prices.prices())).toEqual({ ETH: 2500, DVT: 0.5 })
    requests = 0
    await prices.prices()
    expect(requests).toBe(1)
  })

  it('gives no price from a feed not updated within a day', async () => {
    const clock = new ManualClock(Date.now())
    const prices = reader(clock)
    clock.advance(86_400_000 + 60_000)
    expect(Object.fromEntries(await prices.prices())).toEqual({})
  })
})
