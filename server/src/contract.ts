/**
 * Every JSON route of the server with its wire contract (../../src/wire, which the modal imports too):
 * the schemas of its path, query, body and answers. The routes are checked against it on every
 * request and answer (checkContract), and /openapi.json is generated from it (./openapi.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { healthSchema, readySchema } from './api-schemas.js'
import { CHAIN_DATA_OPERATIONS } from './chain-data.js'
import * as wire from './wire.js'

type Schema = z.core.$ZodType
type ObjectSchema = z.core.$ZodObject

export interface RouteContract {
  readonly summary: string
  /** The path's `{parameters}`. */
  readonly params?: ObjectSchema
  readonly query?: ObjectSchema
  readonly body?: Schema
  readonly ok: readonly [status: string, schema: Schema]
  /** Other answers than the success and the refusals every route of its kind may give. */
  readonly also?: Readonly<Record<string, readonly [description: string, schema: Schema]>>
  readonly guarded: boolean
  /** A site route: no sdk query; a named project's guard applies (./app.ts). */
  readonly site?: boolean
  /** Takes `Authorization: Bearer <token>`. */
  readonly bearer?: boolean
  /** Its own failures, by status. */
  readonly errors?: Readonly<Record<string, readonly [description: string, schema: Schema]>>
  /** A chain-data call: 501 without a source for it. */
  readonly chainData?: boolean
  /** The shape of its refusals (4xx, 5xx): the error shape unless it says otherwise. */
  readonly refusal?: Schema
  /** Its answer to a request outside the contract, from the first issue (`{ message: sentence }` unless it says otherwise). */
  readonly refuse?: (issue: Refusal) => unknown
}

/** What was wrong with a request: the sentence the guard would say, and the field (`''`: the whole part). */
export interface Refusal {
  readonly sentence: string
  readonly field: string
  readonly missing: boolean
}

const { errorSchema } = wire
const nameParam = z.object({ name: z.string() })
const addressParam = z.object({ address: z.string() })
const INVALID_ADDRESS = ['Not an eip155 or Solana address (plain or CAIP-10), or a query parameter missing or malformed', errorSchema] as const
const SIGN_IN_400 = ['A malformed body, message, data or Origin, or a network sign-in is not offered on', errorSchema] as const
const NOT_SIGNED_IN = { '401': ['No token, or one unknown, signed out or expired', errorSchema] } as const

const CHAIN_DATA_REFUSAL = z.union([errorSchema, wire.reasonsSchema])
const PAYMASTER_REFUSAL = z.union([errorSchema, wire.paymasterAnswerSchema])

type Methods = Readonly<Record<'get' | 'post', RouteContract | undefined>>

/** The JSON routes, by OpenAPI path and method. */
export const ROUTES: Readonly<Record<string, Methods>> = {
  '/healthz': { get: { summary: 'The process is up', ok: ['200', healthSchema], guarded: false }, post: undefined },
  '/readyz': { get: { summary: 'The database answers at the latest schema (503 otherwise)', ok: ['200', readySchema], also: { '503': ['Not ready: the database is unreachable or not yet migrated', readySchema] }, guarded: false }, post: undefined },
  '/projects/v1/origins': { get: { summary: "The project's allowed page origins", query: wire.sdkQuerySchema, ok: ['200', wire.originsSchema], guarded: true }, post: undefined },
  '/appkit/v1/config': { get: { summary: "The project's features", query: wire.sdkQuerySchema, ok: ['200', wire.projectConfigSchema], guarded: true }, post: undefined },
  '/getAnalyticsConfig': { get: { summary: 'Analytics and auth switches', query: wire.sdkQuerySchema, ok: ['200', wire.analyticsConfigSchema], guarded: true }, post: undefined },
  '/getWallets': { get: { summary: 'The wallet catalogue, a page at a time', query: wire.walletsQuerySchema, ok: ['200', wire.walletPageSchema], guarded: true }, post: undefined },
  '/e': {
    get: undefined,
    post: {
      summary: 'An analytics event (stored once per eventId)',
      query: wire.sdkQuerySchema,
      body: wire.analyticsEventBodySchema,
      ok: ['202', wire.acceptedSchema],
      guarded: true,
      refuse: ({ sentence }) => ({ message: `Expected an analytics event: ${sentence}` }),
    },
  },
  '/v1/profile/account/{name}': {
    get: { summary: "A name's profile", params: nameParam, query: wire.nameQuerySchema, ok: ['200', wire.nameProfileSchema], guarded: true, errors: { '404': ['No such name (or none a registration could make), or a path parameter that makes another path', errorSchema] } },
    post: undefined,
  },
  '/v1/profile/reverse/{address}': {
    get: { summary: "The names an address registered, oldest first (a Solana account's: none)", params: addressParam, query: wire.reverseNameQuerySchema, ok: ['200', wire.nameProfilesSchema], guarded: true, errors: { '400': INVALID_ADDRESS } },
    post: undefined,
  },
  '/v1/identity/{address}': {
    get: {
      summary: "An address's name and avatar (from its first name; none for another namespace's account)",
      params: addressParam,
      query: wire.identityQuerySchema,
      ok: ['200', wire.identitySchema],
      guarded: true,
      errors: { '400': INVALID_ADDRESS },
    },
    post: undefined,
  },
  '/v1/profile/suggestions/{name}': {
    get: { summary: 'Names like this one, each saying whether it is taken', params: nameParam, query: wire.nameSuggestionsQuerySchema, ok: ['200', wire.nameSuggestionsSchema], guarded: true },
    post: undefined,
  },
  '/v1/profile/account': {
    get: undefined,
    post: {
      summary: 'Registers a name with an EIP-191 signed message (the modal sends no sdk query)',
      query: wire.siteQuerySchema,
      ok: ['200', wire.nameProfileSchema],
      guarded: false,
      site: true,
      errors: { '400': ['A refusal (a bad signature, a taken or malformed name, ...) as reasons; a body that is not JSON, or a malformed projectId, as a message', z.union([wire.reasonsSchema, errorSchema])] },
      // As the modal shows a refused registration: its reasons.
      refuse: ({ sentence, field, missing }) => (field === '' ? { message: sentence } : { reasons: [{ description: `${missing ? 'Missing' : 'Invalid'} ${field.replace(/_/g, ' ')}` }] }),
      body: wire.nameRegistrationBodySchema,
    },
  },
  '/auth/v1/nonce': { get: undefined, post: { summary: 'A nonce for one sign-in attempt within 10 minutes', query: wire.siteQuerySchema, ok: ['201', wire.nonceSchema], guarded: false, site: true } },
  '/auth/v1/authenticate': {
    get: undefined,
    post: {
      summary: 'Checks a signed sign-in message for the calling site (its Origin) and opens a session',
      query: wire.siteQuerySchema,
      body: wire.authenticateBodySchema,
      ok: ['201', wire.authenticatedSchema],
      guarded: false,
      site: true,
      errors: { '400': SIGN_IN_400, '401': ['A nonce unknown or used; another chain, domain or URI; an expired message; a bad signature', errorSchema] },
    },
  },
  '/auth/v1/me': { get: { summary: 'The session behind the bearer token', query: wire.siteQuerySchema, ok: ['200', wire.meSchema], guarded: false, site: true, bearer: true, errors: NOT_SIGNED_IN }, post: undefined },
  '/auth/v1/sign-out': {
    get: undefined,
    post: { summary: 'Voids the bearer token (again: still 200)', query: wire.siteQuerySchema, ok: ['200', wire.signedOutSchema], guarded: false, site: true, bearer: true, errors: { '401': ['No token', errorSchema] } },
  },
  '/v1/paymaster/tickets': {
    get: undefined,
    post: {
      summary:
        "A sponsorship ticket for an account the bearer's session speaks for (docs/sponsorship.md): a browser wallet carries it to the paymaster service in ERC-7677's context ({ ticket }) in place of the session; good a few minutes, for that account on that chain in this project only",
      query: wire.projectQuerySchema,
      body: wire.paymasterTicketBodySchema,
      ok: ['201', wire.paymasterTicketSchema],
      guarded: true,
      bearer: true,
      errors: {
        '401': ['No token, or one unknown, signed out or expired', errorSchema],
        '403': ['The session does not speak for this account on this chain', errorSchema],
        '429': ['Too many live tickets for this account', errorSchema],
      },
    },
  },
  '/v1/paymaster/{chainId}': {
    get: undefined,
    post: {
      summary: 'ERC-7677 paymaster service (JSON-RPC 2.0: pm_getPaymasterStubData, pm_getPaymasterData) for a signed-in visitor under the project\'s sponsorship policy (docs/sponsorship.md); a refusal is a JSON-RPC error whose data.reason says why',
      params: wire.paymasterPathSchema,
      query: wire.projectQuerySchema,
      body: wire.paymasterRequestSchema,
      ok: ['200', wire.paymasterAnswerSchema],
      guarded: true,
      bearer: true,
      refusal: PAYMASTER_REFUSAL,
      errors: { '400': ['A request outside the contract, as a JSON-RPC error (-32602)', PAYMASTER_REFUSAL] },
      refuse: ({ sentence }) => ({ jsonrpc: '2.0', id: null, error: { code: -32602, message: sentence } }),
    },
  },
  ...chainDataRoutes(),
}

function chainDataRoutes(): Record<string, Methods> {
  const routes: Record<string, { get: RouteContract | undefined; post: RouteContract | undefined }> = {}
  for (const spec of Object.values(CHAIN_DATA_OPERATIONS)) {
    const path = openApiPath(spec.path)
    const methods = (routes[path] ??= { get: undefined, post: undefined })
    methods[spec.method === 'GET' ? 'get' : 'post'] = {
      summary: `${spec.summary} (docs/service-api.md)`,
      ...(path.includes('{address}') ? { params: addressParam } : {}),
      query: spec.query,
      ...('body' in spec ? { body: spec.body } : {}),
      ok: ['200', spec.answer],
      guarded: true,
      chainData: true,
      // The convert calls refuse with reasons, as the modal reads them (docs/service-api.md).
      refusal: CHAIN_DATA_REFUSAL,
      errors: { '400': ['A query parameter or the body missing or not as the contract says, or the source refused the request (the convert calls: as reasons)', CHAIN_DATA_REFUSAL] },
    }
  }
  return routes
}

/** `/v1/sessions/:address` as OpenAPI writes it: `/v1/sessions/{address}`. */
export function openApiPath(route: string): string {
  return route.replace(/:([A-Za-z]+)/g, '{$1}')
}

/** Each route's contract by Fastify's method and pattern, found once (every request looks twice). */
const byRoute = new Map<string, RouteContract | undefined>()

/** The contract of the route a request matched, if it is one of the JSON routes. */
export function contractOf(request: FastifyRequest): RouteContract | undefined {
  const url = request.routeOptions.url
  if (url === undefined) return undefined
  const key = `${request.method} ${url}`
  if (!byRoute.has(key)) {
    const method = request.method === 'GET' || request.method === 'HEAD' ? 'get' : request.method === 'POST' ? 'post' : undefined
    byRoute.set(key, method === undefined ? undefined : ROUTES[openApiPath(url)]?.[method])
  }
  return byRoute.get(key)
}

/** The schema an answer of this status must have: the route's own, else the error shape for a refusal. */
function answerSchema(contract: RouteContract, status: number): Schema | undefined {
  const key = String(status)
  if (contract.ok[0] === key) return contract.ok[1]
  const own = contract.also?.[key] ?? contract.errors?.[key]
  if (own !== undefined) return own[1]
  return status >= 400 ? (contract.refusal ?? errorSchema) : undefined
}

const PARTS = { path: 'path parameter', query: 'query parameter', body: 'body field' } as const

/**
 * The first issue of a request outside the contract, as the guard words its own refusals: `Missing
 * query parameter chainId`, `Invalid body field eip155.slippage`, `Expected a JSON object body`.
 */
export function refusalOf(where: keyof typeof PARTS, issue: z.core.$ZodIssue, value: unknown): Refusal {
  const field = issue.path.map(String).join('.')
  // Zod's issues do not carry the input: the request's own value at the issue's path says.
  const at = issue.path.reduce<unknown>((part, key) => (part !== null && typeof part === 'object' && Object.hasOwn(part, key) ? (part as Record<PropertyKey, unknown>)[key] : undefined), value)
  const missing = issue.code === 'invalid_type' && at === undefined
  // A strict body with a field it does not know (its name is the caller's, not repeated back).
  if (issue.code === 'unrecognized_keys') return { sentence: `Unknown ${PARTS[where]}${issue.keys.length === 1 ? '' : 's'}`, field, missing: false }
  if (field === '') return { sentence: where === 'body' ? 'Expected a JSON object body' : `Invalid ${PARTS[where]}s`, field, missing }
  return { sentence: `${missing ? 'Missing' : 'Invalid'} ${PARTS[where]} ${field}`, field, missing }
}

/**
 * Holds every JSON route to its contract: a request whose path, query or body is not as the contract
 * says gets 400 in the error shape (after the project guard, whose answers come first); an answer
 * that is not as the contract says is not sent (500, logged), so no caller ever reads one.
 */
export function checkContract(app: FastifyInstance): void {
  // Callback hooks, not async ones: no promise on the path of every request.
  app.addHook('preHandler', (request, reply, done) => {
    if (reply.sent) return done()
    const contract = contractOf(request)
    if (contract === undefined) return done()
    // The path and query come from the URL alone: a URL already found within the contract is.
    const url = contract.body === undefined && request.url.length <= MAX_URL_REMEMBERED ? `${request.method} ${request.url}` : undefined
    if (url !== undefined && urlsWithin.has(url)) return done()
    const parts = [
      ['path', contract.params, request.params],
      ['query', contract.query, request.query],
      ['body', contract.body, request.body],
    ] as const
    for (const [where, schema, value] of parts) {
      if (schema === undefined) continue
      const result = z.safeParse(schema, value ?? (where === 'body' ? undefined : {}))
      if (result.success) continue
      const refusal = refusalOf(where, result.error.issues[0]!, value)
      void reply.status(400).send(contract.refuse === undefined ? { message: refusal.sentence } : contract.refuse(refusal))
      return done()
    }
    if (url !== undefined) remember(urlsWithin, url, true)
    done()
  })
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    const contract = contractOf(request)
    if (contract === undefined) return done(null, payload)
    const schema = answerSchema(contract, reply.statusCode)
    if (schema === undefined) return done(null, payload)
    // A cached answer is the same object, call after call: a frozen one (it cannot change) is checked once.
    const frozen = typeof payload === 'object' && payload !== null && Object.isFrozen(payload)
    const checked = frozen ? answersWithin.get(payload) : undefined
    if (checked === schema) return done(null, payload)
    const result = z.safeParse(schema, payload)
    if (result.success) {
      if (frozen) answersWithin.set(payload, schema)
      return done(null, payload)
    }
    request.log.error({ status: reply.statusCode, issues: result.error.issues.slice(0, 5) }, 'an answer outside the wire contract was not sent')
    void reply.status(500)
    done(null, { message: 'Internal server error' })
  })
}

/** Bodiless calls (method, path and query) found within their route's contract, the latest few thousand. */
const urlsWithin = new Map<string, true>()
const MAX_URLS_WITHIN = 4_096
/** The modal's calls' URLs are a few hundred characters: longer ones are checked each time, so the memory a client can fill stays small. */
const MAX_URL_REMEMBERED = 512

/** Frozen answers (whole, as `deepFreeze` leaves them) found within a contract, with the schema they were checked against. */
const answersWithin = new WeakMap<object, Schema>()

function remember<K, V>(map: Map<K, V>, key: K, value: V): void {
  if (map.size >= MAX_URLS_WITHIN) map.delete(map.keys().next().value as K)
  map.set(key, value)
}

/** The JSON text of frozen answers, made once. */
const answerTexts = new WeakMap<object, string>()

/** The server's reply serializer: JSON, a frozen answer's text made once (a cached balance is sent as often as it is asked). */
export function serializeAnswer(payload: unknown): string {
  if (typeof payload !== 'object' || payload === null || !Object.isFrozen(payload)) return JSON.stringify(payload)
  let text = answerTexts.get(payload)
  if (text === undefined) answerTexts.set(payload, (text = JSON.stringify(payload)))
  return text
}

/** `value` and everything in it made unchangeable: a cached answer, checked against its contract once. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}
