import { z } from 'zod'
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

const httpUrl = z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' })
const wsUrl = z.url({ protocol: /^wss?$/, error: 'Expected a ws(s) URL' })

export const networkConfigSchema = z
  .object({
    id: z.union([z.number().int().nonnegative(), z.string().min(1)]),
    chainNamespace: z.enum(CHAIN_NAMESPACES),
    name: z.string().min(1),
    nativeCurrency: z.object({
      name: z.string().min(1),
      symbol: z.string().min(1),
      decimals: z.number().int().min(0).max(36),
    }),
    rpcUrls: z.array(httpUrl).min(1, 'Expected at least one RPC URL'),
    blockExplorerUrl: httpUrl.optional(),
    imageUrl: z.string().optional(),
    testnet: z.boolean().optional(),
  })
  .strict()

export type NetworkConfig = z.input<typeof networkConfigSchema>

const featuresSchema = z
  .object({
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
  })
  .partial()
  .strict()

const customWalletSchema = z
  .object({
    id: z.string().min(1),
    name: z.string().min(1),
    homepage: httpUrl.optional(),
    imageUrl: z.string().optional(),
    mobileLink: z.string().optional(),
    desktopLink: z.string().optional(),
    webappLink: z.string().optional(),
  })
  .strict()

const siwxSchema = z
  .object({
    required: z.boolean().default(false),
    /** The statement shown in the sign-in message. */
    statement: z.string().optional(),
  })
  .strict()

const isFunction = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function'

export const walletModalConfigSchema = z
  .object({
    projectId: z.string().trim().min(1).optional(),
    networks: z.array(networkConfigSchema).min(1, 'Expected at least one network'),
    defaultNetwork: z.string().optional(),
    metadata: z
      .object({
        name: z.string().min(1),
        description: z.string().default(''),
        url: httpUrl,
        icons: z.array(z.string()).default([]),
      })
      .strict()
      .optional(),
    themeMode: z.enum(['dark', 'light']).default('dark'),
    themeVariables: z
      .object({
        accent: z.string().optional(),
        radius: z.string().optional(),
        fontFamily: z.string().optional(),
      })
      .strict()
      .default({}),
    features: featuresSchema.default({}),
    connectMethodsOrder: z.array(z.enum(CONNECT_METHODS)).optional(),
    connectorTypeOrder: z.array(z.enum(CONNECTOR_TYPE_GROUPS)).optional(),
    featuredWalletIds: z.array(z.string()).default([]),
    includeWalletIds: z.array(z.string()).default([]),
    excludeWalletIds: z.array(z.string()).default([]),
    customWallets: z.array(customWalletSchema).default([]),
    siwx: siwxSchema.optional(),
    allowUnsupportedChain: z.boolean().default(false),
    enableWalletConnect: z.boolean().default(true),
    /** false: no browser-wallet adapter, WalletConnect only (spec section 2: "no adapters"). */
    browserWallets: z.boolean().default(true),
    clientId: z.string().optional(),
    services: z
      .object({
        blockchainApi: httpUrl.default(DEFAULT_SERVICE_URLS.blockchainApi),
        walletCatalogue: httpUrl.default(DEFAULT_SERVICE_URLS.walletCatalogue),
        analytics: httpUrl.default(DEFAULT_SERVICE_URLS.analytics),
        relay: wsUrl.default(DEFAULT_SERVICE_URLS.relay),
      })
      .strict()
      .prefault({}),
    /** Called with every modal event (connect, disconnect, errors reported as events). */
    onEvent: z.custom<(event: { type: string; data?: unknown }) => void>(isFunction, 'Expected a function').optional(),
  })
  .strict()

export type WalletModalConfig = z.input<typeof walletModalConfigSchema>
export type ResolvedConfig = z.output<typeof walletModalConfigSchema>
export type ResolvedNetworkConfig = z.output<typeof networkConfigSchema>

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
  const result = walletModalConfigSchema.safeParse(input)
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
