/** The smart sessions of an account (docs/service-api.md): what the modal lists and revokes. */
import { z } from 'zod/mini'
import { withoutZodJit } from './jit.js'

// Built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after.
const schemas = withoutZodJit(() => {
  const amount = z.string().check(z.regex(/^(0x[0-9a-fA-F]+|\d+)$/))
  const sessionSchema = z.object({
    pci: z.string().check(z.minLength(1)),
    chainId: z.number().check(z.int(), z.positive()),
    key: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
    expiry: z.number().check(z.int(), z.nonnegative()),
    valueLimit: amount,
    spent: z.optional(amount),
    targets: z.optional(z.array(z.string())),
    active: z.boolean(),
  })
  return {
    smartSessionsSchema: z.object({ sessions: z.array(sessionSchema) }),
    revokedSchema: z.object({ revoked: z.literal(true), pci: z.string() }),
  }
})

export const { smartSessionsSchema, revokedSchema } = schemas
