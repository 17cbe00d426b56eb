/**
 * The answers of the wallet catalogue service (spec section 7): a page of wallets, the project's
 * features, origins and analytics switches. A module of its own: the Connect view parses the
 * catalogue, and the modal fetches this with it, without the other answers.
 */
import { z } from 'zod/mini'
import { withoutZodJit } from './jit.js'

// Each built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after;
// pure, so a chunk keeps only the answers its adapters parse.
export const walletListingSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    homepage: z.string(),
    image_id: z.string(),
    order: z.number(),
    rdns: z.nullable(z.string()),
    mobile_link: z.nullable(z.string()),
    desktop_link: z.nullable(z.string()),
    webapp_link: z.nullable(z.string()),
    app_store: z.nullable(z.string()),
    play_store: z.nullable(z.string()),
    chrome_store: z.nullable(z.string()),
    injected: z.nullable(z.array(z.object({ injected_id: z.string(), namespace: z.string() }))),
    chains: z.array(z.string()),
  }),
)
export const walletPageSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ count: z.number().check(z.int(), z.nonnegative()), data: z.array(walletListingSchema) }))
/** Each feature's switch and, for a list feature (socials, connect methods), its list. */
export const projectConfigSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({ features: z.array(z.object({ id: z.string(), isEnabled: z.boolean(), config: z.nullable(z.array(z.string())) })) }),
)
export const originsSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ allowedOrigins: z.array(z.string()) }))
export const analyticsConfigSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ isAnalyticsEnabled: z.boolean(), isAppKitAuthEnabled: z.boolean() }))
