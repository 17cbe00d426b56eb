/**
 * A chain-data source (../../src/chain-data.ts) answered by the modal's own ports: here the in-memory
 * fakes that pass the blockchain service's contract suites. The server's chain-data routes then run
 * those suites over real HTTP, through the modal's Fetch adapters, the project guard and the wire
 * contract's checks, on each engine, with no chain behind them.
 */
import type { CaipAddress, CaipNetworkId } from '../../../src/domain/entities'
import { INSUFFICIENT_LIQUIDITY_REASON, SwapInsufficientLiquidityError } from '../../../src/domain/swap/swap-errors'
import type { ActivityApi } from '../../../src/ports/blockchain/activity'
import { HttpError } from '../../../src/ports/http-errors'
import type { BalancesApi } from '../../../src/ports/blockchain/balances'
import type { OnRampApi, OnRampUrlParams } from '../../../src/ports/blockchain/on-ramp'
import type { SupportedChainsApi } from '../../../src/ports/blockchain/supported-chains'
import type { SwapApi } from '../../../src/ports/blockchain/swap'
import type { z } from 'zod'
import type * as wire from '../../src/wire.js'
import { ChainDataError, type ChainDataPort, type ChainDataRequest } from '../../src/chain-data.js'

export interface ChainDataPorts {
  readonly supportedChains: SupportedChainsApi
  readonly balances: BalancesApi
  readonly activity: ActivityApi
  readonly swap: SwapApi
  readonly onRamp: OnRampApi
}

const text = (request: ChainDataRequest, name: string) => request.query.get(name) ?? undefined
const required = (request: ChainDataRequest, name: string) => request.query.get(name) ?? ''
/** The body, as the wire contract's check let it through. */
const body = <Schema extends z.core.$ZodType>(request: ChainDataRequest) => request.body as z.output<Schema>
const account = (request: ChainDataRequest) => `${required(request, 'chainId')}:${request.params.address ?? ''}` as CaipAddress

/** A swap the source cannot make answers as the convert API does: 400 with its reasons. */
async function converting<T>(call: () => Promise<T>): Promise<{ json: T }> {
  try {
    return { json: await call() }
  } catch (error) {
    const reason = error instanceof SwapInsufficientLiquidityError ? INSUFFICIENT_LIQUIDITY_REASON : error instanceof Error ? error.message : String(error)
    throw new ChainDataError(400, reason, { reasons: [{ description: reason }] })
  }
}

export function chainDataFromPorts(ports: ChainDataPorts): ChainDataPort {
  return {
    supportedChains: async () => ({ json: await ports.supportedChains.getSupportedChains() }),
    balance: async (r) => ({ json: { balances: await ports.balances.getBalances(account(r), { forceUpdate: text(r, 'forceUpdate') === 'true' }) } }),
    history: async (r) => {
      try {
        return { json: await ports.activity.getTransactions(account(r), { cursor: text(r, 'cursor'), onramp: text(r, 'onramp'), token: text(r, 'token') }) }
      } catch (error) {
        // The port's refusal (a cursor of another filter) as the service words it.
        if (error instanceof HttpError && error.status === 400) throw new ChainDataError(400, (error.body as { message: string }).message)
        throw error
      }
    },
    prices: async (r) => ({ json: { fungibles: await ports.swap.getTokenPrices(body<typeof wire.pricesBodySchema>(r).addresses) } }),
    swapTokens: (r) => converting(async () => ({ tokens: await ports.swap.getSwapTokens(required(r, 'chainId') as CaipNetworkId) })),
    searchTokens: (r) => converting(async () => ({ tokens: await ports.swap.searchSwapTokens(required(r, 'chainId') as CaipNetworkId, required(r, 'q')) })),
    swapQuotes: (r) =>
      converting(async () => ({
        quotes: await ports.swap.getSwapQuotes({ amount: required(r, 'amount'), userAddress: required(r, 'userAddress'), from: required(r, 'from'), to: required(r, 'to'), gasPrice: required(r, 'gasPrice') }),
      })),
    swapAllowance: (r) => converting(async () => ({ allowance: await ports.swap.getSwapAllowance({ tokenAddress: required(r, 'tokenAddress'), userAddress: required(r, 'userAddress') }) })),
    gasPrice: (r) => converting(() => ports.swap.getGasPrice(required(r, 'chainId') as CaipNetworkId)),
    buildApprove: (r) =>
      converting(async () => ({ tx: await ports.swap.buildApproveTransaction({ userAddress: required(r, 'userAddress'), from: required(r, 'from'), to: required(r, 'to'), amount: text(r, 'amount') }) })),
    buildTransaction: (r) => {
      const b = body<typeof wire.buildTransactionBodySchema>(r)
      return converting(async () => ({
        tx: await ports.swap.buildSwapTransaction({ amount: b.amount, from: b.from, to: b.to, userAddress: b.userAddress, slippage: Number(b.eip155.slippage), disableEstimate: b.disableEstimate }),
      }))
    },
    onRampOptions: async () => ({ json: await ports.onRamp.getOnRampOptions() }),
    onRampQuote: async (r) => ({ json: await ports.onRamp.getOnRampQuote(body<typeof wire.onRampQuoteBodySchema>(r)) }),
    onRampUrl: async (r) => ({ json: { url: await ports.onRamp.generateOnRampUrl(body<typeof wire.onRampUrlBodySchema>(r) as OnRampUrlParams) } }),
  }
}
