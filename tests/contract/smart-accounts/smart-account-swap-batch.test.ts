/**
 * A batch the modal sends a smart account (approve + swap, EIP-5792) is one user operation that
 * lands: the bundler's gas estimate for calls that pass gas on to nested calls (the router paying
 * the account out in ETH) used to come out short, and the operation ran out of gas on chain.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, encodeFunctionData, erc20Abi, http, parseAbi, parseEther, toHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'
import type { BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import { DEVNET_CONTRACTS, devnetViemChain } from '../../../devnet/src/config'
import { devnetSmartAccount, type SmartAccountChain } from '../../../devnet/src/auth/smart-account'
import { devnet } from '../devnet/helpers'
import { startChainABundler } from './bundler'

const ROUTER_ABI = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])
const rpcUrl = devnet.rpcUrls[31337]!
const client = createPublicClient({ chain: devnetViemChain(31337, rpcUrl), transport: http(rpcUrl), pollingInterval: 50 })
let bundler: BundlerHandle
let chain: SmartAccountChain

beforeAll(async () => {
  ;({ bundler, chain } = await startChainABundler())
})
afterAll(async () => {
  await bundler?.stop()
})

const dusdOf = (address: `0x${string}`) => client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [address] })

// On the project's devnet: a fresh owner's smart account on Devnet A (bundler.ts), swapping in the pools.
describe('a smart account swapping through a batch', () => {
  it('runs approve + swapExactTokensForETH as one user operation that succeeds, paying the account in ETH', async () => {
    const account = await devnetSmartAccount(generatePrivateKey(), chain)
    await client.request({ method: 'anvil_setBalance' as never, params: [account.address, toHex(parseEther('1'))] as never })
    const deadline = (await client.getBlock()).timestamp + 600n
    const bought = await account.sendCalls([
      {
        to: DEVNET_CONTRACTS.swapRouter,
        value: parseEther('0.1'),
        data: encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [0n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.dUSD], account.address, deadline] }),
      },
    ])
    expect((await account.waitForCalls(bought)).success).toBe(true)
    const dusd = await dusdOf(account.address)
    const amount = dusd / 2n
    const ethBefore = await client.getBalance({ address: account.address })

    const id = await account.sendCalls([
      { to: DEVNET_CONTRACTS.dUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEVNET_CONTRACTS.swapRouter, amount] }) },
      {
        to: DEVNET_CONTRACTS.swapRouter,
        data: encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [amount, 0n, [DEVNET_CONTRACTS.dUSD, DEVNET_CONTRACTS.weth], account.address, deadline] }),
      },
    ])
    expect((await account.waitForCalls(id)).success).toBe(true)
    expect(dusd - (await dusdOf(account.address))).toBe(amount)
    expect(await client.getBalance({ address: account.address })).toBeGreaterThan(ethBefore)
    expect((await account.callsStatus(id)).status).toBe(200)
  }, 60_000)
})
