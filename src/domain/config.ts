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

/** What an absent key resolves to. A function: every modal gets its own arrays and objects. */
function configDefaults() {
  return {
    themeMode: 'dark' as const,
    themeVariables: {},
    features: {},
    featuredWalletIds: [] as string[],
    includeWalletIds: [] as string[],
    excludeWalletIds: [] as string[],
    customWallets: [],
    allowUnsupportedChain: false,
    enableWalletConnect: true,
    browserWallets: true,
    services: { ...DEFAULT_SERVICE_URLS },
  }
}

/** Builds `make()` on first call and returns that same value after: a schema shared by many fields. */
function shared<T>(make: () => T): () => T {
  let value: T | undefined
  return () => (value ??= make())
}

/**
 * One schema builder per configuration key, called only for the keys a host's config has (see
 * {@link parseConfig}): a schema built is code run and memory held, and most hosts set a handful
 * of keys. Leaf schemas used by several fields are built once per parse and shared.
 */
function configFields() {
  const str = shared(() => z.string())
  const nonEmpty = shared(() => z.string().check(z.minLength(1)))
  const optStr = shared(() => z.optional(str()))
  const bool = shared(() => z.boolean())
  const strArray = shared(() => z.array(str()))
  const httpUrl = shared(() => z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }))
  const wsUrl = shared(() => z.url({ protocol: /^wss?$/, error: 'Expected a ws(s) URL' }))
  const defaults = configDefaults()

  const network = () =>
    z.strictObject({
      id: z.union([z.number().check(z.int(), z.nonnegative()), nonEmpty()]),
      chainNamespace: z.enum(CHAIN_NAMESPACES),
      name: nonEmpty(),
      nativeCurrency: z.object({
        name: nonEmpty(),
        symbol: nonEmpty(),
        decimals: z.number().check(z.int(), z.gte(0), z.lte(36)),
      }),
      rpcUrls: z.array(httpUrl()).check(z.minLength(1, 'Expected at least one RPC URL')),
      blockExplorerUrl: z.optional(httpUrl()),
      imageUrl: optStr(),
      testnet: z.optional(bool()),
    })

  const features = () => {
    const flag = z.optional(bool())
    return z.strictObject({
      receive: flag,
      send: flag,
      analytics: flag,
      allWallets: flag,
      smartSessions: flag,
      legalCheckbox: flag,
      collapseWallets: flag,
      pay: flag,
      swaps: flag,
      onramp: flag,
      email: flag,
      socials: z.optional(z.array(z.enum(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']))),
      activity: flag,
    })
  }

  const customWallet = () =>
    z.strictObject({
      id: nonEmpty(),
      name: nonEmpty(),
      homepage: z.optional(httpUrl()),
      imageUrl: optStr(),
      mobileLink: optStr(),
      desktopLink: optStr(),
      webappLink: optStr(),
    })

  const isFunction = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function'

  return {
    projectId: () => z.optional(z.string().check(z.trim(), z.minLength(1))),
    networks: () => z.array(network()).check(z.minLength(1, 'Expected at least one network')),
    defaultNetwork: optStr,
    metadata: () =>
      z.optional(
        z.strictObject({
          name: nonEmpty(),
          description: z._default(str(), ''),
          url: httpUrl(),
          icons: z._default(strArray(), () => []),
        }),
      ),
    themeMode: () => z._default(z.enum(['dark', 'light']), defaults.themeMode),
    themeVariables: () =>
      z._default(z.strictObject({ accent: optStr(), radius: optStr(), fontFamily: optStr() }), () => ({})),
    features: () => z._default(features(), () => ({})),
    connectMethodsOrder: () => z.optional(z.array(z.enum(CONNECT_METHODS))),
    connectorTypeOrder: () => z.optional(z.array(z.enum(CONNECTOR_TYPE_GROUPS))),
    featuredWalletIds: () => z._default(strArray(), () => []),
    includeWalletIds: () => z._default(strArray(), () => []),
    excludeWalletIds: () => z._default(strArray(), () => []),
    customWallets: () => z._default(z.array(customWallet()), () => []),
    siwx: () =>
      z.optional(
        z.strictObject({
          required: z._default(bool(), false),
          /** The statement shown in the sign-in message. */
          statement: optStr(),
        }),
      ),
    allowUnsupportedChain: () => z._default(bool(), defaults.allowUnsupportedChain),
    enableWalletConnect: () => z._default(bool(), defaults.enableWalletConnect),
    /** false: no browser-wallet adapter, WalletConnect only (spec section 2: "no adapters"). */
    browserWallets: () => z._default(bool(), defaults.browserWallets),
    clientId: optStr,
    services: () =>
      z._default(
        z.strictObject({
          blockchainApi: z._default(httpUrl(), DEFAULT_SERVICE_URLS.blockchainApi),
          walletCatalogue: z._default(httpUrl(), DEFAULT_SERVICE_URLS.walletCatalogue),
          analytics: z._default(httpUrl(), DEFAULT_SERVICE_URLS.analytics),
          relay: z._default(wsUrl(), DEFAULT_SERVICE_URLS.relay),
        }),
        () => ({ ...DEFAULT_SERVICE_URLS }),
      ),
    /** Called with every modal event (connect, disconnect, errors reported as events). */
    onEvent: () =>
      z.optional(z.custom<(event: { type: string; data?: unknown }) => void>(isFunction, 'Expected a function')),
  }
}
type ConfigFields = ReturnType<typeof configFields>
type ConfigShape = { [K in keyof ConfigFields]: ReturnType<ConfigFields[K]> }
type ConfigSchema = z.ZodMiniObject<ConfigShape, z.core.$strict>
type NetworkSchema = z.core.output<ReturnType<ConfigFields['networks']>>[number]

export type WalletModalConfig = z.input<ConfigSchema>
export type NetworkConfig = WalletModalConfig['networks'][number]
export type ResolvedConfig = z.output<ConfigSchema>
export type ResolvedNetworkConfig = NetworkSchema

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
  const fields = configFields()
  // The keys the host set (an unknown one stays, for strictObject to name it) and `networks`,
  // which is required; the keys left out take their defaults without a schema being built.
  const given = typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input) : []
  const shape: Record<string, z.ZodMiniType> = {}
  for (const key of ['networks', ...given]) {
    if (Object.hasOwn(fields, key)) shape[key] = fields[key as keyof ConfigFields]()
  }
  const result = z.strictObject(shape).safeParse(input)
  if (!result.success) throw new InvalidConfigError(result.error.issues)
  // The shape is built from the given keys, so the output type is the full schema's, by construction.
  return { ...configDefaults(), ...result.data } as unknown as ResolvedConfig
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
