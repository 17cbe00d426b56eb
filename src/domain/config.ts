import { z } from 'zod/mini'
import {
  CHAIN_NAMESPACES,
  CONNECT_METHODS,
  CONNECTOR_TYPE_GROUPS,
  type CaipNetwork,
  type CaipNetworkId,
} from './entities'
import { installSpecErrorMap } from './validation/zod-error-map'

/**
 * The host's configuration, validated once when a modal is created. A malformed field throws
 * {@link InvalidConfigError} naming the field; a missing projectId does not throw (the modal opens
 * and shows the "Project ID Not Configured" alert instead).
 */

/** Where the modal's services live. The defaults are the local devnet (`npm run devnet`). */
export const DEFAULT_SERVICE_URLS = {
  blockchainApi: 'http://127.0.0.1:8787',
  walletCatalogue: 'http://127.0.0.1:8787',
  analytics: 'http://127.0.0.1:8787',
  relay: 'ws://127.0.0.1:8788',
} as const

/**
 * The configuration's schemas, built for each parse rather than at import: a schema costs memory
 * for as long as it is referenced, and the configuration is parsed once per modal.
 */
function configSchemas() {
  const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' })
  const wsUrl = z.url({ protocol: /^wss?$/, error: 'Expected a ws(s) URL' })

  const networkConfigSchema = z.strictObject({
    id: z.union([z.number().check(z.int(), z.nonnegative()), z.string().check(z.minLength(1))]),
    chainNamespace: z.enum(CHAIN_NAMESPACES),
    name: z.string().check(z.minLength(1)),
    nativeCurrency: z.object({
      name: z.string().check(z.minLength(1)),
      symbol: z.string().check(z.minLength(1)),
      decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
    }),
    rpcUrls: z.array(httpUrl).check(z.minLength(1, 'Expected at least one RPC URL')),
    blockExplorerUrl: z.optional(httpUrl),
    imageUrl: z.optional(z.string()),
    testnet: z.optional(z.boolean()),
  })

  const featuresSchema = z.partial(
    z.strictObject({
      receive: z.boolean(),
      send: z.boolean(),
      analytics: z.boolean(),
      allWallets: z.boolean(),
      smartSessions: z.boolean(),
      legalCheckbox: z.boolean(),
      collapseWallets: z.boolean(),
      pay: z.boolean(),
      swaps: z.boolean(),
      onramp: z.boolean(),
      email: z.boolean(),
      socials: z.array(z.enum(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])),
      activity: z.boolean(),
    }),
  )

  const customWalletSchema = z.strictObject({
    id: z.string().check(z.minLength(1)),
    name: z.string().check(z.minLength(1)),
    homepage: z.optional(httpUrl),
    imageUrl: z.optional(z.string()),
    mobileLink: z.optional(z.string()),
    desktopLink: z.optional(z.string()),
    webappLink: z.optional(z.string()),
  })

  const siwxSchema = z.strictObject({
    required: z._default(z.boolean(), false),
    /** The statement shown in the sign-in message. */
    statement: z.optional(z.string()),
  })

  const isFunction = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function'

  const walletModalConfigSchema = z.strictObject({
    projectId: z.optional(z.string().check(z.trim(), z.minLength(1))),
    networks: z.array(networkConfigSchema).check(z.minLength(1, 'Expected at least one network')),
    defaultNetwork: z.optional(z.string()),
    metadata: z.optional(
      z.strictObject({
        name: z.string().check(z.minLength(1)),
        description: z._default(z.string(), ''),
        url: httpUrl,
        icons: z._default(z.array(z.string()), []),
      }),
    ),
    themeMode: z._default(z.enum(['dark', 'light']), 'dark'),
    themeVariables: z._default(
      z.strictObject({
        accent: z.optional(z.string()),
        radius: z.optional(z.string()),
        fontFamily: z.optional(z.string()),
      }),
      {},
    ),
    features: z._default(featuresSchema, {}),
    connectMethodsOrder: z.optional(z.array(z.enum(CONNECT_METHODS))),
    connectorTypeOrder: z.optional(z.array(z.enum(CONNECTOR_TYPE_GROUPS))),
    featuredWalletIds: z._default(z.array(z.string()), []),
    includeWalletIds: z._default(z.array(z.string()), []),
    excludeWalletIds: z._default(z.array(z.string()), []),
    customWallets: z._default(z.array(customWalletSchema), []),
    siwx: z.optional(siwxSchema),
    allowUnsupportedChain: z._default(z.boolean(), false),
    enableWalletConnect: z._default(z.boolean(), true),
    /** false: no browser-wallet adapter, WalletConnect only (spec section 2: "no adapters"). */
    browserWallets: z._default(z.boolean(), true),
    clientId: z.optional(z.string()),
    services: z.prefault(
      z.strictObject({
        blockchainApi: z._default(httpUrl, DEFAULT_SERVICE_URLS.blockchainApi),
        walletCatalogue: z._default(httpUrl, DEFAULT_SERVICE_URLS.walletCatalogue),
        analytics: z._default(httpUrl, DEFAULT_SERVICE_URLS.analytics),
        relay: z._default(wsUrl, DEFAULT_SERVICE_URLS.relay),
      }),
      {},
    ),
    /** Called with every modal event (connect, disconnect, errors reported as events). */
    onEvent: z.optional(z.custom<(event: { type: string; data?: unknown }) => void>(isFunction, 'Expected a function')),
  })
  return { network: networkConfigSchema, config: walletModalConfigSchema }
}
type ConfigSchemas = ReturnType<typeof configSchemas>

export type NetworkConfig = z.input<ConfigSchemas['network']>

export type WalletModalConfig = z.input<ConfigSchemas['config']>
export type ResolvedConfig = z.output<ConfigSchemas['config']>
export type ResolvedNetworkConfig = z.output<ConfigSchemas['network']>

export class InvalidConfigError extends Error {
  override readonly name = 'InvalidConfigError' as const
  readonly code = 'INVALID_CONFIG' as const
  /** Dotted path of every offending field, e.g. `themeMode` or `networks.0.rpcUrls`. */
  readonly fields: readonly string[]

  constructor(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const lines = issues.map((issue) => `${formatPath(issue.path)}: ${issue.message}`)
    super(`Invalid Walletgate config. ${lines.join('; ')}`)
    this.fields = issues.map((issue) => formatPath(issue.path))
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? '(root)' : path.map(String).join('.')
}

/** Validates the host's configuration; throws {@link InvalidConfigError} naming each bad field. */
export function parseConfig(input: unknown): ResolvedConfig {
  // The spec's wording ("Required", "Expected X, received Y") for every parse in the modal, and no
  // JIT: zod would otherwise probe `new Function`, which a strict CSP (no 'unsafe-eval') reports.
  installSpecErrorMap()
  z.config({ jitless: true })
  const result = configSchemas().config.safeParse(input)
  if (!result.success) throw new InvalidConfigError(result.error.issues)
  return result.data
}

/** The CAIP network a configured network describes (`eip155:31337`). */
export function toCaipNetwork(network: ResolvedNetworkConfig): CaipNetwork {
  const caipNetworkId: CaipNetworkId = `${network.chainNamespace}:${network.id}`
  return {
    id: network.id,
    caipNetworkId,
    chainNamespace: network.chainNamespace,
    name: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls,
    ...(network.blockExplorerUrl === undefined ? {} : { blockExplorerUrl: network.blockExplorerUrl }),
    ...(network.imageUrl === undefined ? {} : { assets: { imageUrl: network.imageUrl } }),
    ...(network.testnet === undefined ? {} : { testnet: network.testnet }),
  }
}
