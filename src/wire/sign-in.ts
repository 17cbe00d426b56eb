/** The sign-in sessions of a host's sign-in API (`siwx.serverUrl`, docs/service-api.md). */
import { z } from 'zod/mini'
import { caipNetworkIdSchema } from './ids.js'
import { withoutZodJit } from './jit.js'

// Built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after.
const schemas = withoutZodJit(() => {
  /** The fields of a signed sign-in message, as the modal keeps them. */
  const signInMessageDataSchema = z.object({
    accountAddress: z.string(),
    chainId: caipNetworkIdSchema,
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
  const siwxSessionSchema = z.object({ data: signInMessageDataSchema, message: z.string(), signature: z.string(), cacao: z.optional(z.unknown()) })
  const nonceSchema = z.object({ nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,}$/)) })
  const authenticatedSchema = z.object({ token: z.string(), session: siwxSessionSchema })
  const meSchema = z.object({ address: z.string(), caipNetworkId: z.string(), session: siwxSessionSchema })
  const signedOutSchema = z.object({ signedOut: z.literal(true) })
  return { signInMessageDataSchema, siwxSessionSchema, nonceSchema, authenticatedSchema, meSchema, signedOutSchema }
})

export const { signInMessageDataSchema, siwxSessionSchema, nonceSchema, authenticatedSchema, meSchema, signedOutSchema } = schemas
