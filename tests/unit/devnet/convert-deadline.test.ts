/**
 * The devnet's swap builder: the router's deadline counts from the later of the latest block and the clock.
 * On an automining devnet nobody has touched for longer than the deadline window, the latest block
 * is that old, and a deadline counted from it had already passed when the swap was mined
 * ("UniswapV2Router: EXPIRED", seen in a CI run whose chain B sat idle for 20 minutes).
 */
import { decodeFunctionData } from 'viem'
import { describe, expect, it } from 'vitest'
import { DEVNET_ACCOUNTS, DEVNET_CONTRACTS, NATIVE_TOKEN_ADDRESS, caip10 } from '../../../devnet/src/config'
import { Router, type RequestContext } from '../../../devnet/src/service/http'
import { ROUTER_ABI, registerConvertRoutes } from '../../../devnet/src/service/routes/convert'
import type { ServiceDeps } from '../../../devnet/src/service/deps'

const NOW = new Date('2026-11-28T12:00:00Z')
const NOW_S = BigInt(NOW.getTime() / 1000)

function builder(latestBlockSeconds: bigint) {
  const client = {
    readContract: () => Promise.resolve([10n ** 16n, 5n * 10n ** 18n]),
    getBlock: () => Promise.resolve({ timestamp: latestBlockSeconds }),
    getGasPrice: () => Promise.resolve(1n),
    estimateGas: () => Promise.resolve(100_000n),
  }
  const router = new Router()
  registerConvertRoutes(router, { chains: { client: () => client }, now: () => NOW } as unknown as ServiceDeps)
  return async (): Promise<bigint> => {
    const found = router.match('POST', '/v1/convert/build-transaction')
    if (found === undefined || !('handler' in found)) throw new Error('no route')
    const body = {
      amount: (10n ** 16n).toString(),
      from: caip10(31338, NATIVE_TOKEN_ADDRESS),
      to: caip10(31338, DEVNET_CONTRACTS.DVT),
      userAddress: caip10(31338, DEVNET_ACCOUNTS[8]!.address),
      disableEstimate: true,
    }
    const ctx = { method: 'POST', path: found, params: found.params, query: new URLSearchParams(), req: { headers: {} }, json: () => Promise.resolve(body) } as unknown as RequestContext
    const answer = (await found.handler(ctx)) as { json: { tx: { data: `0x${string}` } } }
    const { args } = decodeFunctionData({ abi: ROUTER_ABI, data: answer.json.tx.data })
    return args.at(-1) as bigint
  }
}

describe("the devnet's swap deadline", () => {
  it('counts from the clock, not from a latest block mined long ago', async () => {
    const idleForAnHour = await builder(NOW_S - 3600n)()
    expect(idleForAnHour).toBeGreaterThanOrEqual(NOW_S + 20n * 60n)
  })

  it("follows the chain's clock when it runs ahead of the service's (evm_increaseTime)", async () => {
    const ahead = await builder(NOW_S + 5000n)()
    expect(ahead).toBeGreaterThanOrEqual(NOW_S + 5000n + 20n * 60n)
  })
})
