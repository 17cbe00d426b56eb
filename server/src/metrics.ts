/**
 * Prometheus metrics (`GET /metrics`): requests and their latency per route, for whoever holds the
 * metrics token (`METRICS_TOKEN`, or the file `METRICS_TOKEN_FILE` names). Without a token the route
 * does not exist. Routes are labelled by their pattern (`/getWalletImage/:imageId`), never by the
 * path a client sent, so a scanner cannot grow the label set.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client'
import type { CacheStats } from './ttl-cache.js'

export function registerMetrics(app: FastifyInstance, token: string | undefined, caches?: CacheStats): void {
  if (token === undefined || token === '') return
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({ name: 'walletgate_http_requests_total', help: 'Requests answered', labelNames: ['method', 'route', 'status'], registers: [registry] })
  const latency = new Histogram({
    name: 'walletgate_http_request_duration_seconds',
    help: 'Time to answer',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  })
  // The in-process caches' hits and misses, as counted so far.
  new Counter({
    name: 'walletgate_cache_lookups_total',
    help: 'Lookups of the in-process caches (names, identity), by result',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset()
      for (const [cache, { hits, misses }] of caches?.counts ?? []) {
        this.inc({ cache, result: 'hit' }, hits)
        this.inc({ cache, result: 'miss' }, misses)
      }
    },
  })
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched'
    requests.inc({ method: request.method, route, status: String(reply.statusCode) })
    latency.observe({ method: request.method, route }, reply.elapsedTime / 1000)
  })
  const expected = Buffer.from(`Bearer ${token}`)
  app.get('/metrics', { config: { rateLimit: false } }, async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? '')
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply.status(401).send({ message: 'A metrics token is needed' })
    return reply.header('content-type', registry.contentType).send(await registry.metrics())
  })
}
