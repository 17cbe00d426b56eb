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

  const decimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/))

  const integerString = z.string().check(z.regex(/^\d+$/))

  const tokenBalanceSchema = z.object({
    name: z.string(),
    symbol: z.string(),
    chainId: z.string(),
    address: z.optional(z.string()),
    value: z.number(),
    price: z.number(),
    quantity: z.object({ decimals: integerString, numeric: decimalString }),
    iconUrl: z.string(),
  })

  const transactionTransferSchema = z.object({
    fungible_info: z.optional(z.object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }) })),
    nft_info: z.optional(
      z.object({
        name: z.string(),
        content: z.object({ preview: z.object({ url: z.string() }) }),
        flags: z.object({ is_spam: z.boolean() }),
      }),
    ),
    direction: z.enum(['in', 'out', 'self']),
    quantity: z.object({ numeric: decimalString }),
    value: z.optional(z.number()),
    price: z.optional(z.number()),
    sender: z.optional(z.string()),
    recipient: z.optional(z.string()),
  })

  const transactionSchema = z.object({
    id: z.string().check(z.minLength(1)),
    metadata: z.object({
      operationType: z.enum(['send', 'receive', 'mint', 'execute']),
      hash: z.string(),
      minedAt: z.string(),
      sentFrom: z.string(),
      sentTo: z.string(),
      status: z.enum(['confirmed', 'failed', 'pending']),
      nonce: z.number().check(z.int()),
      chain: z.string(),
    }),
    transfers: z.array(transactionTransferSchema),
  })

  const transactionPageSchema = z.object({
    data: z.array(transactionSchema),
    next: z.nullable(z.string()),
  })

  const identitySchema = z.object({
    name: z.nullable(z.string()),
    avatar: z.nullable(z.string()),
  })

  const nameProfileSchema = z.object({
    name: z.string(),
    registered_at: z.string(),
    updated_at: z.string(),
    addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })),
    attributes: z.object({ avatar: z.optional(z.string()), bio: z.optional(z.string()) }),
  })

  const nameSuggestionSchema = z.object({ name: z.string(), registered: z.boolean() })

  const nameServiceErrorSchema = z.object({
    reasons: z.array(z.object({ description: z.string() })),
  })

  const purchaseCurrencySchema = z.object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    networks: z.array(
      z.object({
        name: z.string(),
        display_name: z.string(),
        chain_id: z.string(),
        contract_address: z.string(),
      }),
    ),
  })

  const paymentCurrencySchema = z.object({
    id: z.string(),
    payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
  })

  const onRampOptionsSchema = z.object({
    paymentCurrencies: z.array(paymentCurrencySchema),
    purchaseCurrencies: z.array(purchaseCurrencySchema),
  })

  const moneySchema = z.object({ amount: z.string(), currency: z.string() })

  const quoteSchema = z.object({
    coinbaseFee: moneySchema,
    networkFee: moneySchema,
    paymentSubtotal: moneySchema,
    paymentTotal: moneySchema,
    purchaseAmount: moneySchema,
    quoteId: z.string(),
  })

  const swapTokenSchema = z.object({
    name: z.string(),
    symbol: z.string(),
    address: z.string(),
    decimals: z.number().check(z.int(), z.gte(0)),
    logoUri: z.string(),
  })

  const swapQuoteSchema = z.object({
    fromAmount: integerString,
    fromAccount: z.string(),
    toAmount: integerString,
    toAccount: z.string(),
  })

  const gasPriceSchema = z.object({
    standard: integerString,
    fast: integerString,
    instant: integerString,
  })

  const siwxSessionSchema = z.object({
    data: z.object({
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
    message: z.string(),
    signature: z.string(),
    cacao: z.optional(z.unknown()),
  })

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
    tokenBalanceSchema,
    transactionTransferSchema,
    transactionSchema,
    transactionPageSchema,
    identitySchema,
    nameProfileSchema,
    nameSuggestionSchema,
    nameServiceErrorSchema,
    purchaseCurrencySchema,
    paymentCurrencySchema,
    onRampOptionsSchema,
    quoteSchema,
    swapTokenSchema,
    swapQuoteSchema,
    gasPriceSchema,
    siwxSessionSchema,
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
  tokenBalanceSchema,
  transactionTransferSchema,
  transactionSchema,
  transactionPageSchema,
  identitySchema,
  nameProfileSchema,
  nameSuggestionSchema,
  nameServiceErrorSchema,
  purchaseCurrencySchema,
  paymentCurrencySchema,
  onRampOptionsSchema,
  quoteSchema,
  swapTokenSchema,
  swapQuoteSchema,
  gasPriceSchema,
  siwxSessionSchema,
  socialProviderSchema,
  embeddedWalletUserSchema,
  appMetadataSchema,
} = schemas

export { walletListingSchema } from './wallet-listing-schema'
