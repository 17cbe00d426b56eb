/**
 * The OpenAPI 3.1 document of the server's API, generated from the wire contract (./contract.ts, whose
 * schemas the modal imports too): what it says is what the routes check and answer.
 */
import { z } from 'zod'
import { ROUTES } from './contract.js'
import { PUBLIC_IMAGES } from './public-images.js'
import { errorSchema } from './wire.js'

type Schema = z.core.$ZodType

const json = (schema: Schema, io: 'input' | 'output') => z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Record<string, unknown>

/** What each path and query parameter is (the wire's schemas carry no prose: they are the modal's bytes too). */
const PARAMETERS: Readonly<Record<string, string>> = {
  projectId: "The host's project id",
  st: 'The sdk type, `walletgate`',
  sv: 'The sdk version, e.g. `walletgate-0.1.0`',
  clientId: "The visitor's client id, when set",
  page: 'Page, from 1',
  entries: 'Wallets a page (40 by default, 100 at most)',
  search: "Part of a wallet's name",
  include: 'Comma-separated wallet ids to keep',
  exclude: 'Comma-separated wallet ids to leave out',
  apiVersion: '`2`',
  sender: 'The asking account, when known (not used)',
  zone: "The zone wanted; another than the server's gets no suggestions",
  name: 'A name, with or without the zone',
  address: 'Plain or CAIP-10',
  currency: 'The fiat currency, `usd`',
  chainId: 'A CAIP-2 network id',
  forceUpdate: '`true`: past any cache',
  cursor: "The previous page's `next`",
  onramp: 'The on-ramp provider whose purchases to list',
  amount: 'An amount in base units',
  userAddress: 'The account (CAIP-10)',
  from: 'The token sold (CAIP-10)',
  to: 'The token bought (CAIP-10)',
  gasPrice: 'The gas price to quote with (wei)',
  tokenAddress: 'The token (CAIP-10)',
}

function parameters(schema: z.core.$ZodObject, where: 'query' | 'path') {
  const shape = schema._zod.def.shape as Record<string, Schema>
  return Object.entries(shape).map(([name, field]) => ({
    name,
    in: where,
    required: where === 'path' || !z.safeParse(field, undefined).success,
    ...(PARAMETERS[name] === undefined ? {} : { description: PARAMETERS[name] }),
    schema: json(field, 'input'),
  }))
}

const answer = (description: string, schema: Schema) => ({ description, content: { 'application/json': { schema: json(schema, 'output') } } })
/** The modal's calls: the project guard's refusals, and the contract's. */
const GUARD_ERRORS = {
  '400': answer('A query parameter or the body is missing or not as the contract says', errorSchema),
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
/** A chain-data call with no source behind it. */
const NO_SOURCE = { '501': answer('This server has no chain-data source for the call yet', errorSchema) }

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
        ...(route.body === undefined ? {} : { requestBody: { required: true, content: { 'application/json': { schema: json(route.body, 'input') } } } }),
        ...(route.bearer === true ? { security: [{ bearer: [] }] } : {}),
        responses: {
          [route.ok[0]]: answer('Success', route.ok[1]),
          ...Object.fromEntries(Object.entries(route.also ?? {}).map(([status, [description, schema]]) => [status, answer(description, schema)])),
          ...(route.guarded ? GUARD_ERRORS : {}),
          ...(route.site === true ? SITE_GUARD_ERRORS : {}),
          ...(route.params === undefined ? {} : PATH_ERRORS),
          ...(route.body === undefined ? {} : BODY_ERRORS),
          ...RATE_LIMITED,
          ...(route.chainData === true ? NO_SOURCE : {}),
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
  return {
    openapi: '3.1.0',
    info: { title: 'walletgate-server', version, description: 'The services the Walletgate modal talks to (docs/service-api.md).' },
    paths,
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'A sign-in session\'s token, from /auth/v1/authenticate' } } },
  }
}
