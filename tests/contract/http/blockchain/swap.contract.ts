/** The SwapApi contract (prices, swaps and gas price), run against FetchSwapApi over HTTP to the devnet and against its fake. */
import { describe, expect, it } from 'vitest'
import { GasPriceNetworkNotSupportedError, SwapNetworkNotSupportedError } from '../../../../src/domain/errors'
import { SwapInsufficientLiquidityError } from '../../../../src/domain/swap/swap-errors'
import type { SwapApi } from '../../../../src/ports/blockchain/swap'
import { contractSuite, INTEGER, UNSUPPORTED_CHAIN, type BlockchainWorld } from './world'

export interface SwapApiWorld extends BlockchainWorld {
  readonly api: SwapApi
}

export function swapContract(label: string, makeWorld: () => Promise<SwapApiWorld>): void {
  contractSuite('SwapApi', label, makeWorld, (w, account) => {
    describe('prices', () => {
      it('prices the native coin and the token in usd, and answers [] for no addresses', async () => {
        const prices = await w.api.getTokenPrices([w.nativeToken, w.token.caip10])
        expect(prices.map((p) => p.address.toLowerCase()).sort()).toEqual(
          [w.nativeToken.toLowerCase(), w.token.caip10.toLowerCase()].sort(),
        )
        for (const p of prices) expect(p.price).toBeGreaterThan(0)
        await expect(w.api.getTokenPrices([])).resolves.toEqual([])
      })
    })

    describe('swaps and gas price', () => {
      it('lists swappable tokens of the network', async () => {
        const tokens = await w.api.getSwapTokens(w.chainId)
        const token = tokens.find((t) => t.address.toLowerCase() === w.token.caip10.toLowerCase())
        expect(token?.decimals).toBe(w.token.decimals)
      })

      it('quotes a swap in base units', async () => {
        const quotes = await w.api.getSwapQuotes({
          amount: '1000000000000000',
          userAddress: account(w.funded.address),
          from: w.nativeToken,
          to: w.token.caip10,
          gasPrice: '1000000000',
        })
        expect(quotes.length).toBeGreaterThan(0)
        expect(quotes[0]!.fromAmount).toBe('1000000000000000')
        expect(quotes[0]!.toAmount).toMatch(INTEGER)
        expect(BigInt(quotes[0]!.toAmount)).toBeGreaterThan(0n)
      })

      it('reads an allowance and the gas price as integer strings', async () => {
        await expect(
          w.api.getSwapAllowance({ tokenAddress: w.token.caip10, userAddress: account(w.funded.address) }),
        ).resolves.toMatch(INTEGER)
        const gas = await w.api.getGasPrice(w.chainId)
        expect(gas.standard).toMatch(INTEGER)
        expect(gas.fast).toMatch(INTEGER)
        expect(gas.instant).toMatch(INTEGER)
      })

      it('builds an approve and a swap transaction', async () => {
        const approve = await w.api.buildApproveTransaction({
          userAddress: account(w.funded.address),
          from: w.token.caip10,
          to: w.nativeToken,
        })
        expect(approve.data.startsWith('0x095ea7b3')).toBe(true) // ERC-20 approve
        expect(approve.to.toLowerCase()).toBe(w.token.caip10.split(':')[2]!.toLowerCase())
        const swap = await w.api.buildSwapTransaction({
          amount: '1000000000000000',
          from: w.nativeToken,
          to: w.token.caip10,
          userAddress: account(w.funded.address),
        })
        expect(swap.data).toMatch(/^0x[0-9a-f]+$/i)
        expect(swap.eip155.gas).toMatch(INTEGER)
      })

      it('builds an approval of exactly the amount asked for, unlimited without one', async () => {
        const params = { userAddress: account(w.funded.address), from: w.token.caip10, to: w.nativeToken }
        const exact = await w.api.buildApproveTransaction({ ...params, amount: '1234567' })
        expect(BigInt(`0x${exact.data.slice(-64)}`)).toBe(1234567n)
        const unlimited = await w.api.buildApproveTransaction(params)
        expect(BigInt(`0x${unlimited.data.slice(-64)}`)).toBe(2n ** 256n - 1n)
      })

      it('throws SwapInsufficientLiquidityError for a trade that would pay nothing', async () => {
        const dust = { amount: '1', from: w.nativeToken, to: w.token.caip10, userAddress: account(w.funded.address) }
        await expect(w.api.getSwapQuotes({ ...dust, gasPrice: '1' })).rejects.toBeInstanceOf(SwapInsufficientLiquidityError)
        await expect(w.api.buildSwapTransaction(dust)).rejects.toBeInstanceOf(SwapInsufficientLiquidityError)
      })

      it('throws the spec errors on a network without swaps', async () => {
        await expect(w.api.getSwapTokens(UNSUPPORTED_CHAIN)).rejects.toBeInstanceOf(SwapNetworkNotSupportedError)
        await expect(w.api.getSwapTokens(UNSUPPORTED_CHAIN)).rejects.toThrow('Network not supported for Swaps')
        await expect(
          w.api.getSwapQuotes({
            amount: '1',
            userAddress: w.funded.address,
            from: `${UNSUPPORTED_CHAIN}:0x0000000000000000000000000000000000000001`,
            to: `${UNSUPPORTED_CHAIN}:0x0000000000000000000000000000000000000002`,
            gasPrice: '1',
          }),
        ).rejects.toBeInstanceOf(SwapNetworkNotSupportedError)
        await expect(w.api.getGasPrice(UNSUPPORTED_CHAIN)).rejects.toBeInstanceOf(GasPriceNetworkNotSupportedError)
        await expect(w.api.getGasPrice(UNSUPPORTED_CHAIN)).rejects.toThrow('Network not supported for Gas Price')
      })
    })
  })
}
