/**
 * The shapes of the server's API (docs/service-api.md), once: the routes answer them and the OpenAPI
 * document (`/openapi.json`) is generated from them.
 */
import { z } from 'zod'
import { analyticsEventSchema } from './analytics.js'
import { walletSchema } from './catalogue.js'

/** What every call of the modal carries (spec section 7). */
export const sdkQuerySchema = z.object({
  projectId: z.string().min(1).describe('The host\'s project id'),
  st: z.string().min(1).describe('The sdk type, `walletgate`'),
  sv: z.string().min(1).describe('The sdk version, e.g. `walletgate-0.1.0`'),
  clientId: z.optional(z.string()).describe('The visitor\'s client id, when set'),
})

export const errorSchema = z.object({ message: z.string() })

export const healthSchema = z.object({ status: z.literal('ok') })
export const readySchema = z.object({ status: z.string(), database: z.enum(['postgres', 'pglite']), schema: z.optional(z.int()), expected: z.optional(z.int()) })
export const originsSchema = z.object({ allowedOrigins: z.array(z.string()) })
export const analyticsConfigSchema = z.object({ isAnalyticsEnabled: z.boolean(), isAppKitAuthEnabled: z.boolean() })
export const projectConfigSchema = z.object({
  features: z.array(z.object({ id: z.string(), isEnabled: z.boolean(), config: z.nullable(z.array(z.string())) })),
})
export const walletsQuerySchema = sdkQuerySchema.extend({
  page: z.optional(z.string().regex(/^\d+$/)).describe('Page, from 1'),
  entries: z.optional(z.string().regex(/^\d+$/)).describe('Wallets a page (40 by default, 100 at most)'),
  search: z.optional(z.string()).describe('Part of a wallet\'s name'),
  include: z.optional(z.string()).describe('Comma-separated wallet ids to keep'),
  exclude: z.optional(z.string()).describe('Comma-separated wallet ids to leave out'),
})
export const walletsSchema = z.object({ count: z.int(), data: z.array(walletSchema) })
export const acceptedSchema = z.object({ accepted: z.literal(true) })

export { analyticsEventSchema, walletSchema }
