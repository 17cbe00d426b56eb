/**
 * A built swap's deadline counts from the later of the chain's latest block and the clock. On a
 * chain nobody has touched for longer than the deadline's window (an automining devnet), the latest
 * block is that old, and a deadline counted from it had already passed when the swap was mined
 * ("UniswapV2Router: EXPIRED", seen in a CI run whose chain B sat idle for 20 minutes).
 */
import { decodeFunctionData, parseAbi, type PublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/clock.js'
import { evmChainData } from '../../src/chains/evm-chain-data.js'
import { NATIVE_TOKEN } from '../../src/chains/uniswap-v2.js'

const ROUTER_ABI = parseAbi(['function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)'])
const NOW = Date.parse('2026-11-28T12:00:00Z')
const NOW_S = BigInt(NOW / 1000)
const ROUTER = '0x462d993d691D1b6fC27aD66a4C4e4302dbdB589a'
const TOKEN = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const USER = '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f'

async function deadline(latestBlockSeconds: bigint): Promise<bigint> {
  const client = {
    readContract: () => Promise.resolve([10n ** 16n, 5n * 10n ** 18n]),
    getBlock: () => Promise.resolve({ timestamp: latestBlockSeconds }),
    getGasPrice: () => Promise.resolve(1n),
    estimateGas: () => Promise.resolve(100_000n),
  } as unknown as PublicClient
  const source = evmChainData({
    chains: [{ reference: 31338, client, tokens: [{ chainId: 31338, address: TOKEN, name: 'Devnet Token', symbol: 'DVT', decimals: 18 }], feeds: [], swap: { router: ROUTER, weth: '0xb2A54aBb009909F7158E2c86261C046f9DC1522F' } }],
    clock: new ManualClock(NOW),
  })
  const answer = await source.buildTransaction!({
    params: {},
    query: new URLSearchParams(),
    headers: {},
    baseUrl: 'http://127.0.0.1',
    body: { projectId: 'p', amount: String(10n ** 16n), from: `eip155:31338:${NATIVE_TOKEN}`, to: `eip155:31338:${TOKEN}`, userAddress: `eip155:31338:${USER}`, eip155: { slippage: 1 }, disableEstimate: true },
  })
  const { args } = decodeFunctionData({ abi: ROUTER_ABI, data: (answer.json as { tx: { data: `0x${string}` } }).tx.data })
  return args[3]
}

describe("a built swap's deadline", () => {
  it('counts from the clock, not from a latest block mined long ago', async () => {
    expect(await deadline(NOW_S - 3600n)).toBeGreaterThanOrEqual(NOW_S + 20n * 60n)
  })

  it("follows the chain's time when it runs ahead of the clock (evm_increaseTime)", async () => {
    expect(await deadline(NOW_S + 5000n)).toBeGreaterThanOrEqual(NOW_S + 5000n + 20n * 60n)
  })
})
