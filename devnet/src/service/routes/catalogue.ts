/** Wallet catalogue, images, remote config, allowed origins and the analytics config. */
import { DEVNET_ALLOWED_ORIGINS } from '../../config'
import { iconSvg, queryWallets, walletImage } from '../catalogue'
import type { ServiceDeps } from '../deps'
import { HttpError, type Router } from '../http'

const SVG = 'image/svg+xml'
export const MAX_WALLET_ENTRIES = 100

function intParam(value: string | null, fallback: number, name: string): number {
  if (value === null || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new HttpError(400, `Invalid ${name}`)
  return n
}

function ids(value: string | null): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)
}

export function registerCatalogueRoutes(router: Router, deps: ServiceDeps): void {
  router.get('/getWallets', ({ query }) => ({
    json: queryWallets({
      page: intParam(query.get('page'), 1, 'page'),
      entries: Math.min(intParam(query.get('entries'), 40, 'entries'), MAX_WALLET_ENTRIES),
      search: query.get('search') ?? '',
      include: ids(query.get('include')),
      exclude: ids(query.get('exclude')),
    }),
  }))

  router.get('/getWalletImage/:imageId', ({ params }) => {
    const svg = walletImage(params.imageId!)
    if (!svg) throw new HttpError(404, `No wallet image ${params.imageId}`)
    return { contentType: SVG, body: svg, headers: { 'cache-control': 'public, max-age=3600' } }
  })

  const generic = (prefix: string) => (ctx: { params: Record<string, string> }) => ({
    contentType: SVG,
    body: iconSvg(`${prefix}:${ctx.params.id!}`, ctx.params.id!),
    headers: { 'cache-control': 'public, max-age=3600' },
  })
  router.get('/public/getAssetImage/:id', generic('asset'))
  router.get('/public/getCurrencyImage/:id', generic('currency'))
  router.get('/public/getTokenImage/:id', generic('token'))

  router.get('/appkit/v1/config', () => ({
    json: {
      features: [
        { id: 'swap', isEnabled: true, config: ['1inch'] },
        { id: 'onramp', isEnabled: true, config: ['coinbase', 'meld'] },
        { id: 'email', isEnabled: true, config: null },
        { id: 'social', isEnabled: true, config: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] },
        { id: 'activity', isEnabled: true, config: null },
        { id: 'reown_branding', isEnabled: true, config: null },
      ],
    },
  }))

  router.get('/projects/v1/origins', ({ query }) => {
    if (!deps.projectIds.includes(query.get('projectId') ?? '')) throw new HttpError(403, 'Invalid projectId')
    return { json: { allowedOrigins: DEVNET_ALLOWED_ORIGINS } }
  })

  router.get('/getAnalyticsConfig', () => ({ json: { isAnalyticsEnabled: true, isAppKitAuthEnabled: true } }))
}
