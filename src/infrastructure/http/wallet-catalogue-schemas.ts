/**
 * The catalogue service's answers (the wire contract's, src/wire/catalogue.ts). A module of its own,
 * imported on the first request: the catalogue adapter is bound with the connect views (prefetched
 * while the page is idle), and zod then stays out of the page's load until the modal asks the
 * catalogue for wallets.
 */
export { walletPageSchema, projectConfigSchema, originsSchema, analyticsConfigSchema } from '../../wire/catalogue'
