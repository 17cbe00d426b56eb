/** The smart sessions of an account (docs/service-api.md): what the modal lists and revokes. */
import { z } from 'zod/mini'
import { withoutZodJit } from './jit.js'

// Each built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after;
// pure, so a chunk keeps only the answers its adapters parse.
const amount = z.string().check(z.regex(/^(0x[0-9a-fA-F]+|\d+)$/))
const sessionSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    pci: z.string().check(z.minLength(1)),
    chainId: z.number().check(z.int(), z.positive()),
    key: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
    expiry: z.number().check(z.int(), z.nonnegative()),
    valueLimit: amount,
    spent: z.optional(amount),
    targets: z.optional(z.array(z.string())),
    active: z.boolean(),
  }),
)
export const smartSessionsSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ sessions: z.array(sessionSchema) }))
export const revokedSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ revoked: z.literal(true), pci: z.string() }))
