/**
 * Deploys the devnet contracts from account 0 at fixed nonces (so addresses never change). Funding
 * happens in the constructors: the tokens mint to the first accounts and to the swap pairs (whose
 * CREATE2 addresses are known in advance), the collection mints its pixels. Then the swap pools
 * (./deploy-swap) are created and seeded, ERC-4337's EntryPoint and the devnet's smart account
 * factory are created (./deploy-aa), the verifying paymaster created and funded (./deploy-paymaster), and ENS with its names (./deploy-ens).
 */
import { createPublicClient, createWalletClient, encodeDeployData, http, parseUnits, type Abi, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  DEPLOY_NONCES,
  DEVNET_ACCOUNTS,
  DEVNET_CONTRACTS,
  DEVNET_DEPLOYER,
  DEVNET_FUNDING,
  DEVNET_PRICE_FEED_DECIMALS,
  DEVNET_PRICE_FEEDS,
  devnetViemChain,
  type DevnetChainId,
} from '../../config'
import type { Artifacts } from './compile'
import { deploySmartAccountContracts } from './deploy-aa'
import { deployEnsContracts } from './deploy-ens'
import { deployPaymaster } from './deploy-paymaster'
import { deploySwapPools, poolMints } from './deploy-swap'

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
  const deploy = (abi: Abi, bytecode: Hex, args: readonly unknown[], at: number): Promise<Hex> =>
    wallet.deployContract({ abi, bytecode, args, nonce: at, ...fees })

  const minted = (key: 'dUSD' | 'DVT', perAccount: bigint, decimals: number): [Address[], bigint[]] => {
    const pools = poolMints(key)
    return [
      [...DEVNET_ACCOUNTS.map((a) => a.address), ...pools.map((p) => p.holder)],
      [...DEVNET_ACCOUNTS.map(() => parseUnits(String(perAccount), decimals)), ...pools.map((p) => parseUnits(String(p.amount), decimals))],
    ]
  }
  const { DevnetERC20: erc20, DevnetPixels: pixels } = artifacts
  const hashes: Hex[] = []
  hashes.push(await deploy(erc20.abi, erc20.bytecode, ['Devnet USD', 'dUSD', 6, ...minted('dUSD', DEVNET_FUNDING.dUSDPerAccount, 6)], DEPLOY_NONCES.dUSD))
  hashes.push(await deploy(erc20.abi, erc20.bytecode, ['Devnet Token', 'DVT', 18, ...minted('DVT', DEVNET_FUNDING.DVTPerAccount, 18)], DEPLOY_NONCES.DVT))
  hashes.push(await deploy(pixels.abi, pixels.bytecode, [DEVNET_FUNDING.pixelOwners.map((i) => DEVNET_ACCOUNTS[i]!.address)], DEPLOY_NONCES.pixels))
  const deployments = hashes.length
  hashes.push(...(await deploySwapPools(pub, wallet, fees)))
  hashes.push(...(await deploySmartAccountContracts(pub, wallet, artifacts, fees)))
  hashes.push(...(await deployPaymaster(pub, wallet, artifacts, fees)))
  hashes.push(...(await deployEnsContracts(pub, wallet, artifacts, fees)))

  // Anvil auto-mines each transaction as it arrives, but answers eth_sendRawTransaction before its
  // miner has run: on a busy machine the last receipts may not exist yet when the sends return.
  const receipts = await Promise.all(hashes.map((hash) => pub.waitForTransactionReceipt({ hash, pollingInterval: 50, timeout: 60_000 })))
  const failed = receipts.find((r) => r.status !== 'success')
  if (failed) throw new Error(`chain ${chainId}: setup transaction ${failed.transactionHash} reverted`)
  receipts.slice(0, deployments).forEach((r, i) => {
    const expected = [DEVNET_CONTRACTS.dUSD, DEVNET_CONTRACTS.DVT, DEVNET_CONTRACTS.pixels][i]!
    if (r.contractAddress?.toLowerCase() !== expected.toLowerCase()) {
      throw new Error(`chain ${chainId}: contract ${i} deployed at ${r.contractAddress}, expected ${expected}`)
    }
  })

  // Multicall3's interface where chain readers look for it on every chain: its runtime code (what an
  // eth_call of the creation code returns) set at the canonical address, no transaction and no nonce
  // taken from the deployer.
  const setCode = (address: Address, code: Hex) => pub.request({ method: 'anvil_setCode' as 'eth_chainId', params: [address, code] as unknown as undefined })
  const { data: runtime } = await pub.call({ data: artifacts.DevnetMulticall3.bytecode })
  if (runtime === undefined) throw new Error(`chain ${chainId}: DevnetMulticall3 has no runtime code`)
  await setCode(DEVNET_CONTRACTS.multicall3, runtime)

  // The price feeds likewise: each one's runtime code carries its price (immutables).
  const feed = artifacts.DevnetPriceFeed
  for (const { address, price } of DEVNET_PRICE_FEEDS) {
    const answer = parseUnits(String(price), DEVNET_PRICE_FEED_DECIMALS)
    const { data } = await pub.call({ data: encodeDeployData({ abi: feed.abi, bytecode: feed.bytecode, args: [DEVNET_PRICE_FEED_DECIMALS, answer] }) })
    if (data === undefined) throw new Error(`chain ${chainId}: DevnetPriceFeed has no runtime code`)
    await setCode(address, data)
  }
}
