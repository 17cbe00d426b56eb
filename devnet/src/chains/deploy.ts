/**
 * Deploys the devnet contracts from account 0 at fixed nonces (so addresses never change). Funding
 * happens in the constructors: the tokens mint to the first accounts and to the swap pool (whose
 * address is known in advance), the collection mints its pixels, the pool receives its native
 * liquidity as the deployment's value. Four transactions per chain.
 */
import { createPublicClient, createWalletClient, http, parseEther, parseUnits, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  DEPLOY_NONCES,
  DEVNET_ACCOUNTS,
  DEVNET_CONTRACTS,
  DEVNET_DEPLOYER,
  DEVNET_FUNDING,
  DEVNET_FUNGIBLES,
  devnetViemChain,
  type DevnetChainId,
} from '../config'
import type { Artifacts } from './compile'

export async function deployDevnetContracts(chainId: DevnetChainId, rpcUrl: string, artifacts: Artifacts): Promise<void> {
  const chain = devnetViemChain(chainId, rpcUrl)
  const account = privateKeyToAccount(DEVNET_DEPLOYER.privateKey)
  const transport = http(rpcUrl)
  const pub = createPublicClient({ chain, transport, pollingInterval: 50 })
  const wallet = createWalletClient({ chain, transport, account })

  const nonce = await pub.getTransactionCount({ address: account.address })
  if (nonce !== 0) throw new Error(`chain ${chainId}: deployer nonce is ${nonce}, expected a fresh chain`)
  // Explicit gas and fees skip viem's per-transaction look-ups (the base fee starts at 1 gwei).
  const fees = { gas: 8_000_000n, maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
  const deploy = (abi: Abi, bytecode: Hex, args: readonly unknown[], at: number, value?: bigint): Promise<Hex> =>
    wallet.deployContract({ abi, bytecode, args, nonce: at, ...fees, ...(value ? { value } : {}) })

  const holders: Address[] = [...DEVNET_ACCOUNTS.map((a) => a.address), DEVNET_CONTRACTS.swap]
  const amounts = (perAccount: bigint, pool: bigint, decimals: number): bigint[] => [
    ...DEVNET_ACCOUNTS.map(() => parseUnits(String(perAccount), decimals)),
    parseUnits(String(pool), decimals),
  ]
  const { DevnetERC20: erc20, DevnetPixels: pixels, DevnetSwap: swap } = artifacts
  const { swapPool } = DEVNET_FUNDING
  const hashes: Hex[] = []
  hashes.push(
    await deploy(erc20.abi, erc20.bytecode, ['Devnet USD', 'dUSD', 6, holders, amounts(DEVNET_FUNDING.dUSDPerAccount, swapPool.dUSD, 6)], DEPLOY_NONCES.dUSD),
  )
  hashes.push(
    await deploy(erc20.abi, erc20.bytecode, ['Devnet Token', 'DVT', 18, holders, amounts(DEVNET_FUNDING.DVTPerAccount, swapPool.DVT, 18)], DEPLOY_NONCES.DVT),
  )
  hashes.push(await deploy(pixels.abi, pixels.bytecode, [DEVNET_FUNDING.pixelOwners.map((i) => DEVNET_ACCOUNTS[i]!.address)], DEPLOY_NONCES.pixels))
  hashes.push(
    await deploy(
      swap.abi,
      swap.bytecode,
      [DEVNET_FUNGIBLES.map((f) => f.address), DEVNET_FUNGIBLES.map((f) => parseUnits(String(f.price), 18)), DEVNET_FUNGIBLES.map((f) => f.decimals)],
      DEPLOY_NONCES.swap,
      parseEther(String(swapPool.native)),
    ),
  )

  // Hardhat auto-mines each transaction as it arrives, so every receipt exists already.
  const receipts = await Promise.all(hashes.map((hash) => pub.getTransactionReceipt({ hash })))
  const failed = receipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`chain ${chainId}: setup transaction ${failed.transactionHash} reverted`)
  receipts.forEach((r, i) => {
    const expected = Object.values(DEVNET_CONTRACTS)[i]!
    if (r.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(`chain ${chainId}: contract ${i} deployed at ${r.contractAddress}, expected ${expected}`)
    }
  })
}
