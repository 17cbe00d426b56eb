/**
 * What only a devnet adds to walletgate-server, through its plugin hook: the devnet's own pages
 * (explorer, on-ramp checkouts, token images), and the switches tests use, all under `/__admin/`,
 * answered only to a loopback caller with the admin token: injected faults, the request log, the
 * analytics the server stored, the chains and relay, and the server's clock. The package itself
 * has none of this (its build holds no `/__admin` route).
 */
import { timingSafeEqual } from 'node:crypto'
import type { ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Clock, ServerContext, ServerPlugin } from '../../../server/src/index.js'
import { isChainDataRoute, patternOf } from './chain-data'
import type { BundlerStatus } from '../chains/eip155/bundler-keeper'
import type { ChainStatus } from '../chains/supervisor'
import { HttpError, type HandlerResult, type RequestContext, type Router } from './http'

/** What the admin endpoints may do to the rest of the devnet (chains and relay); tests only. */
export interface DevnetControl {
  chainIds(): number[]
  /**
   * Each chain's state, `up` only when its node and its bundler (when it has one) answer now, with
   * its bundler's own state.
   */
  chains(): Promise<(ChainStatus & { bundler?: BundlerStatus })[]>
  /** Kills a chain's node outright; resolves once it is gone (the devnet starts it again after downMs). */
  killChain(chainId: number, downMs: number): Promise<void>
  /** Stops and starts a chain's node; resolves once it serves again, and so does its new bundler. */
  restartChain(chainId: number): Promise<void>
  /** Restarts the relay, down for downMs; resolves once it listens again. Undefined without a relay. */
  restartRelay?(downMs: number): Promise<void>
}

/** The server's time on the devnet: the system's, moved forward by `/__admin/clock` to try expiries. */
export class DevnetClock implements Clock {
  private offsetMs = 0
  now(): number {
    return Date.now() + this.offsetMs
  }
  advance(ms: number): void {
    this.offsetMs += ms
  }
}

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

export interface DevnetPluginOptions {
  /** The devnet's own routes: those the chain-data port does not answer are mounted here. */
  readonly router: Router
  readonly clock: DevnetClock
  readonly adminToken: string
  control(): DevnetControl | undefined
}

function isLoopback(address: string | undefined): boolean {
  return address === '::1' || /^(::ffff:)?127\./.test(address ?? '')
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(header ?? '')?.[1] ?? '')
  const wanted = Buffer.from(token)
  return given.length === wanted.length && timingSafeEqual(given, wanted)
}

function searchOf(request: FastifyRequest): URLSearchParams {
  const at = request.url.indexOf('?')
  return new URLSearchParams(at === -1 ? '' : request.url.slice(at + 1))
}

function pathOf(request: FastifyRequest): string {
  const at = request.url.indexOf('?')
  return at === -1 ? request.url : request.url.slice(0, at)
}

async function send(reply: FastifyReply, result: HandlerResult): Promise<FastifyReply> {
  if (result === undefined) return reply.status(204).send()
  if ('json' in result) return reply.status(result.status ?? 200).send(result.json)
  return reply
    .status(result.status ?? 200)
    .headers(result.headers ?? {})
    .type(result.contentType)
    .send(result.body)
}

export function devnetPlugin(options: DevnetPluginOptions): { register: ServerPlugin; dropHanging(): void } {
  let faults: Fault[] = []
  let requests: LoggedRequest[] = []
  const hanging = new Set<ServerResponse>()

  const register = async (app: FastifyInstance, server: ServerContext): Promise<void> => {
    // The checkout's form posts urlencoded; its fields are not read.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body))

    // Every request of the modal is logged and may meet an injected fault (the admin's are not).
    app.addHook('onRequest', async (request, reply) => {
      const path = pathOf(request)
      if (path.startsWith('/__admin/') || request.method === 'OPTIONS') return
      requests.push({ method: request.method, path, query: Object.fromEntries(searchOf(request)), at: new Date(options.clock.now()).toISOString() })
      if (requests.length > 5000) requests = requests.slice(-5000)
      const fault = faults.find((f) => f.count > 0 && path.startsWith(f.path) && (f.method === null || f.method === request.method))
      if (fault === undefined) return
      fault.count -= 1
      faults = faults.filter((f) => f.count > 0)
      switch (fault.kind) {
        case '500':
          return reply.status(500).send({ message: 'Injected fault: internal server error' })
        case '403':
          return reply.status(403).send({ message: 'Injected fault: forbidden' })
        case 'malformed':
          return reply.status(200).type('application/json; charset=utf-8').send('{"malformed": tru')
        case 'hang':
          hanging.add(reply.raw)
          reply.raw.on('close', () => hanging.delete(reply.raw))
          return new Promise<void>(() => undefined)
      }
    })

    for (const route of options.router.entries()) {
      if (isChainDataRoute(route)) continue
      app.route({
        method: route.method as 'GET' | 'POST' | 'DELETE',
        url: patternOf(route),
        handler: async (request, reply) => {
          const context: RequestContext = {
            req: { headers: request.headers },
            method: request.method,
            path: pathOf(request),
            query: searchOf(request),
            params: (request.params ?? {}) as Record<string, string>,
            json: () => Promise.resolve(typeof request.body === 'string' ? undefined : request.body),
            text: () => Promise.resolve(typeof request.body === 'string' ? request.body : JSON.stringify(request.body ?? '')),
          }
          try {
            return await send(reply, await route.handler(context))
          } catch (error) {
            if (error instanceof HttpError) return reply.status(error.status).send(error.body)
            throw error
          }
        },
      })
    }

    await app.register(async (admin) => {
      // A caller on this machine with the token, nobody else (even were the service to listen wider).
      admin.addHook('onRequest', async (request, reply) => {
        if (!isLoopback(request.socket.remoteAddress)) return reply.status(403).send({ message: 'Forbidden' })
        if (!tokenMatches(request.headers.authorization, options.adminToken)) return reply.status(401).send({ message: 'The devnet admin token is missing or wrong' })
      })
      adminRoutes(admin, server)
    }, { prefix: '/__admin' })
  }

  const adminRoutes = (admin: FastifyInstance, server: ServerContext): void => {
    admin.get('/analytics', async () => {
      const { rows } = await server.db.query<{ project_id: string; sdk_type: string; sdk_version: string; event_id: string; url: string; domain: string; occurred_at: Date | null; props: Record<string, unknown>; received_at: Date }>(
        'SELECT project_id, sdk_type, sdk_version, event_id, url, domain, occurred_at, props, received_at FROM analytics_events ORDER BY received_at, occurred_at, event_id',
      )
      return {
        events: rows.map((row) => ({
          query: { projectId: row.project_id, st: row.sdk_type, sv: row.sdk_version },
          body: { eventId: row.event_id, url: row.url, domain: row.domain, timestamp: row.occurred_at === null ? null : new Date(row.occurred_at).getTime(), props: row.props },
          receivedAt: new Date(row.received_at).toISOString(),
        })),
      }
    })
    admin.delete('/analytics', async () => {
      await server.db.query('DELETE FROM analytics_events')
      return { cleared: true }
    })
    admin.post('/faults', async (request, reply) => {
      const body = (request.body ?? {}) as Partial<Fault>
      const kind = body.kind
      if (typeof body.path !== 'string' || !body.path.startsWith('/')) throw new HttpError(400, 'Missing body field path')
      if (!FAULT_KINDS.includes(kind as FaultKind)) throw new HttpError(400, `kind must be one of ${FAULT_KINDS.join(', ')}`)
      const count = body.count ?? 1
      if (!Number.isInteger(count) || count < 1) throw new HttpError(400, 'count must be a positive integer')
      faults.push({ path: body.path, method: body.method ? String(body.method).toUpperCase() : null, count, kind: kind as FaultKind })
      return reply.status(201).send({ faults })
    })
    admin.get('/faults', async () => ({ faults }))
    admin.delete('/faults', async () => {
      faults = []
      return { cleared: true }
    })
    admin.get('/requests', async (request) => {
      const prefix = searchOf(request).get('path') ?? ''
      return { requests: requests.filter((r) => r.path.startsWith(prefix)) }
    })
    admin.delete('/requests', async () => {
      requests = []
      return { cleared: true }
    })
    // The server's clock, moved forward to try expiries and lockouts.
    admin.post('/clock', async (request) => {
      const advanceMs = (request.body as { advanceMs?: unknown } | undefined)?.advanceMs
      if (!Number.isInteger(advanceMs) || (advanceMs as number) < 0) throw new HttpError(400, 'advanceMs must be a whole number of milliseconds, 0 or more')
      options.clock.advance(advanceMs as number)
      return { now: new Date(options.clock.now()).toISOString() }
    })

    // Faults of the devnet itself: kill or restart a chain, restart the relay.
    const control = (): DevnetControl => {
      const c = options.control()
      if (!c) throw new HttpError(404, 'This service runs without a devnet to control')
      return c
    }
    const knownChain = (raw: string | undefined): number => {
      const id = Number(raw)
      if (!control().chainIds().includes(id)) throw new HttpError(404, `No devnet chain ${raw}`)
      return id
    }
    const downMsOf = (query: URLSearchParams): number => {
      const raw = query.get('downMs') ?? '0'
      const ms = Number(raw)
      if (!/^\d+$/.test(raw) || ms > 60_000) throw new HttpError(400, 'downMs must be a whole number of milliseconds, at most 60000')
      return ms
    }
    admin.get('/chains', async () => ({ chains: await control().chains() }))
    admin.post('/chains/:chainId/kill', async (request, reply) => {
      const id = knownChain((request.params as { chainId: string }).chainId)
      const downMs = downMsOf(searchOf(request))
      await control().killChain(id, downMs)
      return reply.status(202).send({ chain: (await control().chains()).find((c) => c.chainId === id), downMs })
    })
    admin.post('/chains/:chainId/restart', async (request) => {
      const id = knownChain((request.params as { chainId: string }).chainId)
      await control().restartChain(id)
      return { chain: (await control().chains()).find((c) => c.chainId === id) }
    })
    admin.post('/relay/restart', async (request) => {
      const downMs = downMsOf(searchOf(request))
      const restart = control().restartRelay
      if (!restart) throw new HttpError(404, 'This devnet runs without a relay')
      await restart(downMs)
      return { relay: 'up', downMs }
    })
    admin.setErrorHandler((error: Error & { statusCode?: number }, _request, reply) => {
      if (error instanceof HttpError) return reply.status(error.status).send(error.body)
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 500
      return reply.status(status).send({ message: error.message })
    })
  }

  return {
    register,
    dropHanging() {
      for (const res of hanging) res.destroy()
      hanging.clear()
    },
  }
}
