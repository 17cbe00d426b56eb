import { describe, expect, it } from 'vitest'
import { concat, erc20Abi, formatUnits, getContractAddress, keccak256, multicall3Abi, parseAbi, type Address, type Hex } from 'viem'
import { createRequire } from 'node:module'
import {
  DETERMINISTIC_DEPLOYER,
  DEVNET_CONTRACTS,
  DEVNET_FUNDING,
  DEVNET_CURRENCY_PRICES,
  DEVNET_PRICE_FEEDS,
  DEVNET_SWAP_SALT,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  swapPairAddress,
  type DevnetChainId,
} from '../../../devnet/src/config'
import { poolToken, swapInitCodes } from '../../../devnet/src/chains/eip155/deploy-swap'
import { clients, devnet } from './helpers'

const PAIR_ABI = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
  'function token0() view returns (address)',
])
const ROUTER_ABI = parseAbi(['function factory() view returns (address)', 'function WETH() view returns (address)'])
const decimals = { native: 18, dUSD: 6, DVT: 18 } as const
const price = { native: 2500, dUSD: 1, DVT: 0.5 } as const

describe("Multicall3's interface at its canonical address", () => {
  it('answers an account balance and a batch of token reads in one call on both chains', async () => {
    for (const chainId of [31337, 31338] as DevnetChainId[]) {
      const { publicClient } = clients(chainId, devnet.accounts[0]!.privateKey)
      const holder = devnet.accounts[1]!.address as Address
      const results = await publicClient.multicall({
        multicallAddress: DEVNET_CONTRACTS.multicall3,
        allowFailure: true,
        contracts: [
          { address: DEVNET_CONTRACTS.multicall3, abi: multicall3Abi, functionName: 'getEthBalance', args: [holder] },
          { address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [holder] },
          // Not a token: its failure comes back as one, the other reads stand.
          { address: holder, abi: erc20Abi, functionName: 'balanceOf', args: [holder] },
        ],
      })
      expect(results.map((r) => r.status)).toEqual(['success', 'success', 'failure'])
      expect(results[0]!.result).toBe(await publicClient.getBalance({ address: holder }))
      expect(results[1]!.result).toBe(await publicClient.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }))
    }
  })
})

describe('the price feeds', () => {
  it("carry the price table on both chains, each at its key's fixed address", async () => {
    const FEED = parseAbi(['function decimals() view returns (uint8)', 'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)'])
    // The tokens' prices, then the display currencies' (dollars per unit, for the fiat rates).
    expect(DEVNET_PRICE_FEEDS.map((f) => [f.key, f.price])).toEqual([
      ['ETH', price.native],
      ['dUSD', price.dUSD],
      ['DVT', price.DVT],
      ['SOL', 150],
      ['BTC', 60_000],
      ...Object.entries(DEVNET_CURRENCY_PRICES),
    ])
    for (const chainId of [31337, 31338] as DevnetChainId[]) {
      const { publicClient } = clients(chainId, devnet.accounts[0]!.privateKey)
      for (const feed of DEVNET_PRICE_FEEDS) {
        const feedDecimals = await publicClient.readContract({ address: feed.address, abi: FEED, functionName: 'decimals' })
        const [, answer] = await publicClient.readContract({ address: feed.address, abi: FEED, functionName: 'latestRoundData' })
        expect([feed.key, Number(formatUnits(answer, feedDecimals))]).toEqual([feed.key, feed.price])
      }
    }
  })
})

// On the project's devnet: swaps from account #0, which move the pools' reserves.
describe('the swap pools (Uniswap V2 from the npm artifacts)', () => {
  it('puts factory, WETH and router at CREATE2 addresses that depend only on their code', () => {
    const codes = swapInitCodes()
    const create2 = (bytecode: Hex): Address => getContractAddress({ opcode: 'CREATE2', from: DETERMINISTIC_DEPLOYER, salt: DEVNET_SWAP_SALT, bytecode })
    expect(create2(codes.factory)).toBe(DEVNET_CONTRACTS.swapFactory)
    expect(create2(codes.weth)).toBe(DEVNET_CONTRACTS.weth)
    expect(create2(codes.router)).toBe(DEVNET_CONTRACTS.swapRouter)
    const pair = createRequire(import.meta.url)('@uniswap/v2-core/build/UniswapV2Pair.json') as { bytecode: string }
    expect(keccak256(concat([`0x${pair.bytecode}`]))).toBe(UNISWAP_V2_PAIR_INIT_CODE_HASH)
  })

  it('deploys them on both chains and seeds every pool at the price table ratios', async () => {
    for (const chainId of [31337, 31338] as DevnetChainId[]) {
      const { publicClient } = clients(chainId, devnet.accounts[0]!.privateKey)
      expect(await publicClient.readContract({ address: DEVNET_CONTRACTS.swapRouter, abi: ROUTER_ABI, functionName: 'factory' })).toBe(DEVNET_CONTRACTS.swapFactory)
      expect(await publicClient.readContract({ address: DEVNET_CONTRACTS.swapRouter, abi: ROUTER_ABI, functionName: 'WETH' })).toBe(DEVNET_CONTRACTS.weth)
      for (const pool of DEVNET_FUNDING.swapPools) {
        const [a, b] = [poolToken(pool.a), poolToken(pool.b)]
        const pair = swapPairAddress(a, b)
        const [r0, r1] = await publicClient.readContract({ address: pair, abi: PAIR_ABI, functionName: 'getReserves' })
        const token0 = await publicClient.readContract({ address: pair, abi: PAIR_ABI, functionName: 'token0' })
        const [ra, rb] = token0 === a ? [r0, r1] : [r1, r0]
        // Other suites trade against the pools too, so compare the mid price with the table within 5 %.
        const mid = Number(formatUnits(rb, decimals[pool.b])) / Number(formatUnits(ra, decimals[pool.a]))
        expect(mid / (price[pool.a] / price[pool.b])).toBeGreaterThan(0.95)
        expect(mid / (price[pool.a] / price[pool.b])).toBeLessThan(1.05)
        expect(Number(formatUnits(ra, decimals[pool.a]))).toBeGreaterThan(Number(pool.reserveA) * 0.9)
      }
    }
  })
})
