/**
 * The server as a Fastify application: health and readiness, and the modal's API behind the project
 * guard (the spec's query parameters, a known project, and for a browser's call an allowed page
 * origin). Built from its parts (configuration, database, clock) so tests run it in the process.
 */
import { createRequire } from 'node:module'
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import type { LocalAccount } from 'viem'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import type { Clock } from './clock.js'
import type { ServerConfig } from './config.js'
import type { Database } from './db/database.js'
import { MIGRATIONS, schemaVersion } from './db/migrations.js'
import { AnalyticsEvents, analyticsEventSchema } from './analytics.js'
import { WalletCatalogue } from './catalogue.js'
import { PROJECT_ID_PATTERN, Projects } from './projects.js'
import { registerMetrics } from './metrics.js'
import { openApiDocument } from './openapi.js'
import { checkContract, deepFreeze, serializeAnswer } from './contract.js'
import { CacheStats, TtlCache } from './ttl-cache.js'
import { registerIdempotency } from './idempotency.js'
import { asyncStdout, lazyChildLogger, OneLinePerRequest } from './request-log.js'
import { securityHeaders } from './security-headers.js'
import { RequestTallies, sharedCounters, sharedRateLimitStore } from './rate-limit-store.js'
import { chainHealth } from './chain-health.js'
import { configuredSources, INDEX_INTERVAL_MS } from './chains/configured.js'
import { PUBLIC_IMAGES, type Image, type PublicImageKind } from './public-images.js'
import { CHAIN_DATA_OPERATIONS, ChainDataError, type ApiGuard, type ChainDataAnswer, type ChainDataOperation, type ChainDataPort } from './chain-data.js'

/** What a plugin of the server (the devnet's, tests') may use. */
export interface ServerContext {
  readonly db: Database
  readonly clock: Clock
  readonly projects: Projects
  readonly analytics: AnalyticsEvents
}

/**
 * A plugin adds routes and hooks to the server before its own routes, on the root instance (its
 * hooks see every request). The package registers none; the devnet adds its test switches here.
 */
export type ServerPlugin = (app: FastifyInstance, context: ServerContext) => Promise<void> | void
import { isStorableText } from './storable-text.js'
import { HttpError } from './http-error.js'
import { NameRegistry } from './names.js'
import { registerGatewayRoutes, registerNameRoutes } from './names-routes.js'
import { SignInChains, type SignInChain } from './sign-in-messages.js'
import { registerSignInRoutes } from './sign-in-routes.js'
import { SignInSessions } from './sign-in-sessions.js'
import { PaymasterService } from './sponsorship/paymaster.js'
import type { PaymasterSigner } from './sponsorship/paymaster-signer.js'
import { registerPaymasterRoutes } from './sponsorship/routes.js'
import { SponsorshipTickets } from './sponsorship/tickets.js'
import { sessionAccounts, type SmartAccountsOf } from './sponsorship/signed-in-accounts.js'
import { rpcSimulator, type OperationSimulator } from './sponsorship/simulator.js'
import { SponsorshipUsage, utcDay } from './sponsorship/usage.js'

export interface ServerParts {
  readonly config: ServerConfig
  readonly db: Database
  readonly clock: Clock
  /** Fastify's logger: true for JSON lines on stdout, false (tests) for none. */
  readonly logger?: boolean
  /** The token `/metrics` asks for; without one there is no `/metrics`. */
  readonly metricsToken?: string | undefined
  /** The CCIP-read gateway's signing key (./ens-gateway): with it, `/ens-gateway/...` answers ENS clients. */
  readonly ensGatewaySigner?: LocalAccount | undefined
  /**
   * Where balances, history, prices, swap, on-ramp and smart sessions come from; by default the
   * configuration's chains read through their RPC URLs (./chains/configured.ts). An operation the
   * source leaves out answers 501.
   */
  readonly chainData?: ChainDataPort
  readonly plugins?: readonly ServerPlugin[]
  /** Network, currency and token images the catalogue file does not hold (the devnet draws them). */
  readonly images?: (kind: PublicImageKind, id: string) => Promise<Image | undefined> | Image | undefined
  /**
   * Chains sign-in accepts besides the configuration's `chains` (a deployment's own, e.g. the
   * devnet's local chains and its Solana network), by CAIP-2 id; an eip155 one with the RPC URLs its
   * smart accounts verify through (without any, only ordinary accounts' signatures verify).
   */
  readonly signInChains?: readonly SignInChain[]
  /**
   * Gas sponsorship's parts beside `config.sponsorship`: the paymaster's signer (from
   * WALLETGATE_PAYMASTER_KEY; without one nothing is sponsored), the RPC URL of each chain the
   * operations are simulated on (the configuration's chains' by default), another simulator
   * (tests), and the smart accounts an embedded wallet's key owns (a deployment's factory).
   */
  readonly sponsorship?: {
    readonly signer?: PaymasterSigner | undefined
    readonly rpcUrls?: Readonly<Record<number, string>>
    readonly simulator?: OperationSimulator
    readonly smartAccountsOf?: SmartAccountsOf
  }
}

/** The server's version, as its package says (from src/ and from the build's dist/server/src/ alike). */
export const SERVER_VERSION: string = ownPackage().version

function ownPackage(): { name: string; version: string } {
  const require = createRequire(import.meta.url)
  for (const path of ['../package.json', '../../../package.json']) {
    try {
      const found = require(path) as { name: string; version: string }
      if (found.name === 'walletgate-server') return found
    } catch {
      // Not this layout: the other one.
    }
  }
  throw new Error('walletgate-server cannot find its own package.json')
}

/** What CORS grants a page of an allowed origin: the methods of the modal's calls, the preflight kept 10 minutes. */
const CORS_METHODS = ['GET', 'POST']
const CORS_MAX_AGE = 600

/** The query every call of the modal carries (spec section 7); an image route carries none. */
const REQUIRED_QUERY = ['projectId', 'st', 'sv'] as const

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The modal's API: the project guard runs first. `true`: projectId, st and sv in the query (every
     * GET); `project`: projectId in the query; `body`: projectId in the JSON body. A call that names
     * no project (spec section 7) is a site route instead.
     */
    readonly api?: ApiGuard
    /**
     * A site route: the modal calls it without the sdk query (the name registration, a host's
     * sign-in API). It answers any caller; CORS grants a page origin some project allows, or, when
     * the call names a project, one of that project's (and then the project guard runs too).
     */
    readonly site?: boolean
  }
  interface FastifyRequest {
    /** The project the guard found (API routes only). */
    projectId?: string
  }
}

export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  const { config, db, clock } = parts
  const cacheStats = new CacheStats()
  // Every call checks its project's origins (CORS, then the guard): a replica keeps them a few seconds.
  const projects = new Projects(db, clock, { cached: true, stats: cacheStats })
  const log = parts.logger === true ? asyncStdout() : undefined
  const app = Fastify({
    logger: log === undefined ? false : { stream: log.stream },
    logController: new OneLinePerRequest(log?.write),
    ...(log === undefined ? {} : { childLoggerFactory: lazyChildLogger }),
    bodyLimit: config.limits.bodyLimitBytes,
    requestTimeout: 30_000,
    // The client's address from X-Forwarded-For only when the peer is a configured proxy.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
    // Request ids in the logs, never a client's own.
    requestIdHeader: false,
    // A path parameter may be a whole registered name (up to 255 characters with its zone), not
    // only the router's default 100; a longer one is refused as a bad request.
    routerOptions: { maxParamLength: 512 },
    // A path Fastify cannot decode (`/getWalletImage/%`) gets the API's error shape, not Fastify's own.
    frameworkErrors: (error, _request, reply) => void (reply as FastifyReply).status(400).send({ message: error.code === 'FST_ERR_BAD_URL' ? 'Malformed URL' : 'Bad request' }),
  })

  // The modal's pages are on other origins: their <img> of a wallet's image must load (CORS guards
  // the JSON answers, which a page of another origin cannot read without it).
  const headers = securityHeaders({ crossOriginResourcePolicy: { policy: 'cross-origin' } })
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers)
    done()
  })
  const counters = sharedCounters(db)
  const tallies = new RequestTallies(counters, clock)
  app.addHook('onClose', () => tallies.flush())
  await app.register(rateLimit, {
    global: true,
    max: config.limits.requestsPerMinute,
    timeWindow: 60_000,
    // Counted in the database, every replica's requests together: at once near the limit, in
    // batched tallies below half of it (./rate-limit-store.ts).
    store: sharedRateLimitStore(tallies),
    // A database that cannot count lets the request through (the request itself will say if it fails).
    skipOnError: true,
    // Per project and per client address: one host's visitors do not use up another's. A name that
    // cannot be a project's counts as none, so made-up ids neither grow the table nor escape the count.
    keyGenerator: (request) => {
      const projectId = projectIdOf(request)
      return `${projectId !== undefined && PROJECT_ID_PATTERN.test(projectId) ? projectId : '-'}|${request.ip}`
    },
    errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `Too many requests: try again in ${Math.ceil(context.ttl / 1000)} s` }),
  })
  // CORS answers a page only from an origin of the project its call names, or, for the calls that
  // name none in their URL (a preflight carries no body), from an origin of some project.
  await app.register(cors, {
    hook: 'onRequest',
    delegator: (request, callback) => {
      const origin = request.headers.origin
      if (origin === undefined) return callback(null, { origin: false })
      const projectId = projectIdOf(request)
      if (projectId !== undefined && projects.allowsNow(projectId, origin) === true) return callback(null, { origin, methods: CORS_METHODS, maxAge: CORS_MAX_AGE })
      const allowed = projectId === undefined ? projects.anyAllows(origin) : projects.allows(projectId, origin)
      allowed.then(
        (ok) => callback(null, { origin: ok ? origin : false, methods: CORS_METHODS, maxAge: CORS_MAX_AGE }),
        (error: Error) => callback(error),
      )
    },
  })

  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500
    if (status === 500) request.log.error({ err: error }, 'request failed')
    // No stack, no internals: the wire contract's error shape.
    void reply.status(status).send({ message: status === 500 ? 'Internal server error' : error.message })
  })
  app.setNotFoundHandler((_request, reply) => void reply.status(404).send({ message: 'Not found' }))

  app.addHook('preHandler', (request, reply, done) => {
    const { api, site } = request.routeOptions.config
    // A site route that names its project is held to it (its origins; no sdk query needed). Named
    // twice or empty, it is named all the same: the guard refuses it rather than skipping it.
    const mode = api ?? (site === true && (request.query as Record<string, unknown> | undefined)?.projectId !== undefined ? 'project' : undefined)
    // A call from a page of a project this replica knows passes at once (no promise on a cached read's path).
    if (mode === undefined || guardNow(request, projects, mode)) return done()
    guard(request, reply, projects, mode).then(() => done(), done)
  })

  // After the guard: its refusals come first, then the wire contract's (./contract.ts).
  checkContract(app)
  app.setReplySerializer(serializeAnswer)

  const analytics = new AnalyticsEvents(db, clock)
  for (const plugin of parts.plugins ?? []) await plugin(app, { db, clock, projects, analytics })

  registerMetrics(app, parts.metricsToken, cacheStats)

  const openApi = openApiDocument(SERVER_VERSION)
  app.get('/openapi.json', async () => openApi)
  app.get('/healthz', async () => ({ status: 'ok' }))
  // Ready when the database answers at the latest schema (503 otherwise). Each configured chain is
  // reported too, but a chain that does not answer does not make the replica unready: every replica
  // shares the chain, and a load balancer that dropped them all would answer nothing at all.
  app.get('/readyz', async (_request, reply) => {
    const chains = Promise.all(config.chains.map(async (chain) => ({ id: chain.id, status: await chainHealth(chain) })))
    try {
      const version = await schemaVersion(db)
      const latest = Math.max(...MIGRATIONS.map((m) => m.version))
      if (version < latest) return reply.status(503).send({ status: 'migrating', database: db.engine, schema: version, expected: latest, chains: await chains })
      // A chain that does not answer (or is another) degrades that chain's answers only: still ready.
      const reported = await chains
      const degraded = reported.filter((chain) => chain.status === 'unreachable' || chain.status === 'wrong chain').map((chain) => chain.id)
      return { status: degraded.length === 0 ? 'ok' : 'degraded', database: db.engine, schema: version, chains: reported, ...(degraded.length === 0 ? {} : { degraded }) }
    } catch {
      return reply.status(503).send({ status: 'database unreachable', database: db.engine, chains: await chains })
    }
  })

  app.get('/projects/v1/origins', { config: { api: true } }, async (request) => ({ allowedOrigins: (await projects.origins(request.projectId ?? '')) ?? [] }))
  app.get('/appkit/v1/config', { config: { api: true } }, async (request) => ({ features: await projects.features(request.projectId ?? '') }))
  app.get('/getAnalyticsConfig', { config: { api: true } }, async () => ({ isAnalyticsEnabled: true, isAppKitAuthEnabled: true }))

  // Writes a client may retry with an Idempotency-Key (analytics events, names, sign-in sessions):
  // applied once, their answer kept for the key, in the caller's own key space.
  const idempotency = registerIdempotency(app, db, clock, (request) => `${projectIdOf(request) ?? '-'} ${request.headers.origin ?? '-'}`)

  app.post('/e', { config: { api: true, idempotent: true } }, async (request, reply) => {
    const event = analyticsEventSchema.safeParse(request.body)
    if (!event.success) return reply.status(400).send({ message: `Expected an analytics event: ${event.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`).join('; ')}` })
    const query = request.query as Record<string, string>
    await analytics.record(request.projectId ?? '', { type: query.st ?? '', version: query.sv ?? '' }, event.data)
    return reply.status(202).send({ accepted: true })
  })
  const names = new NameRegistry(db, clock, config.names.zone, { ttlMs: config.caches.namesSeconds * 1_000, stats: cacheStats })
  const signIn = new SignInSessions(db, clock)
  const signInChains = new SignInChains([...config.chains, ...(parts.signInChains ?? [])])
  // Their own JSON reading, as the modal and the devnet's stand-in know it: an empty body is no
  // body (a nonce is asked for with none), and a body that is not JSON is 'Malformed JSON body'.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json')
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
      const text = String(body)
      if (text.trim() === '') return done(null, undefined)
      try {
        done(null, JSON.parse(text))
      } catch {
        done(new HttpError(400, 'Malformed JSON body'), undefined)
      }
    })
    registerNameRoutes(scope, names)
    if (parts.ensGatewaySigner !== undefined) registerGatewayRoutes(scope, names, parts.ensGatewaySigner, clock)
    registerSignInRoutes(scope, { sessions: signIn, chains: signInChains, clock })
  })

  // Gas sponsorship (ERC-7677): every replica counts the same day's usage in the database.
  const sponsorshipUsage = new SponsorshipUsage(db)
  const rpcUrlOf = (chainId: number): string | undefined =>
    parts.sponsorship?.rpcUrls?.[chainId] ?? config.chains.find((chain) => chain.id === `eip155:${chainId}`)?.rpcUrls.find((url) => url.startsWith('http'))
  const sponsoredAccounts = sessionAccounts({ db, projects, clock, smartAccountsOf: parts.sponsorship?.smartAccountsOf })
  // Tickets a browser wallet carries to the paymaster in place of the session it cannot send.
  const sponsorshipTickets = new SponsorshipTickets(db, clock)
  registerPaymasterRoutes(
    app,
    new PaymasterService({
      config: config.sponsorship,
      signer: parts.sponsorship?.signer,
      usage: sponsorshipUsage,
      simulator: parts.sponsorship?.simulator ?? rpcSimulator(rpcUrlOf),
      accounts: sponsoredAccounts,
      tickets: sponsorshipTickets,
      clock,
    }),
    { store: sponsorshipTickets, accounts: sponsoredAccounts },
  )

  // Events older than the retention period, ended rate-limit windows, stale nonces and long
  // expired sessions, sponsorship days older than a week and expired tickets go, at start and every hour.
  const prune = () =>
    Promise.all([analytics.prune(config.analytics.retentionDays), counters.prune(clock.now() - 120_000), signIn.prune(), idempotency.prune(), sponsorshipUsage.prune(utcDay(clock.now() - 7 * 86_400_000)), sponsorshipTickets.prune(clock.now())]).catch((error: unknown) =>
      app.log.warn({ err: error }, 'pruning old analytics, rate-limit windows, sign-in sessions and idempotent answers failed'),
    )
  const pruning = setInterval(() => void prune(), 3_600_000)
  pruning.unref()
  app.addHook('onReady', async () => {
    await prune()
  })
  app.addHook('onClose', async () => clearInterval(pruning))
  // The log's last lines, written before the process goes.
  if (log !== undefined) app.addHook('onClose', async () => log.flush())

  const catalogue = new WalletCatalogue(db)
  app.get('/getWallets', { config: { api: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const page = positiveInt(query.page, 1)
    const entries = positiveInt(query.entries, 40)
    if (page === undefined) return reply.status(400).send({ message: 'Invalid page' })
    if (entries === undefined) return reply.status(400).send({ message: 'Invalid entries' })
    for (const name of ['search', 'include', 'exclude'] as const) {
      if (query[name] !== undefined && !isStorableText(String(query[name]))) return reply.status(400).send({ message: `Invalid ${name}` })
    }
    return catalogue.query({ page, entries: Math.min(entries, MAX_WALLET_ENTRIES), search: text(query.search), include: ids(query.include), exclude: ids(query.exclude) })
  })
  // An <img> asks for it: no Origin, no sdk query; only a known project.
  const sendImage = (reply: FastifyReply, image: Image) =>
    reply
      .header('content-type', image.type)
      .header('cache-control', 'public, max-age=86400')
      // An SVG opened on its own runs nothing and loads nothing.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(image.body)
  const knownProject = async (request: FastifyRequest) => {
    const projectId = projectIdOf(request)
    return projectId !== undefined && (await projects.origins(projectId)) !== undefined
  }
  app.get('/getWalletImage/:imageId', async (request, reply) => {
    if (!(await knownProject(request))) return reply.status(403).send({ message: 'Unknown project' })
    const image = await catalogue.image((request.params as { imageId: string }).imageId)
    if (image === undefined) return reply.status(404).send({ message: 'No such wallet image' })
    return sendImage(reply, image)
  })
  // A network's, a currency's and a token's image: the catalogue file's (`asset:<id>`,
  // `currency:<id>`, `token:<id>` among its images), else the deployment's own source.
  for (const [route, kind] of Object.entries(PUBLIC_IMAGES)) {
    app.get(`/public/${route}/:id`, async (request, reply) => {
      if (!(await knownProject(request))) return reply.status(403).send({ message: 'Unknown project' })
      const { id } = request.params as { id: string }
      const image = (await catalogue.image(`${kind}:${id}`)) ?? (await parts.images?.(kind, id))
      if (image === undefined) return reply.status(404).send({ message: `No such ${kind} image` })
      return sendImage(reply, image)
    })
  }

  // A balance is kept 30 s per account, chain and currency (spec section 9); `forceUpdate=true`
  // (the modal's refresh after a transaction) reads afresh and keeps that.
  const balances = new TtlCache<ChainDataAnswer>({ name: 'balance', clock, ttlMs: config.caches.balanceSeconds * 1_000, stats: cacheStats })
  const configured =
    parts.chainData === undefined
      ? configuredSources(config, clock, { db, onChainError: (chainId, error) => app.log.warn({ err: error, chainId }, 'a chain did not answer a balance read') })
      : undefined
  registerChainData(app, parts.chainData ?? configured!.port, balances)
  // The history indexer runs with the server (one replica at a time per chain: an advisory lock).
  const indexer = configured?.indexer
  if (indexer !== undefined) {
    app.addHook('onReady', async () => indexer.start(INDEX_INTERVAL_MS))
    app.addHook('onClose', async () => indexer.stop())
  }

  return app
}

/** The chain-data routes (./chain-data.ts), each answered by the source's operation or 501. */
function registerChainData(app: FastifyInstance, source: ChainDataPort, balances: TtlCache<ChainDataAnswer>): void {
  for (const [operation, spec] of Object.entries(CHAIN_DATA_OPERATIONS) as [ChainDataOperation, (typeof CHAIN_DATA_OPERATIONS)[ChainDataOperation]][]) {
    app.route({
      method: spec.method,
      url: spec.path,
      config: { api: spec.guard },
      handler: async (request, reply) => {
        const handler = source[operation]
        if (handler === undefined) return reply.status(501).send({ message: `This server has no source for ${spec.summary.toLowerCase()} yet` })
        try {
          const params = (request.params ?? {}) as Record<string, string>
          const query = new URLSearchParams(request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '')
          const ask = () => Promise.resolve(handler({ params, query, body: request.body, headers: request.headers, baseUrl: `${request.protocol}://${request.host}` }))
          // A cached balance is a frozen copy (the source keeps its own): the same answer, sent again and again, is checked against the contract once.
          const answer =
            operation === 'balance'
              ? await balances.getOrLoad(balanceKey(params.address ?? '', query), () => ask().then((a) => deepFreeze(structuredClone(a))), { fresh: query.get('forceUpdate') === 'true', keep: (a) => (a.status ?? 200) === 200 })
              : await ask()
          return reply.status(answer.status ?? 200).send(answer.json)
        } catch (error) {
          if (error instanceof ChainDataError && error.status >= 400 && error.status < 500) return reply.status(error.status).send(error.body)
          throw error
        }
      },
    })
  }
}

/** A balance's cache key: the account (an 0x address in any case is one account; a base58 one is case-sensitive), its chain and currency. */
function balanceKey(address: string, query: URLSearchParams): string {
  const account = /^0x[0-9a-fA-F]{40}$/.test(address) ? address.toLowerCase() : address
  return JSON.stringify([account, query.get('chainId') ?? '', query.get('currency') ?? ''])
}

/** `/getWallets` answers at most this many wallets a page. */
export const MAX_WALLET_ENTRIES = 100

function positiveInt(value: unknown, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : NaN
  return Number.isInteger(n) && n >= 1 ? n : undefined
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, 200) : ''
}

function ids(value: unknown): string[] {
  return text(value === undefined ? '' : String(value))
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean)
}

function projectIdOf(request: FastifyRequest): string | undefined {
  const value = (request.query as Record<string, unknown> | undefined)?.projectId
  return typeof value === 'string' && value !== '' ? value : undefined
}

/**
 * The modal's calls name their project (and, for a GET, the sdk: `mode` says where; 400 otherwise),
 * the project must exist, and a call a browser makes for a page (it carries `Origin`) must come from
 * one of the project's origins, by the modal's own rule (403 otherwise: the modal shows its alert).
 */
async function guard(request: FastifyRequest, reply: FastifyReply, projects: Projects, mode: ApiGuard): Promise<void> {
  const named = namedProject(request, mode)
  if (typeof named !== 'string') return void (await reply.status(400).send({ message: named.refusal }))
  const projectId = named
  const origin = request.headers.origin
  const origins = await projects.origins(projectId)
  if (origins === undefined) return void (await reply.status(403).send({ message: `Project ${projectId} is not allowed: unknown project` }))
  if (origin !== undefined && !(await projects.allows(projectId, origin))) {
    return void (await reply.status(403).send({ message: `Project ${projectId} is not allowed: origin not found on the allowlist` }))
  }
  request.projectId = projectId
}

/**
 * {@link guard}'s pass without waiting, from this replica's copy of the project's origins: true
 * when the call passes (what a cached read does on every call); false when the guard must decide.
 */
function guardNow(request: FastifyRequest, projects: Projects, mode: ApiGuard): boolean {
  const projectId = namedProject(request, mode)
  if (typeof projectId !== 'string') return false
  const origin = request.headers.origin
  if (!(origin === undefined ? projects.knownNow(projectId) : projects.allowsNow(projectId, origin) === true)) return false
  request.projectId = projectId
  return true
}

/** The project a guarded call names where `mode` says, or the refusal (400) when it names none or a malformed one. */
function namedProject(request: FastifyRequest, mode: ApiGuard): string | { readonly refusal: string } {
  const query = (request.query ?? {}) as Record<string, unknown>
  const source = mode === 'body' ? ((typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>) : query
  const required = mode === true ? REQUIRED_QUERY : (['projectId'] as const)
  for (const name of required) {
    const value = name === 'projectId' ? source[name] : query[name]
    if (typeof value !== 'string' || value === '') return { refusal: mode === 'body' && name === 'projectId' ? 'Missing body field projectId' : `Missing query parameter ${name}` }
    // The sdk's type and version are stored with an analytics event: text PostgreSQL can hold.
    if (!isStorableText(value)) return { refusal: mode === 'body' && name === 'projectId' ? 'Invalid body field projectId' : `Invalid query parameter ${name}` }
  }
  return source.projectId as string
}
