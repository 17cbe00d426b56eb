/** Supported chains (the server reads balances, prices and history from the chains itself). */
import type { ServiceDeps } from '../deps'
import type { Router } from '../http'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../config'

export function registerAccountRoutes(router: Router, deps: ServiceDeps): void {
  // Balances, prices and history are read from the chains by the server's own sources (the
  // devnet's EVM chains and its Solana network are configured into them): nothing of the devnet's.
  router.get('/v1/supported-chains', () => {
    const ids = [...deps.chains.ids.map((id) => `eip155:${id}`), ...(deps.solana ? [SOLANA_DEVNET_CAIP_NETWORK_ID] : [])]
    return { json: { http: ids, ws: ids } }
  })
}
