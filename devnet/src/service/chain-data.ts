/**
 * The devnet's bookkeeping behind the server's chain-data port (walletgate-server's
 * src/chain-data.ts), for what the server's own EVM source (which reads the devnet's chains as any
 * host's) does not tell: the Solana devnet's balances and history, EVM history from the devnet's
 * indexer, on-ramp from its treasury, smart sessions from its accounts. A devnet-only source.
 */
import { CHAIN_DATA_OPERATIONS, type ChainDataOperation, type ChainDataPort } from '../../../server/src/index.js'
import type { ServiceDeps } from './deps'
import { Router, type RequestContext, type Route } from './http'
import { registerAccountRoutes } from './routes/account'
import { registerExplorerRoutes } from './routes/explorer'
import { registerOnrampRoutes } from './routes/onramp'
import { registerSessionRoutes } from './routes/sessions'

/** Every route the devnet answers from its own state (chain data and the devnet's pages alike). */
export function devnetRouter(deps: ServiceDeps): Router {
  const router = new Router()
  registerAccountRoutes(router, deps)
  registerOnrampRoutes(router, deps)
  registerExplorerRoutes(router, deps)
  registerSessionRoutes(router, deps)
  return router
}

export function patternOf(route: Route): string {
  return `/${route.segments.join('/')}`
}

/** Whether the server answers this route through its chain-data port (so the devnet must not mount it). */
export function isChainDataRoute(route: Route): boolean {
  return Object.values(CHAIN_DATA_OPERATIONS).some((spec) => spec.method === route.method && spec.path === patternOf(route))
}

/** The path a pattern stands for with `params` in place (as the route was asked). */
function pathOf(pattern: string, params: Readonly<Record<string, string>>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''))
}

/** The port's operations, each answered by the devnet route of the same method and path. */
export function devnetChainData(router: Router): ChainDataPort {
  const port: ChainDataPort = {}
  for (const [operation, spec] of Object.entries(CHAIN_DATA_OPERATIONS) as [ChainDataOperation, (typeof CHAIN_DATA_OPERATIONS)[ChainDataOperation]][]) {
    const route = router.entries().find((r) => r.method === spec.method && patternOf(r) === spec.path)
    if (route === undefined) continue
    port[operation] = async (request) => {
      const context: RequestContext = {
        req: { headers: request.headers },
        method: spec.method,
        path: pathOf(spec.path, request.params),
        query: request.query,
        params: { ...request.params },
        json: () => Promise.resolve(request.body),
        text: () => Promise.resolve(request.body === undefined ? '' : JSON.stringify(request.body)),
      }
      const result = await route.handler(context)
      if (result === undefined || !('json' in result)) throw new Error(`the devnet's ${spec.method} ${spec.path} answered no JSON`)
      return result.status === undefined ? { json: result.json } : { status: result.status, json: result.json }
    }
  }
  return port
}
