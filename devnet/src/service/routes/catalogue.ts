/** Token, asset and currency images: an icon generated from the id (a host serves its own). */
import { iconSvg } from '../catalogue'
import type { Router } from '../http'

const SVG = 'image/svg+xml'

export function registerImageRoutes(router: Router): void {
  const generic = (prefix: string) => (ctx: { params: Record<string, string> }) => ({
    contentType: SVG,
    body: iconSvg(`${prefix}:${ctx.params.id!}`, ctx.params.id!),
    headers: { 'cache-control': 'public, max-age=3600' },
  })
  router.get('/public/getAssetImage/:id', generic('asset'))
  router.get('/public/getCurrencyImage/:id', generic('currency'))
  router.get('/public/getTokenImage/:id', generic('token'))
}
