/**
 * Smart sessions on the blockchain service, the base of every call the modal makes (spec section
 * 7): GET /v1/sessions/{address} lists the account's session keys from chain state, and POST
 * /v1/sessions/{address}/revoke confirms that the owner removed one on chain (the service cannot
 * revoke by itself). The reading lives with the devnet's smart account (../../auth/smart-account),
 * loaded on the first such request.
 */
import type { ServiceDeps } from '../deps'
import { isDevnetChainId } from '../chains'
import type { RequestContext, Router } from '../http'

export function registerSessionRoutes(router: Router, deps: ServiceDeps): void {
  const chains = () =>
    Object.entries(deps.rpcUrls)
      .map(([id, rpcUrl]) => ({ chainId: Number(id), rpcUrl }))
      .filter((c) => isDevnetChainId(c.chainId))
  const answer = async ({ method, path, query, json }: RequestContext) => {
    const { sessionsRoute } = await import('../../auth/smart-account')
    const body = async (): Promise<Record<string, unknown>> => {
      const value = await json()
      return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
    }
    return sessionsRoute(method, path, query, body, chains())
  }
  router.get('/v1/sessions/:address', answer)
  router.post('/v1/sessions/:address/revoke', answer)
}
