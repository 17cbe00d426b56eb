/**
 * The zod schemas of the entities (./entities), for data that crosses a boundary: HTTP answers,
 * storage, frame messages. A module of its own so that only the adapters that parse such data
 * (loaded on demand) pay for building them.
 */
import { z } from 'zod/mini'
import { CHAIN_NAMESPACES, CAIP2_REFERENCE_PATTERN, CAIP10_ADDRESS_PATTERN, ACCOUNT_TYPES, CONNECTOR_TYPES, SOCIAL_PROVIDERS } from './entities'
import { withoutZodJit } from './validation/zod-error-map'

// Built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after.
const schemas = withoutZodJit(() => {
  const chainNamespaceSchema = z.enum(CHAIN_NAMESPACES)

  // The spec's five families (a network the host configures); the wire's own takes any CAIP-2 id.
  const caipNetworkIdSchema = z.templateLiteral([
    chainNamespaceSchema,
    ':',
    z.string().check(z.regex(CAIP2_REFERENCE_PATTERN)),
  ])

  const caipAddressSchema = z.templateLiteral([
    chainNamespaceSchema,
    ':',
    z.string().check(z.regex(CAIP2_REFERENCE_PATTERN)),
    ':',
    z.string().check(z.regex(CAIP10_ADDRESS_PATTERN)),
  ])

  const nativeCurrencySchema = z.object({
    name: z.string(),
    symbol: z.string(),
    decimals: z.number().check(z.int(), z.gte(0), z.lte(255)),
  })

  const caipNetworkSchema = z.object({
    id: z.union([z.number().check(z.int(), z.nonnegative()), z.string().check(z.minLength(1))]),
    caipNetworkId: caipNetworkIdSchema,
    chainNamespace: chainNamespaceSchema,
    name: z.string().check(z.minLength(1)),
    nativeCurrency: nativeCurrencySchema,
    rpcUrls: z.array(z.string()),
    blockExplorerUrl: z.optional(z.string()),
    assets: z.optional(z.object({ imageId: z.optional(z.string()), imageUrl: z.optional(z.string()) })),
    testnet: z.optional(z.boolean()),
  })

  const accountTypeSchema = z.enum(ACCOUNT_TYPES)

  const themeModeSchema = z.enum(['light', 'dark'])

  const connectorTypeSchema = z.enum(CONNECTOR_TYPES)

  const socialProviderSchema = z.enum(SOCIAL_PROVIDERS)

  const embeddedWalletUserSchema = z.object({
    email: z.optional(z.nullable(z.string())),
    address: z.string(),
    chainId: z.union([z.number(), z.string()]),
    accounts: z.optional(z.array(z.object({ address: z.string(), type: z.enum(['eoa', 'smartAccount']) }))),
    userName: z.optional(z.nullable(z.string())),
    preferredAccountType: z.optional(z.enum(['eoa', 'smartAccount'])),
  })

  const appMetadataSchema = z.object({
    name: z.string(),
    description: z.string(),
    url: z.string(),
    icons: z.array(z.string()),
  })
  return {
    chainNamespaceSchema,
    caipNetworkIdSchema,
    caipAddressSchema,
    nativeCurrencySchema,
    caipNetworkSchema,
    accountTypeSchema,
    themeModeSchema,
    connectorTypeSchema,
    socialProviderSchema,
    embeddedWalletUserSchema,
    appMetadataSchema,
  }
})

export const {
  chainNamespaceSchema,
  caipNetworkIdSchema,
  caipAddressSchema,
  nativeCurrencySchema,
  caipNetworkSchema,
  accountTypeSchema,
  themeModeSchema,
  connectorTypeSchema,
  socialProviderSchema,
  embeddedWalletUserSchema,
  appMetadataSchema,
} = schemas

// The shapes that cross HTTP are the wire contract's (src/wire), which the server checks against too.
export {
  tokenBalanceSchema,
  transactionTransferSchema,
  transactionSchema,
  transactionPageSchema,
  purchaseCurrencySchema,
  paymentCurrencySchema,
  onRampOptionsSchema,
  quoteSchema,
  swapTokenSchema,
  swapQuoteSchema,
  gasPriceSchema,
} from '../wire/chain-data'
export { identitySchema, nameProfileSchema, nameSuggestionSchema, reasonsSchema as nameServiceErrorSchema } from '../wire/names'
export { siwxSessionSchema } from '../wire/sign-in'
export { walletListingSchema } from '../wire/catalogue'
