/** Name service: lookup, reverse lookup, suggestions and signed registration. */
import { NAME_ZONE } from '../../config'
import { parseSolanaAccount } from '../solana'
import { parseAccount } from '../chains'
import type { ServiceDeps } from '../deps'
import { field, HttpError, type Router } from '../http'

export function registerProfileRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/v1/profile/account/:name', ({ params }) => {
    const profile = deps.names.get(params.name!)
    if (!profile) throw new HttpError(404, `Name ${params.name} not found`)
    return { json: profile }
  })

  router.get('/v1/profile/reverse/:address', ({ params }) => {
    // Names are eip155 only: a Solana account has none (an empty answer, not an error).
    if (parseSolanaAccount(params.address!, null)) return { json: [] }
    const { address } = parseAccount(params.address!)
    return { json: deps.names.reverse(address) }
  })

  router.get('/v1/profile/suggestions/:name', ({ params, query }) => {
    const zone = query.get('zone')
    if (zone && zone !== NAME_ZONE) return { json: { suggestions: [] } }
    return { json: { suggestions: deps.names.suggestions(params.name!) } }
  })

  router.post('/v1/profile/account', async ({ json }) => {
    const body = await json()
    const profile = await deps.names.register({
      coin_type: field(body, 'coin_type'),
      address: field(body, 'address'),
      message: field(body, 'message'),
      signature: field(body, 'signature'),
    })
    return { json: profile }
  })
}
