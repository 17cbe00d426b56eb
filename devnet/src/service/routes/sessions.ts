/** Smart-session listing and revocation (sessions are seeded by tests through /__admin/sessions). */
import { parseAccount } from '../chains'
import type { ServiceDeps, Session } from '../deps'
import { field, HttpError, requireString, type Router } from '../http'

export function registerSessionRoutes(router: Router, deps: ServiceDeps): void {
  const key = (raw: string): string => parseAccount(raw).address.toLowerCase()

  router.get('/v1/sessions/:address', ({ params }) => ({ json: { sessions: deps.sessions.get(key(params.address!)) ?? [] } }))

  router.post('/v1/sessions/:address/revoke', async ({ params, json }) => {
    const body = await json()
    const pci = requireString(body, 'pci')
    requireString(body, 'signature')
    const k = key(params.address!)
    const list = deps.sessions.get(k) ?? []
    if (!list.some((s) => s.pci === pci)) throw new HttpError(404, `Session ${pci} not found`)
    deps.sessions.set(
      k,
      list.filter((s) => s.pci !== pci),
    )
    return { json: { revoked: true } }
  })

  router.post('/__admin/sessions/:address', async ({ params, json }) => {
    const body = (await json()) ?? {}
    const k = key(params.address!)
    const pci = field(body, 'pci')
    const expiry = field(body, 'expiry')
    const permissions = field(body, 'permissions')
    const session: Session = {
      pci: typeof pci === 'string' && pci ? pci : `pci-${Math.random().toString(16).slice(2, 10)}`,
      expiry: typeof expiry === 'number' ? expiry : Math.floor(deps.now().getTime() / 1000) + 86_400,
      permissions: Array.isArray(permissions) ? permissions : [],
    }
    deps.sessions.set(k, [...(deps.sessions.get(k) ?? []), session])
    return { status: 201, json: session }
  })
}
