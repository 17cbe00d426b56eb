/** Supported chains and history (identity is the server's, from its names; balances and prices the server reads). */
import { parseAccount, parseChainId } from '../chains'
import { tokenIconUrl, type ServiceDeps } from '../deps'
import type { Router } from '../http'
import { isSolanaDevnet, parseSolanaAccount, solanaHistory } from '../solana'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../config'

/** A CAIP-10 account of another namespace (solana:…): the devnet answers it with an empty result. */
function otherNamespace(value: string): boolean {
  const parts = value.split(':')
  return parts.length === 3 && parts[0] !== 'eip155'
}

export function registerAccountRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/v1/supported-chains', () => {
    const ids = [...deps.chains.ids.map((id) => `eip155:${id}`), ...(deps.solana ? [SOLANA_DEVNET_CAIP_NETWORK_ID] : [])]
    return { json: { http: ids, ws: ids } }
  })

  // Balances and prices are read from the chains by the server's own sources (the devnet's EVM
  // chains and its Solana network are configured into them): nothing of the devnet's.

  router.get('/v1/account/:address/history', async ({ params, query }) => {
    const sol = parseSolanaAccount(params.address!, query.get('chainId'))
    if (sol) {
      const ours = deps.solana && (sol.network === null || isSolanaDevnet(sol.network)) && !query.get('onramp')
      const icon = (symbol: string): string => tokenIconUrl(deps, symbol)
      return { json: ours ? solanaHistory(deps.solana!, sol.address, query.get('cursor') || null, icon) : { data: [], next: null } }
    }
    if (otherNamespace(params.address!)) return { json: { data: [], next: null } }
    const { address, chainId: fromCaip } = parseAccount(params.address!)
    const chainParam = query.get('chainId') ?? (fromCaip !== null ? String(fromCaip) : null)
    const chainId = chainParam ? parseChainId(chainParam) : null
    if (chainParam && chainId === null) return { json: { data: [], next: null } }
    const page = await deps.indexer.history({
      address,
      chainId,
      cursor: query.get('cursor') || null,
      onrampOnly: Boolean(query.get('onramp')),
    })
    return { json: page }
  })
}
