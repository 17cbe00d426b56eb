/**
 * Deploys the devnet contracts from account 0 at fixed nonces (so addresses never change) and funds
 * the first accounts and the swap pool. Runs once per fresh chain.
 */
import {
  createPublicClient,
  createWalletClient,
  http,
  parseEther,
  parseUnits,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
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

  let nonce = await pub.getTransactionCount({ address: account.address })
  if (nonce !== 0) throw new Error(`chain ${chainId}: deployer nonce is ${nonce}, expected a fresh chain`)
  const hashes: Hex[] = []
  // Explicit fees and gas skip viem's per-transaction fee look-ups (the base fee starts at 1 gwei).
  const fees = { maxFeePerGas: 50_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
  const deploy = async (abi: Abi, bytecode: Hex, args: readonly unknown[]): Promise<void> => {
    hashes.push(await wallet.deployContract({ abi, bytecode, args, nonce: nonce++, gas: 6_000_000n, ...fees }))
  }
  const call = async (address: Address, abi: Abi, functionName: string, args: readonly unknown[], value?: bigint): Promise<void> => {
    hashes.push(await wallet.writeContract({ address, abi, functionName, args, nonce: nonce++, gas: 500_000n, ...fees, ...(value ? { value } : {}) }))
  }

  const { DevnetERC20: erc20, DevnetPixels: pixels, DevnetSwap: swap } = artifacts
  await deploy(erc20.abi, erc20.bytecode, ['Devnet USD', 'dUSD', 6])
  await deploy(erc20.abi, erc20.bytecode, ['Devnet Token', 'DVT', 18])
  await deploy(pixels.abi, pixels.bytecode, [])
  await deploy(swap.abi, swap.bytecode, [])

  for (const f of DEVNET_FUNGIBLES) {
    await call(DEVNET_CONTRACTS.swap, swap.abi, 'setToken', [f.address, parseUnits(String(f.price), 18), f.decimals])
  }
  const pool = DEVNET_FUNDING.swapPool
  hashes.push(await wallet.sendTransaction({ to: DEVNET_CONTRACTS.swap, value: parseEther(String(pool.native)), nonce: nonce++, gas: 100_000n, ...fees }))
  await call(DEVNET_CONTRACTS.dUSD, erc20.abi, 'mint', [DEVNET_CONTRACTS.swap, parseUnits(String(pool.dUSD), 6)])
  await call(DEVNET_CONTRACTS.DVT, erc20.abi, 'mint', [DEVNET_CONTRACTS.swap, parseUnits(String(pool.DVT), 18)])
  for (const a of DEVNET_ACCOUNTS) {
    await call(DEVNET_CONTRACTS.dUSD, erc20.abi, 'mint', [a.address, parseUnits(String(DEVNET_FUNDING.dUSDPerAccount), 6)])
    await call(DEVNET_CONTRACTS.DVT, erc20.abi, 'mint', [a.address, parseUnits(String(DEVNET_FUNDING.DVTPerAccount), 18)])
  }
  for (const owner of DEVNET_FUNDING.pixelOwners) {
    await call(DEVNET_CONTRACTS.pixels, pixels.abi, 'mint', [DEVNET_ACCOUNTS[owner]!.address])
  }

  for (const hash of hashes) {
    const receipt = await pub.waitForTransactionReceipt({ hash })
    if (receipt.status !== 'success') throw new Error(`chain ${chainId}: setup transaction ${hash} reverted`)
  }
  const deployed = await pub.getCode({ address: DEVNET_CONTRACTS.swap })
  if (!deployed || deployed === '0x') throw new Error(`chain ${chainId}: swap pool missing after deploy`)
}
