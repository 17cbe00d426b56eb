/**
 * Swap ("convert") endpoints in the 1inch-shaped API the spec names, answered from the devnet's
 * Uniswap V2 pools: quotes are the router's `getAmountsOut`, the allowance is the ERC-20's allowance
 * of the router, and build-approve / build-transaction return real router calls (the slippage bound
 * as `amountOutMin`) that the chain executes. Failures answer `{ reasons: [{ description }] }`.
 */
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { DEVNET_CONTRACTS, DEVNET_FUNGIBLES, NATIVE_TOKEN_ADDRESS, caip10, type DevnetChainId } from '../../config'
import { fungibleByAddress, parseAccount, parseChainId } from '../chains'
import { tokenIconUrl, type ServiceDeps } from '../deps'
import { field, HttpError, requireQuery, requireString, type Handler, type RequestContext, type Router } from '../http'

export const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** The words 1inch answers when no pool can fill a trade; the modal shows its own text for it. */
export const INSUFFICIENT_LIQUIDITY = 'insufficient liquidity'
const FALLBACK_GAS = 300_000n
/** Seconds a built swap stays valid on chain (the router's `deadline`). */
const DEADLINE_SECONDS = 20n * 60n

/** An error in the convert API's shape: `{ reasons: [{ description }] }`. */
function reason(status: number, description: string): HttpError {
  return new HttpError(status, description, { reasons: [{ description }] })
}

/** Every convert failure answers in the reasons shape, whatever raised it. */
function convertRoute(handler: Handler): Handler {
  return async (ctx: RequestContext) => {
    try {
      return await handler(ctx)
    } catch (error) {
      if (error instanceof HttpError && !isReasons(error.body)) throw reason(error.status, error.message)
      throw error
    }
  }
}

function isReasons(body: unknown): boolean {
  return typeof body === 'object' && body !== null && Array.isArray((body as { reasons?: unknown }).reasons)
}

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

/** The pool path of a trade: the native coin trades as WETH. */
function path(from: Address, to: Address): [Address, Address] {
  const inPool = (t: Address): Address => (t === NATIVE_TOKEN_ADDRESS ? DEVNET_CONTRACTS.weth : t)
  return [inPool(from), inPool(to)]
}

export function registerConvertRoutes(router: Router, deps: ServiceDeps): void {
  /** The router's quote; "insufficient liquidity" when the pools cannot fill it (a revert or nothing out). */
  const quote = async (chainId: DevnetChainId, from: Address, to: Address, amount: bigint): Promise<bigint> => {
    if (from === to) throw reason(400, 'The tokens to swap must differ')
    if (amount === 0n) throw reason(400, 'Invalid amount: expected more than 0')
    let amounts: readonly bigint[]
    try {
      amounts = await deps.chains
        .client(chainId)
        .readContract({ address: DEVNET_CONTRACTS.swapRouter, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amount, path(from, to)] })
    } catch (error) {
      if (/INSUFFICIENT|reverted/i.test(String(error))) throw reason(400, INSUFFICIENT_LIQUIDITY)
      throw error
    }
    const out = amounts[amounts.length - 1] ?? 0n
    if (out === 0n) throw reason(400, INSUFFICIENT_LIQUIDITY)
    return out
  }

  const gas = async (chainId: DevnetChainId, account: Address, to: Address, data: Hex, value: bigint, skip: boolean): Promise<bigint> => {
    if (skip) return FALLBACK_GAS
    try {
      const estimate = await deps.chains.client(chainId).estimateGas({ account, to, data, value })
      return (estimate * 12n) / 10n
    } catch {
      // A swap whose approval is not mined yet cannot be estimated; the wallet re-estimates anyway.
      return FALLBACK_GAS
    }
  }

  router.get(
    '/v1/convert/tokens',
    convertRoute(({ query }) => {
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
    }),
  )

  router.get(
    '/v1/convert/quotes',
    convertRoute(async ({ query }) => {
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
              id: null,
              fromAmount: amount.toString(),
              fromAccount: caip10(from.chainId, from.token),
              toAmount: toAmount.toString(),
              toAccount: caip10(to.chainId, to.token),
            },
          ],
        },
      }
    }),
  )

  router.get(
    '/v1/convert/allowance',
    convertRoute(async ({ query }) => {
      const token = parseToken(requireQuery(query, 'tokenAddress'), 'tokenAddress')
      const { address: user } = parseAccount(requireQuery(query, 'userAddress'))
      if (!token) return { json: { allowance: '0' } }
      if (token.token === NATIVE_TOKEN_ADDRESS) return { json: { allowance: maxUint256.toString() } }
      const allowance = await deps.chains
        .client(token.chainId)
        .readContract({ address: token.token, abi: erc20Abi, functionName: 'allowance', args: [user, DEVNET_CONTRACTS.swapRouter] })
      return { json: { allowance: allowance.toString() } }
    }),
  )

  router.get(
    '/v1/convert/gas-price',
    convertRoute(async ({ query }) => {
      const chainId = parseChainId(requireQuery(query, 'chainId'))
      if (chainId === null) throw reason(400, 'Network not supported for Gas Price')
      const price = await deps.chains.client(chainId).getGasPrice()
      return { json: { standard: price.toString(), fast: ((price * 12n) / 10n).toString(), instant: ((price * 15n) / 10n).toString() } }
    }),
  )

  // `amount` is an extension of the 1inch call: an approval of exactly that many base units
  // instead of an unlimited one.
  router.get(
    '/v1/convert/build-approve',
    convertRoute(async ({ query }) => {
      const { address: user, chainId: userChain } = parseAccount(requireQuery(query, 'userAddress'))
      const from = parseToken(requireQuery(query, 'from'), 'from')
      const to = parseToken(requireQuery(query, 'to'), 'to')
      if (!from || !to || (userChain !== null && userChain !== from.chainId)) throw reason(400, 'Network not supported for Swaps')
      if (from.token === NATIVE_TOKEN_ADDRESS) throw reason(400, 'The native token needs no approval')
      const amountParam = query.get('amount')
      const amount = amountParam ? parseAmount(amountParam) : maxUint256
      const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEVNET_CONTRACTS.swapRouter, amount] })
      const client = deps.chains.client(from.chainId)
      const [gasLimit, gasPrice] = await Promise.all([gas(from.chainId, user, from.token, data, 0n, false), client.getGasPrice()])
      return {
        json: {
          tx: {
            from: user,
            to: from.token,
            data,
            value: '0',
            eip155: { gas: gasLimit.toString(), gasPrice: gasPrice.toString() },
          },
        },
      }
    }),
  )

  router.post(
    '/v1/convert/build-transaction',
    convertRoute(async ({ json }) => {
      const body = await json()
      const amount = parseAmount(requireString(body, 'amount'))
      const from = parseToken(requireString(body, 'from'), 'from')
      const to = parseToken(requireString(body, 'to'), 'to')
      const { address: user } = parseAccount(requireString(body, 'userAddress'))
      if (!from || !to || from.chainId !== to.chainId) throw reason(400, 'Network not supported for Swaps')
      const eip155 = field(body, 'eip155') as { slippage?: unknown } | undefined
      const slippage = Number(eip155?.slippage ?? 1)
      if (!Number.isFinite(slippage) || slippage < 0 || slippage > 100) throw reason(400, 'Invalid slippage')
      const expected = await quote(from.chainId, from.token, to.token, amount)
      const minOut = (expected * BigInt(Math.round((100 - slippage) * 100))) / 10_000n
      const client = deps.chains.client(from.chainId)
      const block = await client.getBlock()
      // An automining devnet's latest block can be older than the deadline window (nobody sent
      // anything for a while): the next block takes the clock's time, so count from whichever is later.
      const nowSeconds = BigInt(Math.floor(deps.now().getTime() / 1000))
      const deadline = (block.timestamp > nowSeconds ? block.timestamp : nowSeconds) + DEADLINE_SECONDS
      const route = path(from.token, to.token)
      const value = from.token === NATIVE_TOKEN_ADDRESS ? amount : 0n
      const data =
        from.token === NATIVE_TOKEN_ADDRESS
          ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [minOut, route, user, deadline] })
          : to.token === NATIVE_TOKEN_ADDRESS
            ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [amount, minOut, route, user, deadline] })
            : encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForTokens', args: [amount, minOut, route, user, deadline] })
      const skip = field(body, 'disableEstimate') === true
      const [gasLimit, gasPrice] = await Promise.all([gas(from.chainId, user, DEVNET_CONTRACTS.swapRouter, data, value, skip), client.getGasPrice()])
      return {
        json: {
          tx: {
            from: user,
            to: DEVNET_CONTRACTS.swapRouter,
            data,
            amount: value.toString(),
            eip155: { gas: gasLimit.toString(), gasPrice: gasPrice.toString() },
          },
        },
      }
    }),
  )
}
