/**
 * The swap pools: Uniswap V2's factory, WETH9 and Router02 from the compiled artifacts the npm
 * packages ship (nothing to compile; Router02's pair code hash matches the factory's pair), each
 * created with CREATE2 through the deterministic deployment proxy so its address depends only on
 * its code. The token side of every pool was minted to the pair address by the token's constructor;
 * here account 0 wraps the native side, creates the pairs and mints their liquidity.
 */
import { concat, encodeAbiParameters, encodeFunctionData, parseAbi, parseEther, type Address, type Hex, type PublicClient, type WalletClient } from 'viem'
import { DETERMINISTIC_DEPLOYER, DEVNET_CONTRACTS, DEVNET_DEPLOYER, DEVNET_FUNDING, DEVNET_SWAP_SALT, swapPairAddress } from '../../config'
import { swapBytecodes } from './swap-bytecodes'

/** The deterministic deployment proxy's runtime code (a public constant): CREATE2(salt = first 32 bytes, code = the rest). */
const DETERMINISTIC_DEPLOYER_CODE: Hex =
  '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3'

/** Creation code (with constructor arguments) of the three swap contracts, in deployment order. */
export function swapInitCodes(): { factory: Hex; weth: Hex; router: Hex } {
  const code = swapBytecodes()
  return {
    factory: concat([code.factory, encodeAbiParameters([{ type: 'address' }], [DEVNET_DEPLOYER.address])]),
    weth: code.weth,
    router: concat([
      code.router,
      encodeAbiParameters([{ type: 'address' }, { type: 'address' }], [DEVNET_CONTRACTS.swapFactory, DEVNET_CONTRACTS.weth]),
    ]),
  }
}

/** The token of a pool side: the native coin is WETH inside a pool. */
export function poolToken(key: 'native' | 'dUSD' | 'DVT'): Address {
  return key === 'native' ? DEVNET_CONTRACTS.weth : DEVNET_CONTRACTS[key]
}

/** Pair addresses and the token amounts (whole units) the token constructors mint to them. */
export function poolMints(key: 'dUSD' | 'DVT'): { holder: Address; amount: bigint }[] {
  return DEVNET_FUNDING.swapPools.flatMap((p) => {
    const pair = swapPairAddress(poolToken(p.a), poolToken(p.b))
    if (p.a === key) return [{ holder: pair, amount: p.reserveA }]
    if (p.b === key) return [{ holder: pair, amount: p.reserveB }]
    return []
  })
}

const POOL_ABI = parseAbi([
  'function deposit() payable',
  'function transfer(address to, uint256 amount) returns (bool)',
  'function createPair(address tokenA, address tokenB) returns (address)',
  'function mint(address to) returns (uint256)',
])

/**
 * Sends the swap set-up from account 0, one transaction after another (Anvil mines each on
 * arrival), and returns their hashes. Nonces are read, not fixed: only CREATE2 decides addresses.
 */
export async function deploySwapPools(
  pub: PublicClient,
  wallet: WalletClient,
  fees: { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint },
): Promise<Hex[]> {
  await pub.request({ method: 'anvil_setCode' as 'eth_call', params: [DETERMINISTIC_DEPLOYER, DETERMINISTIC_DEPLOYER_CODE] as never })
  let nonce = await pub.getTransactionCount({ address: DEVNET_DEPLOYER.address, blockTag: 'pending' })
  const account = wallet.account!
  const send = (to: Address, data: Hex, value = 0n): Promise<Hex> =>
    wallet.sendTransaction({ account, chain: wallet.chain, to, data, value, nonce: nonce++, ...fees })
  const codes = swapInitCodes()
  const hashes: Hex[] = []
  for (const code of [codes.factory, codes.weth, codes.router]) hashes.push(await send(DETERMINISTIC_DEPLOYER, concat([DEVNET_SWAP_SALT, code])))

  const nativePools = DEVNET_FUNDING.swapPools.filter((p) => p.a === 'native')
  const wrapped = nativePools.reduce((sum, p) => sum + parseEther(String(p.reserveA)), 0n)
  hashes.push(await send(DEVNET_CONTRACTS.weth, encodeFunctionData({ abi: POOL_ABI, functionName: 'deposit' }), wrapped))
  for (const p of nativePools) {
    const pair = swapPairAddress(poolToken(p.a), poolToken(p.b))
    hashes.push(await send(DEVNET_CONTRACTS.weth, encodeFunctionData({ abi: POOL_ABI, functionName: 'transfer', args: [pair, parseEther(String(p.reserveA))] })))
  }
  for (const p of DEVNET_FUNDING.swapPools) {
    const [a, b] = [poolToken(p.a), poolToken(p.b)]
    hashes.push(await send(DEVNET_CONTRACTS.swapFactory, encodeFunctionData({ abi: POOL_ABI, functionName: 'createPair', args: [a, b] })))
    hashes.push(await send(swapPairAddress(a, b), encodeFunctionData({ abi: POOL_ABI, functionName: 'mint', args: [DEVNET_DEPLOYER.address] })))
  }
  return hashes
}
