/**
 * Swaps through a Uniswap V2 router on a chain the server has never seen: a fresh Anvil where the
 * test deploys the devnet's contracts (tokens, pools, router). A quote is the constant-product
 * amount the pair's reserves give; the built swap, sent, pays at least the quote less slippage.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseEther, parseUnits, type Address } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { loadArtifacts } from '../../../devnet/src/chains/eip155/compile.js'
import { deployDevnetContracts } from '../../../devnet/src/chains/eip155/deploy.js'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, swapPairAddress } from '../../../devnet/src/config.js'
import { NATIVE_TOKEN, UniswapV2Swaps, type SwapTransaction } from '../../src/chains/uniswap-v2.js'
import { startAnvil, type Anvil } from '../anvil.js'

const PAIR_ABI = parseAbi(['function getReserves() view returns (uint112, uint112, uint32)', 'function token0() view returns (address)'])
let anvil: Anvil
const trader = DEVNET_ACCOUNTS[3]!
const client = () => createPublicClient({ transport: http(anvil.url) })
const swaps = () => new UniswapV2Swaps(client(), { router: DEVNET_CONTRACTS.swapRouter, weth: DEVNET_CONTRACTS.weth })
const now = () => Math.floor(Date.now() / 1000)

beforeAll(async () => {
  anvil = await startAnvil(31337)
  await deployDevnetContracts(31337, anvil.url, await loadArtifacts())
}, 120_000)
afterAll(async () => {
  await anvil?.stop()
})

/** Uniswap V2's constant product with its 0.3% fee, from the pair's reserves now. */
async function constantProduct(tokenIn: Address, tokenOut: Address, amountIn: bigint): Promise<bigint> {
  const pair = swapPairAddress(tokenIn, tokenOut)
  const [r0, r1] = await client().readContract({ address: pair, abi: PAIR_ABI, functionName: 'getReserves' })
  const token0 = await client().readContract({ address: pair, abi: PAIR_ABI, functionName: 'token0' })
  const [reserveIn, reserveOut] = token0.toLowerCase() === tokenIn.toLowerCase() ? [r0, r1] : [r1, r0]
  return (amountIn * 997n * reserveOut) / (reserveIn * 1000n + amountIn * 997n)
}

async function send(tx: SwapTransaction): Promise<void> {
  const wallet = createWalletClient({ account: privateKeyToAccount(trader.privateKey), transport: http(anvil.url), chain: { id: 31337, name: 'anvil', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [anvil.url] } } } })
  const receipt = await client().waitForTransactionReceipt({ hash: await wallet.sendTransaction({ to: tx.to, data: tx.data, value: tx.value }) })
  expect(receipt.status).toBe('success')
}

const dusd = (owner: Address) => client().readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
const dvt = (owner: Address) => client().readContract({ address: DEVNET_CONTRACTS.DVT, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })

describe('swaps through a Uniswap V2 router', () => {
  it("quotes the pair's constant-product amount, the native coin as WETH", async () => {
    const amountIn = parseEther('1')
    expect(await swaps().quote(NATIVE_TOKEN, DEVNET_CONTRACTS.dUSD, amountIn)).toBe(await constantProduct(DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.dUSD, amountIn))
    expect(await swaps().quote(DEVNET_CONTRACTS.dUSD, DEVNET_CONTRACTS.DVT, parseUnits('10', 6))).toBe(await constantProduct(DEVNET_CONTRACTS.dUSD, DEVNET_CONTRACTS.DVT, parseUnits('10', 6)))
  })

  it('builds a native-coin swap that pays the quote', async () => {
    const amountIn = parseEther('0.5')
    const quoted = await swaps().quote(NATIVE_TOKEN, DEVNET_CONTRACTS.dUSD, amountIn)
    const before = await dusd(trader.address)
    await send(await swaps().swap({ from: NATIVE_TOKEN, to: DEVNET_CONTRACTS.dUSD, amountIn, owner: trader.address, slippagePercent: 1, nowSeconds: now() }))
    expect((await dusd(trader.address)) - before).toBe(quoted)
  })

  it('needs the approval it builds for a token, then swaps token for token', async () => {
    const amountIn = parseUnits('25', 6)
    expect(await swaps().allowance(NATIVE_TOKEN, trader.address)).toBe(2n ** 256n - 1n)
    expect(await swaps().allowance(DEVNET_CONTRACTS.dUSD, trader.address)).toBe(0n)
    await send(swaps().approve(DEVNET_CONTRACTS.dUSD, trader.address, amountIn))
    expect(await swaps().allowance(DEVNET_CONTRACTS.dUSD, trader.address)).toBe(amountIn)
    const quoted = await swaps().quote(DEVNET_CONTRACTS.dUSD, DEVNET_CONTRACTS.DVT, amountIn)
    const before = await dvt(trader.address)
    await send(await swaps().swap({ from: DEVNET_CONTRACTS.dUSD, to: DEVNET_CONTRACTS.DVT, amountIn, owner: trader.address, slippagePercent: 1, nowSeconds: now() }))
    expect((await dvt(trader.address)) - before).toBe(quoted)
  })

  it('takes the slippage off the quote: a swap whose price moved past it is refused on chain', async () => {
    const amountIn = parseEther('0.2')
    // Built now, then a bigger trade moves the price before it is sent.
    const late = await swaps().swap({ from: NATIVE_TOKEN, to: DEVNET_CONTRACTS.dUSD, amountIn, owner: trader.address, slippagePercent: 0.5, nowSeconds: now() })
    await send(await swaps().swap({ from: NATIVE_TOKEN, to: DEVNET_CONTRACTS.dUSD, amountIn: parseEther('20'), owner: trader.address, slippagePercent: 50, nowSeconds: now() }))
    await expect(client().call({ account: trader.address, to: late.to, data: late.data, value: late.value })).rejects.toThrow(/INSUFFICIENT_OUTPUT_AMOUNT/)
  })
})
