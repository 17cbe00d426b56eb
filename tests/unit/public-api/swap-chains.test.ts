/** The host's `swapChainIds` decides where the modal's swap calls go, before any request. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createContainer } from '../../../src/composition/container'
import { bindAccount } from '../../../src/composition/bindings/account'
import { bindSwap } from '../../../src/composition/bindings/swap'
import { bindNow } from '../../support/bind-now'
import { parseConfig } from '../../../src/domain/config'
import { SwapNetworkNotSupportedError } from '../../../src/domain/errors'
import { SwapApi } from '../../../src/ports/blockchain/swap'
import { aModalConfig } from '../../builders/config'

afterEach(() => {
  vi.unstubAllGlobals()
})

function apiFor(swapChainIds?: number[]) {
  const config = parseConfig(aModalConfig(swapChainIds ? { swapChainIds } : {}))
  const container = createContainer(config)
  bindNow(container, bindAccount)
  bindNow(container, bindSwap)
  const requests: string[] = []
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    requests.push(String(input))
    return Promise.resolve(new Response(JSON.stringify({ tokens: [] }), { status: 200, headers: { 'content-type': 'application/json' } }))
  })
  return { api: container.get(SwapApi), requests }
}

describe('swapChainIds', () => {
  it('defaults to the spec swap networks: a devnet chain is refused before any request', async () => {
    const { api, requests } = apiFor()
    await expect(api.getSwapTokens('eip155:31337')).rejects.toBeInstanceOf(SwapNetworkNotSupportedError)
    await expect(api.getSwapTokens('eip155:1')).resolves.toEqual([])
    expect(requests.map((r) => new URL(r).pathname)).toEqual(['/v1/convert/tokens'])
  })

  it('offers swaps on the chains a host lists, and only there', async () => {
    const { api, requests } = apiFor([31337])
    await expect(api.getSwapTokens('eip155:31337')).resolves.toEqual([])
    await expect(api.getSwapTokens('eip155:1')).rejects.toThrow('Network not supported for Swaps')
    expect(requests).toHaveLength(1)
  })
})
