/**
 * Every route of the server's own OpenAPI document, driven by what the document says: requests
 * built from its schemas (valid ones, and hostile ones: wrong types, missing fields, huge strings,
 * SQL and NUL characters, lone surrogates, `__proto__` keys, malformed JSON, bodies over the limit)
 * are answered with a status the document lists for that operation, never 500, with a body that
 * matches the documented schema of that status, no internals in an error's message, and nothing
 * written to the database for a refused request. A route added to the document is tested here
 * without a change to this file.
 */
import { connect } from 'node:net'
import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { WalletCatalogue } from '../src/catalogue.js'
import { CHAIN_DATA_OPERATIONS } from '../src/chain-data.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { NameRegistry } from '../src/names.js'
import { arbitraryOf, type JsonSchema } from './json-schema-arbitrary.js'
import { registration, siwe } from './signing.js'
import { migratedDatabase, serverWithProject } from './support.js'

const BODY_LIMIT = 4_096
const db: Database = await migratedDatabase()
// A chain-data source that answers every operation with a value its wire contract allows, made from
// that schema: the routes' own guard, contract checks and body handling are what is tried here (the
// devnet's source has its contract suite).
const anyChainData = Object.fromEntries(
  Object.entries(CHAIN_DATA_OPERATIONS).map(([operation, spec]) => {
    const answers = arbitraryOf(z.toJSONSchema(spec.answer, { target: 'draft-2020-12', io: 'output' }) as JsonSchema)
    return [operation, () => ({ json: fc.sample(answers, 1)[0] })]
  }),
)
/** The network sign-in is offered on here (an ordinary account's signature needs no RPC). */
const SIGN_IN_CHAIN = 'eip155:31337'
const { app, clock } = await serverWithProject(
  db,
  { limits: { requestsPerMinute: 1_000_000, bodyLimitBytes: BODY_LIMIT } },
  { chainData: anyChainData, signInChains: [{ id: SIGN_IN_CHAIN }] },
)
await new WalletCatalogue(db).replace({
  wallets: [],
  images: {
    'img-1': { type: 'image/svg+xml', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
    // A network's, a currency's and a token's image of the same id (the public image routes).
    ...Object.fromEntries(['asset', 'currency', 'token'].map((kind) => [`${kind}:pic-1`, { type: 'image/svg+xml', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' }])),
  },
})
/** The account of this world: it registered the fixture name and signs in. */
const KEY = `0x${'4c'.repeat(32)}` as const
const ACCOUNT = privateKeyToAccount(KEY)
const NAME = 'prop-fixture'
await new NameRegistry(db, clock, DEFAULT_CONFIG.names.zone).register((await registration(NAME, KEY)).body)
const document = (await app.inject('/openapi.json')).json<OpenApi>()
afterAll(async () => {
  await app.close()
  await db.close()
})

interface Parameter {
  readonly name: string
  readonly in: 'path' | 'query' | 'header' | 'cookie'
  readonly required?: boolean
  readonly schema: JsonSchema
}
interface Operation {
  readonly parameters?: readonly Parameter[]
  readonly security?: readonly Record<string, readonly string[]>[]
  readonly requestBody?: { readonly required?: boolean; readonly content: Record<string, { schema?: JsonSchema }> }
  readonly responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>
}
interface OpenApi {
  readonly paths: Record<string, Record<string, Operation>>
}

/** Values the world of this file has, where a value from the schema alone would name nothing. */
const FIXTURES: Readonly<Record<string, string>> = {
  projectId: 'wg-test',
  imageId: 'img-1',
  id: 'pic-1',
  st: 'walletgate',
  sv: 'walletgate-0.1.0',
  // A registered name, and the checksummed address that registered it.
  name: NAME,
  address: ACCOUNT.address,
}
/** The page origin the project allows. */
const ORIGIN = 'https://app.example'

/** A signed EIP-4361 sign-in for ORIGIN on a nonce just issued by the real route: what the modal posts to authenticate. */
async function signedSignIn(key: `0x${string}` = KEY): Promise<Pick<ParsedRequest, 'rawBody' | 'contentType' | 'origin'>> {
  const { nonce } = (await app.inject({ method: 'POST', url: '/auth/v1/nonce' })).json<{ nonce: string }>()
  const { data, message, signature } = await siwe(key, { nonce, chainId: SIGN_IN_CHAIN, issuedAtMs: clock.now(), expiresAtMs: clock.now() + 3_600_000 })
  return { rawBody: JSON.stringify({ message, signature, caipNetworkId: SIGN_IN_CHAIN, data }), contentType: 'application/json', origin: ORIGIN }
}

/** A session's bearer token, from the real sign-in routes. */
async function signIn(key: `0x${string}` = KEY): Promise<string> {
  const { rawBody, origin } = await signedSignIn(key)
  const reply = await app.inject({ method: 'POST', url: '/auth/v1/authenticate', payload: rawBody, headers: { 'content-type': 'application/json', origin: origin! } })
  expect(reply.statusCode, reply.body).toBe(201)
  return reply.json<{ token: string }>().token
}
/** A current session's token for the bearer routes' generated requests (one of them signs it out: later ones meet a void token, a documented 401 or 200). */
const TOKEN = await signIn()

/**
 * Known requests whose success needs state no schema describes, made fresh through the real routes
 * for each one: a registration signed by the name's owner (who may register it again), a sign-in
 * signed on a nonce just issued, and for the bearer routes a session just opened. With these, every
 * documented operation's known requests succeed: none is exempt from that.
 */
const FRESH: Readonly<Record<string, (request: ParsedRequest) => Promise<ParsedRequest>>> = {
  'POST /v1/profile/account': async (r) => ({ ...r, rawBody: JSON.stringify((await registration(NAME, KEY)).body), contentType: 'application/json' }),
  'POST /auth/v1/authenticate': async (r) => ({ ...r, ...(await signedSignIn()) }),
  // A ticket for the signed-in account, each for a visitor of its own (an account holds a few live tickets at most).
  'POST /v1/paymaster/tickets': async (r) => {
    const key = generatePrivateKey()
    const body = JSON.parse(r.rawBody ?? '{}') as Record<string, unknown>
    return { ...r, rawBody: JSON.stringify({ ...body, account: privateKeyToAccount(key).address }), authorization: `Bearer ${await signIn(key)}` }
  },
}
/** The operations whose fresh state is a session of their own. */
const SIGNS_IN_ITSELF = new Set(['POST /v1/paymaster/tickets'])
const takesBearer = (operation: Operation) => (operation.security ?? []).some((scheme) => 'bearer' in scheme)

/** `request` as a known request of `op`, with the fresh state its success needs. */
async function withFreshState(op: Op, request: Request): Promise<Request> {
  let parsed = parse(op, request)
  const fresh = FRESH[op.name]
  if (fresh !== undefined) parsed = await fresh(parsed)
  if (takesBearer(op.operation) && !SIGNS_IN_ITSELF.has(op.name)) parsed = { ...parsed, authorization: `Bearer ${await signIn()}` }
  return { inject: build(op, parsed), inputs: request.inputs }
}

const OPERATIONS = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, path, method: method.toUpperCase() as 'GET' | 'POST', operation })),
)
type Op = (typeof OPERATIONS)[number]

/** A request as the property sees it: what goes on the wire, and the values it carried (an error may echo those). */
interface Request {
  readonly inject: InjectOptions
  readonly inputs: readonly string[]
}

const HOSTILE_STRINGS = [
  "' OR 1=1 --",
  "'; DROP TABLE projects; --",
  '"); SELECT pg_sleep(1); --',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udfffy',
  '😀👨‍👩‍👧',
  '\u202e',
  '__proto__',
  'constructor',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '\\',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  ' ',
  '',
]
const hostileString = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 4 },
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
)
const wrongType = fc.constantFrom<unknown>(1, -1, 1.5, 1e300, true, false, null, [], {}, 'text', [1, 2], { nested: { a: 1 } })

const parametersOf = (operation: Operation, place: 'path' | 'query') => (operation.parameters ?? []).filter((p) => p.in === place)
const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value))

function valueOf(parameter: Parameter, known: boolean): fc.Arbitrary<string> {
  const fromSchema = arbitraryOf(parameter.schema).map(asText)
  const fixture = FIXTURES[parameter.name]
  if (fixture === undefined) return fromSchema
  return known ? fc.constant(fixture) : fc.oneof({ arbitrary: fc.constant(fixture), weight: 3 }, { arbitrary: fromSchema, weight: 1 })
}

/** Percent-encoding that sends a lone surrogate as the bytes a careless client would (WTF-8). */
function encode(value: string): string {
  return value.replace(/[\ud800-\udbff][\udc00-\udfff]|[^]/g, (unit) => {
    try {
      return encodeURIComponent(unit)
    } catch {
      const code = unit.charCodeAt(0)
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('')
    }
  })
}

function urlOf(op: Op, request: Pick<ParsedRequest, 'path' | 'query' | 'rawPath' | 'rawQuery'>): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => (request.rawPath === true ? (request.path[name] ?? '') : encode(request.path[name] ?? '')))
  const search = [...request.query.map(([k, v]) => `${encode(k)}=${encode(v)}`), ...(request.rawQuery === undefined ? [] : [request.rawQuery])].join('&')
  return search === '' ? path : `${path}?${search}`
}

function jsonBodySchema(operation: Operation): JsonSchema | undefined {
  return operation.requestBody?.content['application/json']?.schema
}

/** A request the document's schemas allow (values of its own world where a name must be known). */
function validRequest(op: Op, { optional = true, known = false }: { optional?: boolean; known?: boolean } = {}): fc.Arbitrary<Request> {
  const pathParameters = parametersOf(op.operation, 'path')
  const queryParameters = parametersOf(op.operation, 'query').filter((p) => optional || p.required === true)
  const bodySchema = jsonBodySchema(op.operation)
  return fc
    .record({
      path: fc.tuple(...pathParameters.map((p) => valueOf(p, known).map((v) => [p.name, v] as const))),
      query: fc.tuple(...queryParameters.map((p) => (p.required === true ? valueOf(p, known).map((v) => [p.name, v] as const) : fc.option(valueOf(p, known).map((v) => [p.name, v] as const), { nil: undefined })))),
      origin: known ? fc.constant(undefined) : fc.constantFrom(undefined, ORIGIN),
      body: bodySchema === undefined ? fc.constant(undefined) : arbitraryOf(bodySchema),
      // The session's token; unknown, another's token-shaped text or none.
      authorization: !takesBearer(op.operation)
        ? fc.constant(undefined)
        : known
          ? fc.constant(`Bearer ${TOKEN}`)
          : fc.oneof(fc.constant(`Bearer ${TOKEN}`), fc.stringMatching(/^[A-Za-z0-9_-]{16,64}$/).map((t) => `Bearer ${t}`), fc.constant(undefined)),
    })
    .map(({ path, query, body: generated, origin, authorization }) => {
      const present = query.filter((entry) => entry !== undefined)
      // A body that names its project names the known one too (the price and swap POSTs).
      const body = known && isObject(generated) && 'projectId' in generated ? { ...generated, projectId: FIXTURES.projectId } : generated
      return {
        inject: build(op, { path: Object.fromEntries(path), query: present, rawBody: body === undefined ? undefined : JSON.stringify(body), contentType: body === undefined ? undefined : 'application/json', origin, authorization }),
        inputs: [...path.map(([, v]) => v), ...present.map(([, v]) => v), ...stringsIn(body)],
      }
    })
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Every string in a JSON value, keys too (an error message may echo any of them). */
function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(stringsIn)
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...stringsIn(v)])
  return []
}

/** A valid request made hostile in one way. */
function hostileRequest(op: Op): fc.Arbitrary<Request> {
  const bodySchema = jsonBodySchema(op.operation)
  const properties = Object.keys((bodySchema?.properties ?? {}) as Record<string, unknown>)
  const queryNames = [...parametersOf(op.operation, 'query').map((p) => p.name), 'projectId']
  const mutations: fc.Arbitrary<(request: ParsedRequest) => ParsedRequest>[] = [
    // A query parameter left out, given a hostile value, given twice, or a poisonous one added.
    fc.nat().map((i) => (r: ParsedRequest) => ({ ...r, query: r.query.filter((_, j) => j !== i % Math.max(1, r.query.length)) })),
    // Any documented query parameter set to a hostile value (added when it was left out).
    fc.tuple(fc.constantFrom(...queryNames), hostileString).map(([name, v]) => (r: ParsedRequest) => ({ ...r, query: [...r.query.filter(([k]) => k !== name), [name, v] as const] })),
    fc.nat().map((i) => (r: ParsedRequest) => ({ ...r, query: [...r.query, ...r.query.filter((_, j) => j === i % Math.max(1, r.query.length))] })),
    fc.tuple(fc.constantFrom('__proto__', 'constructor[prototype]', '__proto__[x]', 'projectId[]', 'a'.repeat(3_000)), hostileString).map(([k, v]) => (r: ParsedRequest) => ({ ...r, query: [...r.query, [k, v] as const] })),
    // Percent-encoding that does not decode, or decodes to what PostgreSQL cannot store.
    fc.tuple(fc.constantFrom(...queryNames), fc.constantFrom('%', '%zz', '%E0%A4%A', '%ED%A0%80', '%00', 'a%00b', '%C0%AE', '%FF%FE')).map(([name, raw]) => (r: ParsedRequest) => ({
      ...r,
      query: r.query.filter(([k]) => k !== name),
      rawQuery: `${encode(name)}=${raw}`,
    })),
    // A page of another origin, or an Origin header that is no origin.
    fc.oneof(fc.constant('https://evil.example'), fc.constant('null'), hostileString.filter((v) => /^[\x20-\x7e]*$/.test(v))).map((origin) => (r: ParsedRequest) => ({ ...r, origin })),
    // A body where none belongs.
    fc.constant((r: ParsedRequest) => ({ ...r, rawBody: r.rawBody ?? '{"a":1}', contentType: 'application/json' })),
  ]
  if (takesBearer(op.operation)) {
    // No token, a token that is not one (NUL, surrogates, huge), another scheme, or the session's token bent.
    mutations.push(
      fc.constant((r: ParsedRequest) => ({ ...r, authorization: undefined })),
      hostileString.map((v) => (r: ParsedRequest) => ({ ...r, authorization: `Bearer ${v}` })),
      fc.constantFrom(`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `bearer ${TOKEN}`, `Basic ${TOKEN}`, 'Bearer', `Bearer ${'A'.repeat(513)}`, `Bearer  ${TOKEN}`).map((authorization) => (r: ParsedRequest) => ({ ...r, authorization })),
    )
  }
  const pathNames = parametersOf(op.operation, 'path').map((p) => p.name)
  if (pathNames.length > 0) {
    mutations.push(
      fc.tuple(fc.constantFrom(...pathNames), hostileString).map(([name, v]) => (r: ParsedRequest) => ({ ...r, path: { ...r.path, [name]: v } })),
      fc.tuple(fc.constantFrom(...pathNames), fc.constantFrom('%', '%zz', '%E0%A4%A', '..%2F..%2F', '%2e%2e', '%00', '%C0%AE')).map(
        ([name, v]) => (r: ParsedRequest) => ({ ...r, path: { ...r.path, [name]: v }, rawPath: true }),
      ),
    )
  }
  if (bodySchema !== undefined) {
    const field = properties.length > 0 ? fc.constantFrom(...properties) : fc.constant('field')
    const body = (mutate: (value: Record<string, unknown>) => unknown) => (r: ParsedRequest) => {
      const value = tryJson(r.rawBody ?? '{}')
      const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
      return { ...r, rawBody: JSON.stringify(mutate(object)) }
    }
    mutations.push(
      fc.tuple(field, wrongType).map(([name, v]) => body((b) => ({ ...b, [name]: v }))),
      field.map((name) => body((b) => Object.fromEntries(Object.entries(b).filter(([k]) => k !== name)))),
      fc.tuple(field, hostileString).map(([name, v]) => body((b) => ({ ...b, [name]: v }))),
      fc.tuple(fc.string({ maxLength: 10 }), wrongType).map(([name, v]) => body((b) => ({ ...b, [`extra-${name}`]: v }))),
      hostileString.map((v) => body((b) => ({ ...b, props: { ...(b.props !== null && typeof b.props === 'object' ? b.props : {}), [v]: v, nested: [v, { v }] } }))),
      wrongType.map((v) => body(() => v)),
      // Text that is not what it says it is, or too much of it.
      fc
        .constantFrom('{"eventId":', '{', '', 'null', '[]', '{"a":1}}', "{'a':1}", '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '\u0000', '{"a":"\\ud800"}')
        .map((text) => (r: ParsedRequest) => ({ ...r, rawBody: text })),
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1', 'application/xml').map(
        (contentType) => (r: ParsedRequest) => ({ ...r, contentType }),
      ),
      fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT * 4 }).map((n) => body((b) => ({ ...b, url: 'x'.repeat(n) }))),
      fc.integer({ min: 200, max: 2_000 }).map((depth) => (r: ParsedRequest) => ({ ...r, rawBody: `${'['.repeat(depth)}${']'.repeat(depth)}` })),
    )
  }
  return fc.tuple(validRequest(op), fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 2 })).map(([valid, steps]) => {
    const parsed = steps.reduce((request, step) => step(request), parse(op, valid))
    return {
      inject: build(op, parsed),
      inputs: [...valid.inputs, ...Object.values(parsed.path), ...parsed.query.flatMap(([k, v]) => [k, v]), ...(parsed.rawBody === undefined ? [] : [parsed.rawBody, ...stringsIn(tryJson(parsed.rawBody))]), ...(parsed.authorization === undefined ? [] : [parsed.authorization])],
    }
  })
}

interface ParsedRequest {
  readonly path: Record<string, string>
  readonly query: readonly (readonly [string, string])[]
  readonly rawBody: string | undefined
  readonly contentType: string | undefined
  readonly rawPath?: boolean
  readonly rawQuery?: string
  readonly origin?: string | undefined
  readonly authorization?: string | undefined
}

function parse(op: Op, request: Request): ParsedRequest {
  const url = new URL(request.inject.url as string, 'http://x')
  const template = op.path.split('/')
  const actual = url.pathname.split('/')
  const path = Object.fromEntries(template.flatMap((part, i) => (part.startsWith('{') ? [[part.slice(1, -1), decodeURIComponent(actual[i] ?? '')]] : [])))
  const headers = (request.inject.headers ?? {}) as Record<string, string | undefined>
  return { path, query: [...url.searchParams.entries()], rawBody: request.inject.payload as string | undefined, contentType: headers['content-type'], origin: headers.origin, authorization: headers.authorization }
}

function build(op: Op, request: ParsedRequest): InjectOptions {
  const headers = {
    ...(request.contentType === undefined ? {} : { 'content-type': request.contentType }),
    ...(request.origin === undefined ? {} : { origin: request.origin }),
    ...(request.authorization === undefined ? {} : { authorization: request.authorization }),
  }
  return {
    method: op.method,
    url: urlOf(op, request),
    ...(request.rawBody === undefined ? {} : { payload: request.rawBody }),
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
  }
}

function tryJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const ajv = new Ajv2020({ strict: false, allErrors: true })
const validators = new Map<JsonSchema, ReturnType<typeof ajv.compile>>()
const validate = (schema: JsonSchema, value: unknown) => {
  let check = validators.get(schema)
  if (check === undefined) validators.set(schema, (check = ajv.compile(schema)))
  return check(value) ? [] : (check.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`)
}

/** Text that must never reach a client: stack frames, module paths, the database's own words. */
const INTERNALS = [/\bat [\w.<>]+ \(/, /\n\s+at /, /node_modules/, /\/src\/|\.ts:\d+|\.js:\d+/, /\b(syntax error|relation "|violates|duplicate key|invalid byte sequence|invalid input syntax|unsupported Unicode escape|column "|SQLSTATE|pglite|postgres)\b/i, /\b(TypeError|ReferenceError|RangeError)\b/]

/** Rows in each table but the rate limits' counters (every request counts there, refused or not). */
async function rowCounts(): Promise<Record<string, number>> {
  const { rows: tables } = await db.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits' ORDER BY table_name")
  const { rows } = await db.query<Record<string, number | string>>(`SELECT ${tables.map((t) => `(SELECT count(*) FROM "${t.table_name}") AS "${t.table_name}"`).join(', ')}`)
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]))
}

const exercised = new Map<string, Set<string>>()

/** Sends `request` and checks the answer against the document; the status. */
async function checkAnswer(op: Op, request: Request): Promise<{ status: number; where: string }> {
  const before = await rowCounts()
  const reply = await app.inject(request.inject)
  const status = String(reply.statusCode)
  const where = `${op.name} ${JSON.stringify(request.inject).slice(0, 300)} -> ${status} ${reply.body.slice(0, 300)}`
  expect(reply.statusCode, where).not.toBe(500)
  expect(Object.keys(op.operation.responses), where).toContain(status)
  const documented = op.operation.responses[status]?.content ?? {}
  const type = String(reply.headers['content-type'] ?? '').split(';')[0] ?? ''
  expect(Object.keys(documented), where).toContain(type)
  if (type === 'application/json') {
    const body: unknown = JSON.parse(reply.body)
    const schema = documented[type]?.schema
    if (schema !== undefined) expect(validate(schema, body), where).toEqual([])
    if (reply.statusCode >= 400) {
      // Every text of the refusal: its message, or a registration's reasons.
      for (let text of stringsIn(body)) {
        // What the client sent may come back in a message (a project's id); what it did not send must not.
        for (const input of [...request.inputs].sort((a, b) => b.length - a.length)) if (input.length >= 2) text = text.split(input).join('')
        for (const pattern of INTERNALS) expect(text, where).not.toMatch(pattern)
      }
    }
  }
  if (reply.statusCode >= 400) expect(await rowCounts(), where).toEqual(before)
  const seen = exercised.get(op.name) ?? new Set()
  exercised.set(op.name, seen.add(status))
  return { status: reply.statusCode, where }
}

const NUM_RUNS = { valid: 25, hostile: 60 }

describe('every route of /openapi.json', () => {
  it('lists routes, each with a schema this file can make requests from', () => {
    expect(OPERATIONS.length).toBeGreaterThan(0)
    expect(Object.keys(FRESH).filter((name) => !OPERATIONS.some((op) => op.name === name)), 'FRESH names only documented operations').toEqual([])
    for (const op of OPERATIONS) {
      expect(() => fc.sample(validRequest(op), 1), op.name).not.toThrow()
      expect(() => fc.sample(hostileRequest(op), 1), op.name).not.toThrow()
    }
  })

  describe.each(OPERATIONS)('$name', (op) => {
    it('answers a request its schemas allow as the document says, a success when every name is known', async () => {
      // The required parameters only, with this world's project, image, name, address and fresh state: a documented success.
      for (const sampled of fc.sample(validRequest(op, { optional: false, known: true }), 5)) {
        const request = await withFreshState(op, sampled)
        const { status, where } = await checkAnswer(op, request)
        expect(status >= 200 && status < 300, where).toBe(true)
      }
      await fc.assert(
        fc.asyncProperty(validRequest(op), async (request) => {
          await checkAnswer(op, request)
        }),
        { numRuns: NUM_RUNS.valid },
      )
    })

    it('answers hostile requests with a documented refusal, no internals and nothing written', async () => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(op), async (request) => {
          await checkAnswer(op, request)
        }),
        { numRuns: NUM_RUNS.hostile },
      )
    })
  })

  it('exercised every documented operation', () => {
    expect([...exercised.keys()].sort()).toEqual(OPERATIONS.map((op) => op.name).sort())
  })
})

describe('the answers it once found wrong', () => {
  const SDK = 'projectId=wg-test&st=walletgate&sv=walletgate-0.1.0'
  const EVENT = { eventId: 'e-1', url: 'https://app.example/', domain: 'app.example', timestamp: 1, props: {} }
  const post = (event: unknown): InjectOptions => ({ method: 'POST', url: `/e?${SDK}`, payload: JSON.stringify(event), headers: { 'content-type': 'application/json' } })
  const json = (url: string, body: unknown, headers: Record<string, string> = {}): InjectOptions => ({
    method: 'POST',
    url,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  })
  // Each was a 500 (PostgreSQL refusing NUL, an unpaired surrogate in jsonb, a year-10000 date),
  // Fastify's own error shape, an answer the document did not list, or a guard skipped; each is a
  // documented 400, 403 or 404 now.
  it.each([
    ['a NUL in a search', 'GET /getWallets', { method: 'GET', url: `/getWallets?${SDK}&search=%00` }, 400],
    ['a NUL in an included id', 'GET /getWallets', { method: 'GET', url: `/getWallets?${SDK}&include=a%00b` }, 400],
    ['a NUL in an image id', 'GET /getWalletImage/{imageId}', { method: 'GET', url: '/getWalletImage/a%00b?projectId=wg-test' }, 404],
    ['a path that does not decode', 'GET /getWalletImage/{imageId}', { method: 'GET', url: '/getWalletImage/%?projectId=wg-test' }, 400],
    ['a NUL in the sdk type', 'POST /e', { ...post(EVENT), url: '/e?projectId=wg-test&st=%00&sv=walletgate-0.1.0' }, 400],
    ['a NUL in an event', 'POST /e', post({ ...EVENT, url: 'a\u0000b' }), 400],
    ['a NUL in a prop', 'POST /e', post({ ...EVENT, props: { a: 'a\u0000' } }), 400],
    ['an unpaired surrogate in a prop', 'POST /e', post({ ...EVENT, props: { '\ud800': 1 } }), 400],
    ['a date in the year 10000', 'POST /e', post({ ...EVENT, timestamp: 253_402_300_800_000 }), 400],
    ['a NUL in a name', 'GET /v1/profile/account/{name}', { method: 'GET', url: `/v1/profile/account/%00?${SDK}` }, 404],
    ['a name longer than any registered', 'GET /v1/profile/account/{name}', { method: 'GET', url: `/v1/profile/account/${'a'.repeat(300)}?${SDK}` }, 404],
    ['a path parameter longer than the router takes', 'GET /v1/profile/account/{name}', { method: 'GET', url: `/v1/profile/account/${'a'.repeat(5_000)}?${SDK}` }, 400],
    ['a path parameter that makes another path', 'GET /v1/profile/reverse/{address}', { method: 'GET', url: `/v1/profile/reverse/%2e%2e?${SDK}` }, 404],
    ['an unknown project named by a site route', 'POST /auth/v1/nonce', { method: 'POST', url: '/auth/v1/nonce?projectId=nope' }, 403],
    ['a page the named project does not allow', 'GET /auth/v1/me', { method: 'GET', url: '/auth/v1/me?projectId=wg-test', headers: { origin: 'https://evil.example' } }, 403],
    ['a project named twice by a site route', 'POST /auth/v1/nonce', { method: 'POST', url: '/auth/v1/nonce?projectId=wg-test&projectId=nope' }, 400],
    ['a registration body that is not JSON', 'POST /v1/profile/account', json('/v1/profile/account', '{"coin_type":'), 400],
    ['an empty network to sign in on', 'POST /auth/v1/authenticate', json('/auth/v1/authenticate', { message: 'm', signature: '0x00', caipNetworkId: '' }, { origin: ORIGIN }), 400],
    ['a NUL in a sign-in message', 'POST /auth/v1/authenticate', json('/auth/v1/authenticate', { message: 'a\u0000b', signature: '0x00', caipNetworkId: SIGN_IN_CHAIN }, { origin: ORIGIN }), 400],
  ] as const)('%s', async (_, name, inject, expected) => {
    const op = OPERATIONS.find((o) => o.name === name)
    expect(op, name).toBeDefined()
    expect((await checkAnswer(op!, { inject, inputs: [] })).status).toBe(expected)
  })

  it('a signed sign-in message with a NUL in its statement', async () => {
    // A signer may sign any text: this one reached the sessions table, which cannot hold a NUL.
    const { nonce } = (await app.inject({ method: 'POST', url: '/auth/v1/nonce' })).json<{ nonce: string }>()
    const { data, message, signature } = await siwe(KEY, { nonce, chainId: SIGN_IN_CHAIN, statement: 'Sign in.\u0000', issuedAtMs: clock.now(), expiresAtMs: clock.now() + 3_600_000 })
    const op = OPERATIONS.find((o) => o.name === 'POST /auth/v1/authenticate')!
    const inject = json('/auth/v1/authenticate', { message, signature, caipNetworkId: SIGN_IN_CHAIN, data }, { origin: ORIGIN })
    expect((await checkAnswer(op, { inject, inputs: [] })).status).toBe(400)
  })
})

describe('a client that goes away mid-request', () => {
  it('leaves the server answering and nothing written', async () => {
    const server = await buildListening(app)
    const post = OPERATIONS.find((op) => op.method === 'POST' && jsonBodySchema(op.operation) !== undefined)
    expect(post, 'a documented POST with a JSON body').toBeDefined()
    const before = await rowCounts()
    const [valid] = fc.sample(validRequest(post!, { optional: false, known: true }), { numRuns: 1, seed: 1 })
    const body = Buffer.from(valid!.inject.payload as string)
    await new Promise<void>((done, fail) => {
      const socket = connect(server.port, '127.0.0.1', () => {
        socket.write(`POST ${valid!.inject.url as string} HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`)
        socket.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => socket.destroy(), 50))
      })
      socket.once('close', () => done())
      socket.once('error', fail)
    })
    // Requests after it are served, and the half-sent one stored nothing.
    const health = await fetch(`http://127.0.0.1:${server.port}/healthz`)
    expect(health.status).toBe(200)
    await new Promise((done) => setTimeout(done, 100))
    expect(await rowCounts()).toEqual(before)
  })
})

async function buildListening(server: FastifyInstance): Promise<{ port: number }> {
  await server.listen({ port: 0, host: '127.0.0.1' })
  const address = server.server.address()
  if (address === null || typeof address === 'string') throw new Error('not listening on a port')
  return { port: address.port }
}
