/**
 * The BlockchainApi contract: one suite, run against FetchBlockchainApi over real HTTP to the
 * devnet and against InMemoryBlockchainApi, so the fake can never drift from the adapter.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import type { CaipAddress, CaipNetworkId } from '../../../src/domain/entities'
import {
  GasPriceNetworkNotSupportedError,
  RegisterNameError,
  SwapNetworkNotSupportedError,
} from '../../../src/domain/errors'
import { nameCoinType } from '../../../src/domain/names/coin-type'
import { SwapInsufficientLiquidityError } from '../../../src/domain/swap/swap-errors'
import { PLACEHOLDER_QUOTE_ID } from '../../../src/domain/on-ramp/on-ramp-fallbacks'
import type { BlockchainApi } from '../../../src/ports/blockchain-api'

export interface BlockchainApiWorld {
  readonly api: BlockchainApi
  /** A network the service runs and offers swaps on (eip155). */
  readonly chainId: CaipNetworkId
  /** An account holding the native coin and `token` on `chainId`. */
  readonly funded: { readonly address: `0x${string}` }
  /** An account (with its key) that registers names in this suite. */
  readonly registrant: { readonly address: `0x${string}`; readonly privateKey: `0x${string}` }
  /** CAIP-10 addresses on `chainId`. */
  readonly nativeToken: string
  readonly token: { readonly caip10: string; readonly symbol: string; readonly decimals: number }
  /** The name service zone. */
  readonly zone: string
}

const UNSUPPORTED_CHAIN: CaipNetworkId = 'eip155:999999'
const INTEGER = /^\d+$/

export function blockchainApiContract(label: string, makeWorld: () => Promise<BlockchainApiWorld>): void {
  describe(`BlockchainApi contract: ${label}`, () => {
    let w: BlockchainApiWorld
    const account = (address: string, chainId: string = w.chainId) => `${chainId}:${address}` as CaipAddress

    beforeAll(async () => {
      w = await makeWorld()
    })

    describe('networks', () => {
      it('lists the chains it runs and says which are supported', async () => {
        const chains = await w.api.getSupportedChains()
        expect(chains.http).toContain(w.chainId)
        expect(chains.http).not.toContain(UNSUPPORTED_CHAIN)
        await expect(w.api.isNetworkSupported(w.chainId)).resolves.toBe(true)
        await expect(w.api.isNetworkSupported(UNSUPPORTED_CHAIN)).resolves.toBe(false)
      })
    })

    describe('balances', () => {
      it('lists the native coin and the token held on the network', async () => {
        const balances = await w.api.getBalances(account(w.funded.address), { forceUpdate: true })
        const native = balances.find((b) => b.address === undefined)
        const token = balances.find((b) => b.address?.toLowerCase() === w.token.caip10.toLowerCase())
        expect(native, 'native balance').toBeDefined()
        expect(Number(native!.quantity.numeric)).toBeGreaterThan(0)
        expect(token?.symbol).toBe(w.token.symbol)
        expect(token?.quantity.decimals).toBe(String(w.token.decimals))
        for (const b of balances) expect(b.chainId).toBe(w.chainId)
      })

      it('answers [] on a network the service does not run and on an unsupported namespace', async () => {
        await expect(w.api.getBalances(account(w.funded.address, UNSUPPORTED_CHAIN))).resolves.toEqual([])
        await expect(
          w.api.getBalances(`polkadot:91b171bb158e2d3848fa23a9f1c25182:${w.funded.address}` as CaipAddress),
        ).resolves.toEqual([])
      })

      it('rejects with the signal reason when the caller has aborted', async () => {
        await expect(
          w.api.getBalances(account(w.funded.address), { signal: AbortSignal.abort() }),
        ).rejects.toMatchObject({ name: 'AbortError' })
      })
    })

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

    describe('history', () => {
      it('answers a page of transactions on the network', async () => {
        const page = await w.api.getTransactions(account(w.funded.address))
        expect(page.data.length).toBeGreaterThan(0)
        expect(page.next === null || typeof page.next === 'string').toBe(true)
        for (const tx of page.data) {
          expect(tx.metadata.chain).toBe(w.chainId)
          expect(tx.id).toBe(tx.id.toLowerCase())
        }
      })

      it('answers an empty page on an unsupported network or namespace', async () => {
        const empty = { data: [], next: null }
        await expect(w.api.getTransactions(account(w.funded.address, UNSUPPORTED_CHAIN))).resolves.toEqual(empty)
        await expect(
          w.api.getTransactions('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'),
        ).resolves.toEqual(empty)
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

    describe('names', () => {
      const signer = () => privateKeyToAccount(w.registrant.privateKey)
      const chainNumber = () => Number(w.chainId.split(':')[1])
      const fresh = () => `wg${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`

      async function register(base: string) {
        const name = `${base}.${w.zone}`
        const coinType = nameCoinType(chainNumber())
        const message = JSON.stringify({ name, coinType, address: w.registrant.address, timestamp: Date.now() })
        const signature = await signer().signMessage({ message })
        return { name, coinType, message, signature }
      }

      it('registers a signed name, then finds it forward, in reverse, as a suggestion and as identity', async () => {
        const base = fresh()
        const params = await register(base)
        const profile = await w.api.registerName({ ...params, address: w.registrant.address })
        expect(profile.name).toBe(params.name)
        expect(Object.values(profile.addresses).map((a) => a.address.toLowerCase())).toContain(
          w.registrant.address.toLowerCase(),
        )

        const found = await w.api.lookUpName(params.name, { forceUpdate: true })
        expect(found?.name).toBe(params.name)

        const names = await w.api.reverseLookUpNames(account(w.registrant.address), { forceUpdate: true })
        expect(names.map((n) => n.name)).toContain(params.name)

        const suggestions = await w.api.getNameSuggestions(base, { zone: w.zone })
        expect(suggestions.find((s) => s.name === params.name)?.registered).toBe(true)

        const identity = await w.api.getIdentity(account(w.registrant.address), { forceUpdate: true })
        expect(names.map((n) => n.name)).toContain(identity.name)
      })

      it('refuses a bad signature and a name another address holds with the service\'s reason', async () => {
        const params = await register(fresh())
        const other = privateKeyToAccount('0x0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef')
        const forged = await other.signMessage({ message: params.message })
        const badSignature = await w.api
          .registerName({ ...params, signature: forged, address: w.registrant.address })
          .catch((e: unknown) => e)
        expect(badSignature).toBeInstanceOf(RegisterNameError)
        expect((badSignature as Error).message).not.toBe(`Error registering name ${params.name}`)

        await w.api.registerName({ ...params, address: w.registrant.address })
        const message = JSON.stringify({
          name: params.name,
          coinType: params.coinType,
          address: other.address,
          timestamp: Date.now(),
        })
        const taken = await w.api
          .registerName({
            name: params.name,
            coinType: params.coinType,
            address: other.address,
            message,
            signature: await other.signMessage({ message }),
          })
          .catch((e: unknown) => e)
        expect(taken).toBeInstanceOf(RegisterNameError)
        expect((taken as Error).message).not.toBe(`Error registering name ${params.name}`)
      })

      it('lets the owner register its own name again', async () => {
        const first = await register(fresh())
        await w.api.registerName({ ...first, address: w.registrant.address })
        const again = await register(first.name.split('.')[0]!)
        const profile = await w.api.registerName({ ...again, address: w.registrant.address })
        expect(profile.name).toBe(first.name)
      })

      it('answers null for a name nobody registered', async () => {
        await expect(w.api.lookUpName(`${fresh()}.${w.zone}`)).resolves.toBeNull()
      })

      it('answers an empty identity and no names for a namespace without names', async () => {
        const solana = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin' as CaipAddress
        await expect(w.api.getIdentity(solana)).resolves.toEqual({ name: null, avatar: null })
        await expect(w.api.reverseLookUpNames(solana)).resolves.toEqual([])
      })
    })

    describe('on-ramp', () => {
      it('lists payment and purchase currencies', async () => {
        const options = await w.api.getOnRampOptions()
        expect(options.paymentCurrencies.map((c) => c.id)).toContain('USD')
        expect(options.purchaseCurrencies.length).toBeGreaterThan(0)
      })

      it('quotes a purchase', async () => {
        const quote = await w.api.getOnRampQuote({
          purchaseCurrency: 'ETH',
          paymentCurrency: 'USD',
          amount: '100',
          network: w.chainId,
        })
        expect(quote.quoteId).not.toBe(PLACEHOLDER_QUOTE_ID)
        expect(quote.paymentTotal.currency).toBe('USD')
        expect(quote.purchaseAmount.currency).toBe('ETH')
        expect(Number(quote.purchaseAmount.amount)).toBeGreaterThan(0)
      })

      it('quotes by the one fee model: the amount asked is the total, and the fees and the subtotal add up to it', async () => {
        const quote = await w.api.getOnRampQuote({ purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '50', network: w.chainId })
        const cents = (m: { amount: string }) => Math.round(Number(m.amount) * 100)
        expect(cents(quote.paymentTotal)).toBe(5000)
        expect(cents(quote.paymentSubtotal) + cents(quote.coinbaseFee) + cents(quote.networkFee)).toBe(5000)
        expect(cents(quote.coinbaseFee) + cents(quote.networkFee)).toBeGreaterThan(0)
      })

      it('generates a checkout url', async () => {
        const url = await w.api.generateOnRampUrl({
          destinationWallets: [{ address: w.funded.address, blockchains: [w.chainId], assets: ['ETH'] }],
          partnerUserId: w.funded.address,
          presetFiatAmount: 50,
        })
        expect(new URL(url).protocol).toMatch(/^https?:$/)
      })

      it('generates the checkout url of the chosen provider', async () => {
        const url = await w.api.generateOnRampUrl({
          destinationWallets: [{ address: w.funded.address, blockchains: [w.chainId], assets: ['ETH'] }],
          partnerUserId: w.funded.address,
          presetCryptoAmount: 0.01,
          provider: 'meld',
        })
        // The provider's own page: the url's last path segment names it (docs/service-api.md).
        expect(new URL(url).pathname.split('/').at(-1)).toBe('meld')
      })
    })
  })
}
