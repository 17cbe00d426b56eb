/** SwapApi's token search, run against FetchSwapApi over HTTP to the devnet and against its fake. */
import { expect, it } from 'vitest'
import { SwapNetworkNotSupportedError } from '../../../../src/domain/errors'
import type { SwapTokenMatch } from '../../../../src/ports/blockchain/swap'
import { TOKEN_SEARCH_MAX_QUERY, TOKEN_SEARCH_MAX_RESULTS } from '../../../../src/wire/chain-data'
import { contractSuite, UNSUPPORTED_CHAIN } from './world'
import type { SwapApiWorld } from './swap.contract'

const lower = (tokens: readonly SwapTokenMatch[]) => tokens.map((t) => t.address.toLowerCase())

/** No token that is not popular comes before a popular one. */
function expectPopularFirst(tokens: readonly SwapTokenMatch[]): void {
  const firstOther = tokens.findIndex((t) => !t.popular)
  if (firstOther >= 0) expect(tokens.slice(firstOther).every((t) => !t.popular)).toBe(true)
}

export function tokenSearchContract(label: string, makeWorld: () => Promise<SwapApiWorld>): void {
  contractSuite('SwapApi token search', label, makeWorld, (w) => {
    const tokenHex = () => w.token.caip10.split(':')[2]!

    it('answers the popular tokens, the native coin among them, for an empty text', async () => {
      const popular = await w.api.searchSwapTokens(w.chainId, '  ')
      expect(popular.length).toBeGreaterThan(0)
      expect(popular.length).toBeLessThanOrEqual(TOKEN_SEARCH_MAX_RESULTS)
      expect(popular.every((t) => t.popular)).toBe(true)
      expect(lower(popular)).toContain(w.nativeToken.toLowerCase())
    })

    it('finds a token by a prefix of its symbol or of a word of its name, whatever the case', async () => {
      const bySymbol = await w.api.searchSwapTokens(w.chainId, w.token.symbol.slice(0, 2).toUpperCase())
      expect(lower(bySymbol)).toContain(w.token.caip10.toLowerCase())
      expect(bySymbol.every((t) => [t.symbol, t.name, ...t.name.split(' ')].some((s) => s.toLowerCase().startsWith(w.token.symbol.slice(0, 2).toLowerCase())))).toBe(true)
      expectPopularFirst(bySymbol)
      const byName = await w.api.searchSwapTokens(w.chainId, 'usd')
      expect(lower(byName)).toContain(w.token.caip10.toLowerCase())
      const found = byName.find((t) => t.address.toLowerCase() === w.token.caip10.toLowerCase())
      expect(found?.decimals).toBe(w.token.decimals)
    })

    it('finds exactly the token at a pasted address, plain or CAIP-10, in any case', async () => {
      for (const text of [tokenHex(), tokenHex().toLowerCase(), w.token.caip10, ` ${w.token.caip10} `]) {
        expect(lower(await w.api.searchSwapTokens(w.chainId, text))).toEqual([w.token.caip10.toLowerCase()])
      }
    })

    it('finds nothing for an address it does not swap, another network’s token or nonsense', async () => {
      await expect(w.api.searchSwapTokens(w.chainId, '0x000000000000000000000000000000000000dEaD')).resolves.toEqual([])
      await expect(w.api.searchSwapTokens(w.chainId, `eip155:424242:${tokenHex()}`)).resolves.toEqual([])
      await expect(w.api.searchSwapTokens(w.chainId, 'zzzz-no-such-token')).resolves.toEqual([])
      await expect(w.api.searchSwapTokens(w.chainId, 'a'.repeat(TOKEN_SEARCH_MAX_QUERY + 1))).resolves.toEqual([])
    })

    it('throws the spec error on a network without swaps', async () => {
      await expect(w.api.searchSwapTokens(UNSUPPORTED_CHAIN, 'usd')).rejects.toBeInstanceOf(SwapNetworkNotSupportedError)
    })
  })
}
