/** Supported chains, balances, prices and history (identity is the server's, from its names). */
import { parseAccount, parseChainId } from '../chains'
import { tokenIconUrl, type ServiceDeps } from '../deps'
import { field, HttpError, type Router } from '../http'
import { isSolanaDevnet, parseSolanaAccount, solanaBalances, solanaFungibleByCaip, solanaHistory } from '../solana'
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

  router.get('/v1/account/:address/balance', async ({ params, query }) => {
    const currency = query.get('currency')
    if (currency && currency.toLowerCase() !== 'usd') throw new HttpError(400, `Unsupported currency ${currency}`)
    const chainParam = query.get('chainId')
    const sol = parseSolanaAccount(params.address!, chainParam)
    if (sol) {
      const ours = deps.solana && (sol.network === null || isSolanaDevnet(sol.network))
      return { json: { balances: ours ? solanaBalances(deps.solana!, sol.address, (symbol) => tokenIconUrl(deps, symbol)) : [] } }
    }
    // An EVM account is the server's own EVM source's: none of the devnet's.
    return { json: { balances: [] } }
  })

  router.post('/v1/fungible/price', async ({ json }) => {
    const body = await json()
    const currency = field(body, 'currency')
    if (currency !== undefined && String(currency).toLowerCase() !== 'usd') throw new HttpError(400, `Unsupported currency ${String(currency)}`)
    const addresses = field(body, 'addresses')
    if (!Array.isArray(addresses)) throw new HttpError(400, 'Missing body field addresses')
    const fungibles = addresses.flatMap((a) => {
      if (typeof a !== 'string') return []
      const spl = solanaFungibleByCaip(a)
      if (spl) return [{ ...spl, iconUrl: tokenIconUrl(deps, spl.symbol), address: a }]
      return []
    })
    return { json: { fungibles } }
  })

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
