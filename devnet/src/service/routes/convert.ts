/**
 * Swap ("convert") endpoints. Quotes come from the DevnetSwap pool (the price table on chain), and
 * build-approve / build-transaction return real transaction data that the pool executes.
 */
import { encodeFunctionData, erc20Abi, maxUint256, type Address, type Hex } from 'viem'
import { DEVNET_CONTRACTS, DEVNET_FUNGIBLES, NATIVE_TOKEN_ADDRESS, caip10, type DevnetChainId } from '../../config'
import { fungibleByAddress, parseAccount, parseChainId } from '../chains'
import { tokenIconUrl, type ServiceDeps } from '../deps'
import { field, HttpError, requireQuery, requireString, type Router } from '../http'

export const SWAP_ABI = [
  {
    type: 'function',
    name: 'quote',
    stateMutability: 'view',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'function',
    name: 'swap',
    stateMutability: 'payable',
    inputs: [
      { name: 'tokenIn', type: 'address' },
      { name: 'tokenOut', type: 'address' },
      { name: 'amountIn', type: 'uint256' },
      { name: 'minAmountOut', type: 'uint256' },
    ],
    outputs: [{ name: 'amountOut', type: 'uint256' }],
  },
] as const

const FALLBACK_GAS = 300_000n

/** A CAIP-10 token on a devnet chain; null when the chain is not a devnet chain. */
function parseToken(value: string, name: string): { chainId: DevnetChainId; token: Address } | null {
  const parts = value.split(':')
  if (parts.length !== 3) throw new HttpError(400, `Invalid ${name}: expected a CAIP-10 address`)
  const chainId = parseChainId(`${parts[0]}:${parts[1]}`)
  if (chainId === null) return null
  const meta = fungibleByAddress(parts[2]!)
  if (!meta) throw new HttpError(400, `Unknown token ${value}`)
  return { chainId, token: meta.address }
}

function parseAmount(value: string, name = 'amount'): bigint {
  if (!/^\d+$/.test(value)) throw new HttpError(400, `Invalid ${name}: expected an integer in base units`)
  return BigInt(value)
}

export function registerConvertRoutes(router: Router, deps: ServiceDeps): void {
  const quote = async (chainId: DevnetChainId, from: Address, to: Address, amount: bigint): Promise<bigint> =>
    deps.chains.client(chainId).readContract({ address: DEVNET_CONTRACTS.swap, abi: SWAP_ABI, functionName: 'quote', args: [from, to, amount] })

  const gas = async (chainId: DevnetChainId, account: Address, to: Address, data: Hex, value: bigint, skip: boolean): Promise<bigint> => {
    if (skip) return FALLBACK_GAS
    try {
      const estimate = await deps.chains.client(chainId).estimateGas({ account, to, data, value })
      return (estimate * 12n) / 10n
    } catch {
      return FALLBACK_GAS
    }
  }

  router.get('/v1/convert/tokens', ({ query }) => {
    const chainId = parseChainId(requireQuery(query, 'chainId'))
    if (chainId === null) return { json: { tokens: [] } }
    const tokens = DEVNET_FUNGIBLES.map((f) => ({
      name: f.name,
      symbol: f.symbol,
      address: caip10(chainId, f.address),
      decimals: f.decimals,
      logoUri: tokenIconUrl(deps, f.symbol),
    }))
    return { json: { tokens } }
  })

  router.get('/v1/convert/quotes', async ({ query }) => {
    const amount = parseAmount(requireQuery(query, 'amount'))
    const from = parseToken(requireQuery(query, 'from'), 'from')
    const to = parseToken(requireQuery(query, 'to'), 'to')
    const user = query.get('userAddress')
    if (user) parseAccount(user)
    if (!from || !to || from.chainId !== to.chainId) return { json: { quotes: [] } }
    const toAmount = await quote(from.chainId, from.token, to.token, amount)
    return {
      json: {
        quotes: [
          {
            fromAmount: amount.toString(),
            fromAccount: caip10(from.chainId, from.token),
            toAmount: toAmount.toString(),
            toAccount: caip10(to.chainId, to.token),
          },
        ],
      },
    }
  })

  router.get('/v1/convert/allowance', async ({ query }) => {
    const token = parseToken(requireQuery(query, 'tokenAddress'), 'tokenAddress')
    const { address: user } = parseAccount(requireQuery(query, 'userAddress'))
    if (!token) return { json: { allowance: '0' } }
    if (token.token === NATIVE_TOKEN_ADDRESS) return { json: { allowance: maxUint256.toString() } }
    const allowance = await deps.chains
      .client(token.chainId)
      .readContract({ address: token.token, abi: erc20Abi, functionName: 'allowance', args: [user, DEVNET_CONTRACTS.swap] })
    return { json: { allowance: allowance.toString() } }
  })

  router.get('/v1/convert/gas-price', async ({ query }) => {
    const chainId = parseChainId(requireQuery(query, 'chainId'))
    if (chainId === null) throw new HttpError(400, 'Network not supported for Gas Price')
    const price = await deps.chains.client(chainId).getGasPrice()
    return { json: { standard: price.toString(), fast: ((price * 12n) / 10n).toString(), instant: ((price * 15n) / 10n).toString() } }
  })

  router.get('/v1/convert/build-approve', async ({ query }) => {
    const { address: user, chainId: userChain } = parseAccount(requireQuery(query, 'userAddress'))
    const from = parseToken(requireQuery(query, 'from'), 'from')
    const to = parseToken(requireQuery(query, 'to'), 'to')
    if (!from || !to || (userChain !== null && userChain !== from.chainId)) throw new HttpError(400, 'Network not supported for Swaps')
    if (from.token === NATIVE_TOKEN_ADDRESS) throw new HttpError(400, 'The native token needs no approval')
    const amountParam = query.get('amount')
    const amount = amountParam ? parseAmount(amountParam) : maxUint256
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEVNET_CONTRACTS.swap, amount] })
    const client = deps.chains.client(from.chainId)
    const [gasLimit, gasPrice] = await Promise.all([gas(from.chainId, user, from.token, data, 0n, false), client.getGasPrice()])
    return {
      json: { tx: { from: user, to: from.token, data, value: '0', eip155: { gas: gasLimit.toString(), gasPrice: gasPrice.toString() } } },
    }
  })

  router.post('/v1/convert/build-transaction', async ({ json }) => {
    const body = await json()
    const amount = parseAmount(requireString(body, 'amount'))
    const from = parseToken(requireString(body, 'from'), 'from')
    const to = parseToken(requireString(body, 'to'), 'to')
    const { address: user } = parseAccount(requireString(body, 'userAddress'))
    if (!from || !to || from.chainId !== to.chainId) throw new HttpError(400, 'Network not supported for Swaps')
    const eip155 = field(body, 'eip155') as { slippage?: unknown } | undefined
    const slippage = Number(eip155?.slippage ?? 1)
    if (!Number.isFinite(slippage) || slippage < 0 || slippage > 100) throw new HttpError(400, 'Invalid slippage')
    const expected = await quote(from.chainId, from.token, to.token, amount)
    const minOut = (expected * BigInt(Math.round((100 - slippage) * 100))) / 10_000n
    const value = from.token === NATIVE_TOKEN_ADDRESS ? amount : 0n
    const data = encodeFunctionData({ abi: SWAP_ABI, functionName: 'swap', args: [from.token, to.token, amount, minOut] })
    const skip = field(body, 'disableEstimate') === true
    const client = deps.chains.client(from.chainId)
    const [gasLimit, gasPrice] = await Promise.all([gas(from.chainId, user, DEVNET_CONTRACTS.swap, data, value, skip), client.getGasPrice()])
    return {
      json: {
        tx: {
          from: user,
          to: DEVNET_CONTRACTS.swap,
          data,
          amount: value.toString(),
          eip155: { gas: gasLimit.toString(), gasPrice: gasPrice.toString() },
        },
      },
    }
  })
}
