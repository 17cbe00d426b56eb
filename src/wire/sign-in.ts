/** The sign-in sessions of a host's sign-in API (`siwx.serverUrl`, docs/service-api.md). */
import { z } from 'zod/mini'
import { caipNetworkIdSchema } from './ids.js'
import { withoutZodJit } from './jit.js'

// Each built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after;
// pure, so a chunk keeps only the answers its adapters parse.
/** The fields of a signed sign-in message, as the modal keeps them. */
export const signInMessageDataSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
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
  }),
)
export const siwxSessionSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ data: signInMessageDataSchema, message: z.string(), signature: z.string(), cacao: z.optional(z.unknown()) }))
export const nonceSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ nonce: z.string().check(z.regex(/^[A-Za-z0-9]{8,}$/)) }))
export const authenticatedSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ token: z.string(), session: siwxSessionSchema }))
export const meSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ address: z.string(), caipNetworkId: z.string(), session: siwxSessionSchema }))
export const signedOutSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ signedOut: z.literal(true) }))
