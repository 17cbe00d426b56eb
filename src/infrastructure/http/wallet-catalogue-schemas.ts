/**
 * The catalogue service's answers. A module of its own, imported on the first request: the
 * catalogue adapter is bound with the connect views (prefetched while the page is idle), and zod
 * then stays out of the page's load until the modal asks the catalogue for wallets.
 */
import { z } from 'zod/mini'
import { walletListingSchema } from '../../domain/wallet-listing-schema'
import { withoutZodJit } from '../../domain/validation/zod-error-map'

export const { walletPageSchema, projectConfigSchema, originsSchema, analyticsConfigSchema } = withoutZodJit(() => ({
  walletPageSchema: z.object({
    count: z.number().check(z.int(), z.nonnegative()),
    data: z.array(walletListingSchema),
  }),
  projectConfigSchema: z.object({
    features: z.array(z.object({ id: z.string(), isEnabled: z.boolean(), config: z.unknown() })),
  }),
  originsSchema: z.object({ allowedOrigins: z.array(z.string()) }),
  analyticsConfigSchema: z.object({
    isAnalyticsEnabled: z.boolean(),
    isAppKitAuthEnabled: z.boolean(),
  }),
}))
