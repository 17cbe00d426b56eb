/**
 * The wallet catalogue's listing (./entities WalletListing), on its own: the Connect view parses the
 * catalogue, and this module is fetched with it, without the other entity schemas.
 */
import { z } from 'zod/mini'
import { withoutZodJit } from './validation/zod-error-map'

export const walletListingSchema = withoutZodJit(() =>
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
