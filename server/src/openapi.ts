/**
 * The OpenAPI 3.1 document of the server's API, generated from its zod schemas (./api-schemas.ts):
 * what it says is what the routes check and answer.
 */
import { z } from 'zod'
import {
  acceptedSchema,
  analyticsConfigSchema,
  analyticsEventSchema,
  errorSchema,
  healthSchema,
  originsSchema,
  projectConfigSchema,
  readySchema,
  sdkQuerySchema,
  walletsQuerySchema,
  walletsSchema,
} from './api-schemas.js'
import { CHAIN_DATA_OPERATIONS } from './chain-data.js'

type Schema = z.ZodType

const json = (schema: Schema) => z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'output', unrepresentable: 'any' }) as Record<string, unknown>

function queryParameters(schema: z.ZodObject) {
  const shape = schema.shape as Record<string, Schema>
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: 'query',
    required: !field.safeParse(undefined).success,
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
/** A route that reads a body. */
const BODY_ERRORS = {
  '413': answer('The body is larger than the configured limit (limits.bodyLimitBytes)', errorSchema),
  '415': answer('The body is not application/json', errorSchema),
}
/** Every route: the rate limit counts all of them. */
const RATE_LIMITED = { '429': answer('Over the rate limit (see Retry-After)', errorSchema) }

interface Route {
  readonly summary: string
  readonly query?: z.ZodObject
  readonly body?: Schema
  readonly ok: readonly [status: string, schema: Schema]
  /** Other answers than the success and the refusals every route of its kind may give. */
  readonly also?: Readonly<Record<string, readonly [description: string, schema: Schema]>>
  readonly guarded: boolean
}

/** The JSON routes, by path and method, with the schema of their success answer. */
export const ROUTES: Readonly<Record<string, Readonly<Record<'get' | 'post', Route | undefined>>>> = {
  '/healthz': { get: { summary: 'The process is up', ok: ['200', healthSchema], guarded: false }, post: undefined },
  '/readyz': { get: { summary: 'The database answers at the latest schema (503 otherwise)', ok: ['200', readySchema], also: { '503': ['Not ready: the database is unreachable or not yet migrated', readySchema] }, guarded: false }, post: undefined },
  '/projects/v1/origins': { get: { summary: "The project's allowed page origins", query: sdkQuerySchema, ok: ['200', originsSchema], guarded: true }, post: undefined },
  '/appkit/v1/config': { get: { summary: "The project's features", query: sdkQuerySchema, ok: ['200', projectConfigSchema], guarded: true }, post: undefined },
  '/getAnalyticsConfig': { get: { summary: 'Analytics and auth switches', query: sdkQuerySchema, ok: ['200', analyticsConfigSchema], guarded: true }, post: undefined },
  '/getWallets': { get: { summary: 'The wallet catalogue, a page at a time', query: walletsQuerySchema, ok: ['200', walletsSchema], guarded: true }, post: undefined },
  '/e': { get: undefined, post: { summary: 'An analytics event (stored once per eventId)', query: sdkQuerySchema, body: analyticsEventSchema, ok: ['202', acceptedSchema], guarded: true } },
}

export function openApiDocument(version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {}
  for (const [path, methods] of Object.entries(ROUTES)) {
    const operations: Record<string, unknown> = {}
    for (const [method, route] of Object.entries(methods)) {
      if (route === undefined) continue
      operations[method] = {
        summary: route.summary,
        ...(route.query === undefined ? {} : { parameters: queryParameters(route.query) }),
        ...(route.body === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: json(route.body) } } } }),
        responses: {
          [route.ok[0]]: answer('Success', route.ok[1]),
          ...Object.fromEntries(Object.entries(route.also ?? {}).map(([status, [description, schema]]) => [status, answer(description, schema)])),
          ...(route.guarded ? GUARD_ERRORS : {}),
          ...(route.body === undefined ? {} : BODY_ERRORS),
          ...RATE_LIMITED,
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
        '404': answer('No such image', errorSchema),
        ...RATE_LIMITED,
      },
    },
  }
  for (const spec of Object.values(CHAIN_DATA_OPERATIONS)) {
    const path = spec.path.replace(/:([A-Za-z]+)/g, '{$1}')
    const pathParameters = [...spec.path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }))
    const query = spec.guard === true ? queryParameters(sdkQuerySchema) : spec.guard === 'project' ? queryParameters(sdkQuerySchema.pick({ projectId: true })) : []
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
        ...(pathParameters.length > 0 ? { '404': answer('A path parameter that makes another path (such as `..`)', errorSchema) } : {}),
        '501': answer('This server has no chain-data source for the call yet', errorSchema),
      },
    }
    paths[path] = operations
  }
  return {
    openapi: '3.1.0',
    info: { title: 'walletgate-server', version, description: 'The services the Walletgate modal talks to (docs/service-api.md).' },
    paths,
  }
}
