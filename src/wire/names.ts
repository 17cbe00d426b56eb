/** The answers of the name service (spec section 7, docs/service-api.md). */
import { z } from 'zod/mini'
import { withoutZodJit } from './jit.js'

// Each built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after;
// pure, so a chunk keeps only the answers its adapters parse.
export const identitySchema = /* @__PURE__ */ withoutZodJit(() => z.object({ name: z.nullable(z.string()), avatar: z.nullable(z.string()) }))
/** A registered name (`alice.wg.id`) and the addresses it names, by coin type (ENSIP-11). */
export const nameProfileSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    name: z.string(),
    registered_at: z.string(),
    updated_at: z.string(),
    addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
    attributes: z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) }),
  }),
)
export const nameProfilesSchema = /* @__PURE__ */ withoutZodJit(() => z.array(nameProfileSchema))
export const nameSuggestionSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ name: z.string(), registered: z.boolean() }))
export const nameSuggestionsSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ suggestions: z.array(nameSuggestionSchema) }))
/** A refused registration. */
export const reasonsSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ reasons: z.array(z.object({ description: z.string() })) }))
