/**
 * The OpenAPI 3.1 document of the server's API, generated from its zod schemas (./api-schemas.ts):
 * what it says is what the routes check and answer.
 */
import { z } from 'zod'
import {
  acceptedSchema,
  analyticsConfigSchema,
  analyticsEventSchema,
  authenticatedSchema,
  authenticateSchema,
  errorSchema,
  healthSchema,
  identityQuerySchema,
  identitySchema,
  meSchema,
  nameProfileSchema,
  nameProfilesSchema,
  nameQuerySchema,
  nameRegistrationSchema,
  nameSuggestionsQuerySchema,
  nameSuggestionsSchema,
  nonceSchema,
  originsSchema,
  projectConfigSchema,
  readySchema,
  reasonsSchema,
  reverseNameQuerySchema,
  sdkQuerySchema,
  signedOutSchema,
  walletsQuerySchema,
  walletsSchema,
} from './api-schemas.js'
import { CHAIN_DATA_OPERATIONS } from './chain-data.js'
import { PUBLIC_IMAGES } from './public-images.js'

type Schema = z.ZodType

const json = (schema: Schema) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>

function parameters(schema: z.ZodObject, where: 'query' | 'path') {
  const shape = schema.shape as Record<string, Schema>
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !field.safeParse(undefined).success,
    ...(field.description === undefined ? {} : { description: field.description }),
    schema: json(field),
  }))
}

const answer = (description: string, schema: Schema) => ({ description, content: { 'application/json': { schema: json(schema) } } })
/** The modal's calls: the project guard's refusals. */
const GUARD_ERRORS = {
  '400': answer('A query parameter or the body is missing or malformed', errorSchema),
  '403': answer('An unknown project, or a page origin the project does not allow', errorSchema),
}
/** A site route given a projectId: that project's guard (./app.ts). */
const SITE_GUARD_ERRORS = {
  '400': answer('A malformed projectId, body or header', errorSchema),
  '403': answer('The named project is unknown or does not allow the page origin', errorSchema),
}
/** A route with a path parameter: a value that makes another path (`..`, `%2e%2e`) meets no route. */
const PATH_ERRORS = { '404': answer('A path parameter that makes another path (such as `..`)', errorSchema) }
/** A route that reads a body. */
const BODY_ERRORS = {
  '413': answer('The body is larger than the configured limit (limits.bodyLimitBytes)', errorSchema),
  '415': answer('The body is not application/json', errorSchema),
}
/** Every route: the rate limit counts all of them. */
const RATE_LIMITED = { '429': answer('Over the rate limit (see Retry-After)', errorSchema) }

interface Route {
  readonly summary: string
  /** The path's `{parameters}`. */
  readonly params?: z.ZodObject
  readonly query?: z.ZodObject
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
}

const nameParam = z.object({ name: z.string().describe('A name, with or without the zone') })
/** A site route: no sdk query; it names a project only if it wants the project's guard. */
const siteQuery = z.object({ projectId: z.optional(z.string().min(1)).describe('A project, when the caller names one: its guard then applies') })
const INVALID_ADDRESS = ['Not an eip155 or Solana address (plain or CAIP-10), or a query parameter missing or malformed', errorSchema] as const
const SIGN_IN_400 = ['A malformed body, message, data or Origin, or a network sign-in is not offered on', errorSchema] as const
const NOT_SIGNED_IN = { '401': ['No token, or one unknown, signed out or expired', errorSchema] } as const

/** The JSON routes, by path and method, with the schema of their success answer. */
export const ROUTES: Readonly<Record<string, Readonly<Record<'get' | 'post', Route | undefined>>>> = {
  '/healthz': { get: { summary: 'The process is up', ok: ['200', healthSchema], guarded: false }, post: undefined },
  '/readyz': { get: { summary: 'The database answers at the latest schema (503 otherwise)', ok: ['200', readySchema], also: { '503': ['Not ready: the database is unreachable or not yet migrated', readySchema] }, guarded: false }, post: undefined },
  '/projects/v1/origins': { get: { summary: "The project's allowed page origins", query: sdkQuerySchema, ok: ['200', originsSchema], guarded: true }, post: undefined },
  '/appkit/v1/config': { get: { summary: "The project's features", query: sdkQuerySchema, ok: ['200', projectConfigSchema], guarded: true }, post: undefined },
  '/getAnalyticsConfig': { get: { summary: 'Analytics and auth switches', query: sdkQuerySchema, ok: ['200', analyticsConfigSchema], guarded: true }, post: undefined },
  '/getWallets': { get: { summary: 'The wallet catalogue, a page at a time', query: walletsQuerySchema, ok: ['200', walletsSchema], guarded: true }, post: undefined },
  '/e': { get: undefined, post: { summary: 'An analytics event (stored once per eventId)', query: sdkQuerySchema, body: analyticsEventSchema, ok: ['202', acceptedSchema], guarded: true } },
  '/v1/profile/account/{name}': {
    get: { summary: "A name's profile", params: nameParam, query: nameQuerySchema, ok: ['200', nameProfileSchema], guarded: true, errors: { '404': ['No such name (or none a registration could make), or a path parameter that makes another path', errorSchema] } },
    post: undefined,
  },
  '/v1/profile/reverse/{address}': {
    get: {
      summary: "The names an address registered, oldest first (a Solana account's: none)",
      params: z.object({ address: z.string().describe('Plain or CAIP-10') }),
      query: reverseNameQuerySchema,
      ok: ['200', nameProfilesSchema],
      guarded: true,
      errors: { '400': INVALID_ADDRESS },
    },
    post: undefined,
  },
  '/v1/identity/{address}': {
    get: {
      summary: "An address's name and avatar (from its first name; none for another namespace's account)",
      params: z.object({ address: z.string().describe('Plain or CAIP-10') }),
      query: identityQuerySchema,
      ok: ['200', identitySchema],
      guarded: true,
      errors: { '400': INVALID_ADDRESS },
    },
    post: undefined,
  },
  '/v1/profile/suggestions/{name}': {
    get: { summary: 'Names like this one, each saying whether it is taken', params: nameParam, query: nameSuggestionsQuerySchema, ok: ['200', nameSuggestionsSchema], guarded: true },
    post: undefined,
  },
  '/v1/profile/account': {
    get: undefined,
    post: {
      summary: 'Registers a name with an EIP-191 signed message (the modal sends no sdk query)',
      query: siteQuery,
      body: nameRegistrationSchema,
      ok: ['200', nameProfileSchema],
      guarded: false,
      site: true,
      errors: { '400': ['A refusal (a bad signature, a taken or malformed name, ...) as reasons; a body that is not JSON, or a malformed projectId, as a message', z.union([reasonsSchema, errorSchema])] },
    },
  },
  '/auth/v1/nonce': { get: undefined, post: { summary: 'A nonce for one sign-in attempt within 10 minutes', query: siteQuery, ok: ['201', nonceSchema], guarded: false, site: true } },
  '/auth/v1/authenticate': {
    get: undefined,
    post: {
      summary: "Checks a signed sign-in message for the calling site (its Origin) and opens a session",
      query: siteQuery,
      body: authenticateSchema,
      ok: ['201', authenticatedSchema],
      guarded: false,
      site: true,
      errors: { '400': SIGN_IN_400, '401': ['A nonce unknown or used; another chain, domain or URI; an expired message; a bad signature', errorSchema] },
    },
  },
  '/auth/v1/me': { get: { summary: 'The session behind the bearer token', query: siteQuery, ok: ['200', meSchema], guarded: false, site: true, bearer: true, errors: NOT_SIGNED_IN }, post: undefined },
  '/auth/v1/sign-out': {
    get: undefined,
    post: { summary: 'Voids the bearer token (again: still 200)', query: siteQuery, ok: ['200', signedOutSchema], guarded: false, site: true, bearer: true, errors: { '401': ['No token', errorSchema] } },
  },
}

export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {}
  for (const [path, methods] of Object.entries(ROUTES)) {
    const operations: Record<string, unknown> = {}
    for (const [method, route] of Object.entries(methods)) {
      if (route === undefined) continue
      const params = [...(route.params === undefined ? [] : parameters(route.params, 'path')), ...(route.query === undefined ? [] : parameters(route.query, 'query'))]
      const errors = Object.fromEntries(Object.entries(route.errors ?? {}).map(([status, [description, schema]]) => [status, answer(description, schema)]))
      operations[method] = {
        summary: route.summary,
        ...(params.length === 0 ? {} : { parameters: params }),
        ...(route.body === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: json(route.body) } } } }),
        ...(route.bearer === true ? { security: [{ bearer: [] }] } : {}),
        responses: {
          [route.ok[0]]: answer('Success', route.ok[1]),
          ...Object.fromEntries(Object.entries(route.also ?? {}).map(([status, [description, schema]]) => [status, answer(description, schema)])),
          ...(route.guarded ? GUARD_ERRORS : {}),
          ...(route.site === true ? SITE_GUARD_ERRORS : {}),
          ...(route.params === undefined ? {} : PATH_ERRORS),
          ...(route.body === undefined ? {} : BODY_ERRORS),
          ...RATE_LIMITED,
          ...errors,
        },
      }
    }
    paths[path] = operations
  }
  paths['/getWalletImage/{imageId}'] = {
    get: {
      summary: "A wallet's image (an <img> asks for it: only a known project is needed)",
      parameters: [
        { name: 'imageId', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'projectId', in: 'query', required: true, schema: { type: 'string' } },
      ],
      responses: {
        '200': { description: 'The image', content: { 'image/svg+xml': {}, 'image/png': {}, 'image/webp': {}, 'image/jpeg': {} } },
        '400': answer('A malformed path', errorSchema),
        '403': answer('An unknown project', errorSchema),
        '404': answer('No such image, or a path parameter that makes another path', errorSchema),
        ...RATE_LIMITED,
      },
    },
  }
  for (const [route, kind] of Object.entries(PUBLIC_IMAGES)) {
    paths[`/public/${route}/{id}`] = {
      get: {
        summary: `A ${kind === 'asset' ? "network's" : `${kind}'s`} image: the catalogue file's \`${kind}:<id>\`, else the deployment's own (an <img> asks for it: only a known project is needed)`,
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'projectId', in: 'query', required: true, schema: { type: 'string' } },
        ],
        responses: {
          '200': { description: 'The image', content: { 'image/svg+xml': {}, 'image/png': {}, 'image/webp': {}, 'image/jpeg': {} } },
          '400': answer('A malformed path', errorSchema),
          '403': answer('An unknown project', errorSchema),
          '404': answer('No such image', errorSchema),
          ...RATE_LIMITED,
        },
      },
    }
  }
  for (const spec of Object.values(CHAIN_DATA_OPERATIONS)) {
    const path = spec.path.replace(/:([A-Za-z]+)/g, '{$1}')
    const pathParameters = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))
    const query = spec.guard === true ? parameters(sdkQuerySchema, 'query') : spec.guard === 'project' ? parameters(sdkQuerySchema.pick({ projectId: true }), 'query') : []
    const body =
      spec.method === 'POST'
        ? { requestBody: { required: true, content: { 'application/json': { schema: spec.guard === 'body' ? { type: 'object', required: ['projectId'], properties: { projectId: { type: 'string', minLength: 1 } } } : { type: 'object' } } } } }
        : {}
    const operations = (paths[path] ?? {}) as Record<string, unknown>
    operations[spec.method.toLowerCase()] = {
      summary: `${spec.summary} (docs/service-api.md)`,
      parameters: [...pathParameters, ...query],
      ...body,
      responses: {
        '200': { description: 'As docs/service-api.md describes it', content: { 'application/json': { schema: {} } } },
        ...GUARD_ERRORS,
        ...(spec.method === 'POST' ? BODY_ERRORS : {}),
        ...RATE_LIMITED,
        ...(pathParameters.length > 0 ? PATH_ERRORS : {}),
        '501': answer('This server has no chain-data source for the call yet', errorSchema),
      },
    }
    paths[path] = operations
  }
  return {
    openapi: '3.1.0',
    info: { title: 'walletgate-server', version, description: 'The services the Walletgate modal talks to (docs/service-api.md).' },
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A sign-in session\'s token, from /auth/v1/authenticate' } } },
  }
}
