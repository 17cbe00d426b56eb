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
export const readySchema = z.object({
  status: z.string(),
  database: z.enum(['postgres', 'pglite']),
  schema: z.optional(z.int()),
  expected: z.optional(z.int()),
  chains: z.array(z.object({ id: z.string(), status: z.enum(['ok', 'unreachable', 'wrong chain', 'unchecked']) })).describe('Each configured chain: eip155 ones answer eth_chainId with their own id'),
})
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

/** A registered name (`alice.wg.id`) and the addresses it names, by coin type. */
export const nameProfileSchema = z.object({
  name: z.string(),
  registered_at: z.string().describe('ISO 8601'),
  updated_at: z.string().describe('ISO 8601'),
  addresses: z.record(z.string().describe('Coin type (ENSIP-11)'), z.object({ address: z.string(), created: z.string() })),
  attributes: z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) }),
})
export const nameProfilesSchema = z.array(nameProfileSchema)
export const nameQuerySchema = sdkQuerySchema.extend({ apiVersion: z.optional(z.string()).describe('`2`') })
export const reverseNameQuerySchema = nameQuerySchema.extend({ sender: z.optional(z.string()).describe('The asking account, when known (not used)') })
export const identityQuerySchema = sdkQuerySchema.extend({ sender: z.optional(z.string()).describe('The asking account, when known (not used)') })
export const identitySchema = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) })
export const nameSuggestionsQuerySchema = sdkQuerySchema.extend({ zone: z.optional(z.string()).describe('The zone wanted; another than the server\'s gets no suggestions') })
export const nameSuggestionsSchema = z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })) })
export const nameRegistrationSchema = z.object({
  coin_type: z.union([z.int().nonnegative(), z.string()]).describe('Coin type (ENSIP-11), e.g. 2147514985 for eip155:31337'),
  address: z.string().describe('The registering eip155 address'),
  message: z.string().describe('JSON `{ name, coinType, address, timestamp }`, the text signed'),
  signature: z.string().describe('EIP-191 signature of `message` by `address`, hex'),
})
/** A refused name registration. */
export const reasonsSchema = z.object({ reasons: z.array(z.object({ description: z.string() })) })

/** The fields of a signed sign-in message, as the modal keeps them (SiwxMessageData). */
export const signInMessageDataSchema = z.object({
  accountAddress: z.string(),
  chainId: z.string().describe('CAIP-2'),
  domain: z.string(),
  uri: z.string(),
  version: z.string(),
  nonce: z.string(),
  statement: z.optional(z.string()),
  issuedAt: z.optional(z.string()),
  expirationTime: z.optional(z.string()),
  notBefore: z.optional(z.string()),
  requestId: z.optional(z.string()),
  resources: z.optional(z.array(z.string())),
})
export const signInSessionSchema = z.object({ data: signInMessageDataSchema, message: z.string(), signature: z.string() })
export const nonceSchema = z.object({ nonce: z.string().regex(/^[A-Za-z0-9]{8,}$/) })
export const authenticateSchema = z.object({
  message: z.string().min(1).describe('The sign-in text: EIP-4361 for eip155, Sign-In-With-Solana for solana'),
  signature: z.string().min(1).describe('Hex for eip155, base58 ed25519 for solana'),
  caipNetworkId: z.string().min(1).describe('The network signed in on (CAIP-2)'),
  data: z.optional(signInMessageDataSchema).describe('The caller\'s copy of the fields, kept when it describes exactly the message'),
})
export const authenticatedSchema = z.object({ token: z.string().describe('The bearer token of the session'), session: signInSessionSchema })
export const meSchema = z.object({ address: z.string(), caipNetworkId: z.string(), session: signInSessionSchema })
export const signedOutSchema = z.object({ signedOut: z.literal(true) })
