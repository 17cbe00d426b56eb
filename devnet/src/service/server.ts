/**
 * The devnet's blockchain service, analytics service and wallet catalogue on one origin
 * (docs/service-api.md), with CORS for browser callers, a request log and fault injection.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { DEVNET_HOST, type DevnetChainId } from '../config'
import type { ChainStatus } from '../chains/supervisor'
import { createChainSet } from './chains'
import type { AnalyticsEvent, ServiceDeps } from './deps'
import { HttpError, readBody, Router, type HandlerResult, type RequestContext } from './http'
import { createIndexer } from './indexer'
import type { SolanaLedger } from '../chains/solana/chain'
import { NameRegistry } from './names'
import { registerAccountRoutes } from './routes/account'
import { registerAuthRoutes } from './routes/auth'
import { registerSessionRoutes } from './routes/sessions'
import { registerCatalogueRoutes } from './routes/catalogue'
import { registerConvertRoutes } from './routes/convert'
import { registerExplorerRoutes } from './routes/explorer'
import { registerOnrampRoutes } from './routes/onramp'
import { registerProfileRoutes } from './routes/profile'

export type FaultKind = '500' | '403' | 'malformed' | 'hang'
const FAULT_KINDS: readonly FaultKind[] = ['500', '403', 'malformed', 'hang']

interface Fault {
  path: string
  method: string | null
  count: number
  kind: FaultKind
}

interface LoggedRequest {
  method: string
  path: string
  query: Record<string, string>
  at: string
}

/** GET paths that must carry projectId, st and sv (the JSON calls; images and pages do not). */
function needsSdkParams(method: string, path: string): boolean {
  if (method !== 'GET') return false
  return (
    path.startsWith('/v1/') ||
    path === '/getWallets' ||
    path === '/appkit/v1/config' ||
    path === '/projects/v1/origins' ||
    path === '/getAnalyticsConfig'
  )
}
const SDK_PARAMS = ['projectId', 'st', 'sv'] as const

/** What the admin endpoints may do to the rest of the devnet (chains and relay); tests only. */
export interface DevnetControl {
  chains(): ChainStatus[]
  /** Kills a chain's node outright; resolves once it is gone (the devnet starts it again after downMs). */
  killChain(chainId: number, downMs: number): Promise<void>
  /** Stops and starts a chain's node; resolves once it serves again. */
  restartChain(chainId: number): Promise<void>
  /** Restarts the relay, down for downMs; resolves once it listens again. Undefined without a relay. */
  restartRelay?(downMs: number): Promise<void>
}

export interface ServiceOptions {
  port: number
  rpcUrls: Record<number, string>
  dataDir: string
  projectIds: readonly string[]
  /** Background indexing interval, ms (default 1000). */
  indexPollMs?: number
  /** The Solana devnet's ledger: the service answers solana:<devnet ref> from it. */
  solana?: SolanaLedger
  /** Lets /__admin/chains and /__admin/relay act on the devnet (read at request time). */
  control?(): DevnetControl | undefined
}

export interface RunningService {
  url: string
  port: number
  /** A chain started over from genesis (its node was restarted): history indexes it again. */
  chainStartedOver(chainId: DevnetChainId): void
  close(): Promise<void>
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '')
}

export async function startService(opts: ServiceOptions): Promise<RunningService> {
  let baseUrl = `http://${DEVNET_HOST}:${opts.port}`
  const chains = createChainSet(opts.rpcUrls)
  const analytics: AnalyticsEvent[] = []
  const indexer = createIndexer({
    chains,
    tokenIconUrl: (symbol) => `${baseUrl}/public/getTokenImage/${encodeURIComponent(symbol)}`,
    pollMs: opts.indexPollMs ?? 1000,
  })
  const deps: ServiceDeps = {
    chains,
    rpcUrls: opts.rpcUrls,
    indexer,
    names: await NameRegistry.open(opts.dataDir),
    projectIds: opts.projectIds,
    analytics,
    ...(opts.solana ? { solana: opts.solana } : {}),
    baseUrl: () => baseUrl,
    now: () => new Date(),
  }

  const router = new Router()
  registerAccountRoutes(router, deps)
  registerConvertRoutes(router, deps)
  registerProfileRoutes(router, deps)
  registerOnrampRoutes(router, deps)
  registerCatalogueRoutes(router, deps)
  registerExplorerRoutes(router, deps)
  registerAuthRoutes(router, deps)
  registerSessionRoutes(router, deps)

  router.post('/e', async ({ query, json }) => {
    const projectId = query.get('projectId')
    if (!projectId) throw new HttpError(400, 'Missing query parameter projectId')
    if (!deps.projectIds.includes(projectId)) throw new HttpError(403, `Project ${projectId} is not allowed: origin not found on the allowlist`)
    for (const p of ['st', 'sv']) if (!query.get(p)) throw new HttpError(400, `Missing query parameter ${p}`)
    const body = await json()
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'Expected a JSON object body')
    analytics.push({ query: Object.fromEntries(query), body, receivedAt: deps.now().toISOString() })
    return { status: 202, json: { accepted: true } }
  })

  // Administration for tests (never called by the modal): no faults, not logged.
  let faults: Fault[] = []
  let requests: LoggedRequest[] = []
  router.get('/__admin/analytics', () => ({ json: { events: analytics } }))
  router.delete('/__admin/analytics', () => {
    analytics.length = 0
    return { json: { cleared: true } }
  })
  router.post('/__admin/faults', async ({ json }) => {
    const body = (await json()) as Partial<Fault> | undefined
    const kind = body?.kind
    if (typeof body?.path !== 'string' || !body.path.startsWith('/')) throw new HttpError(400, 'Missing body field path')
    if (!FAULT_KINDS.includes(kind as FaultKind)) throw new HttpError(400, `kind must be one of ${FAULT_KINDS.join(', ')}`)
    const count = body.count ?? 1
    if (!Number.isInteger(count) || count < 1) throw new HttpError(400, 'count must be a positive integer')
    const fault: Fault = { path: body.path, method: body.method ? String(body.method).toUpperCase() : null, count, kind: kind as FaultKind }
    faults.push(fault)
    return { status: 201, json: { faults } }
  })
  router.get('/__admin/faults', () => ({ json: { faults } }))
  router.delete('/__admin/faults', () => {
    faults = []
    return { json: { cleared: true } }
  })
  router.get('/__admin/requests', ({ query }) => {
    const prefix = query.get('path') ?? ''
    return { json: { requests: requests.filter((r) => r.path.startsWith(prefix)) } }
  })
  router.delete('/__admin/requests', () => {
    requests = []
    return { json: { cleared: true } }
  })

  // Faults of the devnet itself: kill or restart a chain, restart the relay.
  const control = (): DevnetControl => {
    const c = opts.control?.()
    if (!c) throw new HttpError(404, 'This service runs without a devnet to control')
    return c
  }
  const knownChain = (raw: string | undefined): number => {
    const id = Number(raw)
    if (!control().chains().some((c) => c.chainId === id)) throw new HttpError(404, `No devnet chain ${raw}`)
    return id
  }
  const downMsOf = (query: URLSearchParams): number => {
    const raw = query.get('downMs') ?? '0'
    const ms = Number(raw)
    if (!/^\d+$/.test(raw) || ms > 60_000) throw new HttpError(400, 'downMs must be a whole number of milliseconds, at most 60000')
    return ms
  }
  router.get('/__admin/chains', () => ({ json: { chains: control().chains() } }))
  router.post('/__admin/chains/:chainId/kill', async ({ params, query }) => {
    const id = knownChain(params.chainId)
    const downMs = downMsOf(query)
    await control().killChain(id, downMs)
    return { status: 202, json: { chain: control().chains().find((c) => c.chainId === id), downMs } }
  })
  router.post('/__admin/chains/:chainId/restart', async ({ params }) => {
    const id = knownChain(params.chainId)
    await control().restartChain(id)
    return { json: { chain: control().chains().find((c) => c.chainId === id) } }
  })
  router.post('/__admin/relay/restart', async ({ query }) => {
    const downMs = downMsOf(query)
    const restart = control().restartRelay
    if (!restart) throw new HttpError(404, 'This devnet runs without a relay')
    await restart(downMs)
    return { json: { relay: 'up', downMs } }
  })

  const hanging = new Set<ServerResponse>()

  const send = (res: ServerResponse, result: HandlerResult): void => {
    if (!result || res.writableEnded) return
    if ('json' in result) {
      res.writeHead(result.status ?? 200, { 'content-type': 'application/json; charset=utf-8' })
      res.end(JSON.stringify(result.json))
    } else {
      res.writeHead(result.status ?? 200, { 'content-type': result.contentType, ...(result.headers ?? {}) })
      res.end(result.body)
    }
  }

  const applyFault = (fault: Fault, res: ServerResponse): void => {
    switch (fault.kind) {
      case '500':
        return send(res, { status: 500, json: { message: 'Injected fault: internal server error' } })
      case '403':
        return send(res, { status: 403, json: { message: 'Injected fault: forbidden' } })
      case 'malformed':
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
        res.end('{"malformed": tru')
        return
      case 'hang':
        hanging.add(res)
        res.on('close', () => hanging.delete(res))
        return
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const origin = req.headers.origin
    res.setHeader('access-control-allow-origin', origin ?? '*')
    if (origin) res.setHeader('vary', 'Origin')
    res.setHeader('access-control-allow-methods', 'GET, POST, PUT, DELETE, OPTIONS')
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type')
    res.setHeader('access-control-max-age', '600')
    res.setHeader('access-control-expose-headers', '*')
    if (req.headers['access-control-request-private-network']) res.setHeader('access-control-allow-private-network', 'true')
    const method = (req.method ?? 'GET').toUpperCase()
    if (method === 'OPTIONS') {
      res.writeHead(204)
      res.end()
      return
    }
    const url = new URL(req.url ?? '/', baseUrl)
    const path = url.pathname
    const admin = path.startsWith('/__admin/')
    // The switches that break things answer loopback callers only, even if the service is ever
    // made to listen on another address.
    if (admin && !isLoopback(req.socket.remoteAddress)) return send(res, { status: 403, json: { message: 'Forbidden' } })
    if (!admin) {
      requests.push({ method, path, query: Object.fromEntries(url.searchParams), at: deps.now().toISOString() })
      if (requests.length > 5000) requests = requests.slice(-5000)
      const fault = faults.find((f) => f.count > 0 && path.startsWith(f.path) && (f.method === null || f.method === method))
      if (fault) {
        fault.count -= 1
        faults = faults.filter((f) => f.count > 0)
        applyFault(fault, res)
        return
      }
    }
    const found = router.match(method, path)
    if (!found) return send(res, { status: 404, json: { message: `No route for ${method} ${path}` } })
    if ('allowed' in found) {
      res.setHeader('allow', found.allowed.join(', '))
      return send(res, { status: 405, json: { message: `Method ${method} not allowed on ${path}` } })
    }
    if (needsSdkParams(method, path)) {
      for (const p of SDK_PARAMS) if (!url.searchParams.get(p)) throw new HttpError(400, `Missing query parameter ${p}`)
    }
    let bodyText: Promise<string> | undefined
    const text = (): Promise<string> => (bodyText ??= readBody(req))
    const ctx: RequestContext = {
      req,
      res,
      method,
      path,
      query: url.searchParams,
      params: found.params,
      text,
      async json() {
        const t = await text()
        if (t.trim() === '') return undefined
        try {
          return JSON.parse(t) as unknown
        } catch {
          throw new HttpError(400, 'Malformed JSON body')
        }
      },
    }
    send(res, await found.handler(ctx))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy()
        return
      }
      if (error instanceof HttpError) send(res, { status: error.status, json: error.body })
      else send(res, { status: 500, json: { message: error instanceof Error ? error.message : String(error) } })
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, DEVNET_HOST, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const port = (server.address() as AddressInfo).port
  baseUrl = `http://${DEVNET_HOST}:${port}`
  // Index what the chains already hold in the background; history requests wait for it anyway.
  indexer.sync().catch(() => undefined)

  return {
    url: baseUrl,
    port,
    chainStartedOver: (chainId) => indexer.resetChain(chainId),
    async close() {
      indexer.close()
      for (const res of hanging) res.destroy()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
