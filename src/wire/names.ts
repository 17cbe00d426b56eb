/** The answers of the name service (spec section 7, docs/service-api.md). */
import { z } from 'zod/mini'
import { withoutZodJit } from './jit.js'

// Built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after.
const schemas = withoutZodJit(() => {
  const identitySchema = z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) })
  /** A registered name (`alice.wg.id`) and the addresses it names, by coin type (ENSIP-11). */
  const nameProfileSchema = z.object({
    name: z.string(),
    registered_at: z.string(),
    updated_at: z.string(),
    addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
    attributes: z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) }),
  })
  const nameProfilesSchema = z.array(nameProfileSchema)
  const nameSuggestionSchema = z.object({ name: z.string(), registered: z.boolean() })
  const nameSuggestionsSchema = z.object({ suggestions: z.array(nameSuggestionSchema) })
  /** A refused registration. */
  const reasonsSchema = z.object({ reasons: z.array(z.object({ description: z.string() })) })
  return { identitySchema, nameProfileSchema, nameProfilesSchema, nameSuggestionSchema, nameSuggestionsSchema, reasonsSchema }
})

export const { identitySchema, nameProfileSchema, nameProfilesSchema, nameSuggestionSchema, nameSuggestionsSchema, reasonsSchema } = schemas
