/**
 * The configuration schema as zod words it: what parseConfig validated with before it moved off
 * zod (the page's first script no longer loads zod). Kept here as the oracle that pins the
 * hand-written rules to zod's outcome and wording, field by field.
 */
import { z } from 'zod/mini'
import en from 'zod/v4/locales/en.js'
import { CHAIN_NAMESPACES, CONNECT_METHODS, CONNECTOR_TYPE_GROUPS } from '../../../src/domain/entities'
import { DEFAULT_SERVICE_URLS } from '../../../src/domain/config'
import { SERVICE_REQUEST_TIMEOUT_MS } from '../../../src/domain/constants'
import { specErrorMap } from '../../../src/domain/validation/zod-error-map'
import { isSiwxStorage } from '../../../src/domain/siwx/siwx-storage'

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
    services: { ...DEFAULT_SERVICE_URLS, timeoutMs: SERVICE_REQUEST_TIMEOUT_MS },
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

  // The generated networks are eip155 ones (their namespace replaced by leaves that never read
  // polkadot or cosmos): the rule that lets those two families leave rpcUrls out is pinned by unit
  // tests (tests/unit/domain/config.test.ts), not by this oracle.
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
      preview: flag,
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
          domain: z.optional(nonEmpty()),
          uri: z.optional(httpUrl()),
          expiresInMs: z._default(z.number().check(z.int(), z.gte(1)), 7 * 24 * 60 * 60 * 1000),
          signOutOnDisconnect: z._default(bool(), true),
          storage: z.optional(z.custom(isSiwxStorage, 'Expected a SIWX storage')),
          serverUrl: z.optional(httpUrl()),
          verify: z.optional(z.custom(isFunction, 'Expected a function')),
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
          // Added with email login (the embedded wallet's frame): the rules gained it then.
          auth: z._default(httpUrl(), DEFAULT_SERVICE_URLS.auth),
          timeoutMs: z._default(z.number().check(z.int(), z.gte(1), z.lte(300_000)), SERVICE_REQUEST_TIMEOUT_MS),
        }),
        () => ({ ...DEFAULT_SERVICE_URLS, timeoutMs: SERVICE_REQUEST_TIMEOUT_MS }),
      ),
    /** Called with every modal event (connect, disconnect, errors reported as events). */
    onEvent: () =>
      z.optional(z.custom<(event: { type: string; data?: unknown }) => void>(isFunction, 'Expected a function')),
  }
}
type ConfigFields = ReturnType<typeof configFields>

const english = en().localeError

export type OracleOutcome =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issues: readonly { path: PropertyKey[]; message: string }[] }

/** The config parsed by the zod schema, with the spec's wording and zod's English for the rest. */
export function parseConfigWithZod(input: unknown): OracleOutcome {
  const fields = configFields()
  const given = typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input) : []
  const shape: Record<string, z.ZodMiniType> = {}
  for (const key of ['networks', ...given]) {
    if (Object.hasOwn(fields, key)) shape[key] = fields[key as keyof ConfigFields]()
  }
  const schema = z.strictObject(shape).check(
    // Each network once (31337 and "31337" are one chain), once every field is right on its own.
    z.superRefine(
      (config: { networks?: unknown }, ctx) => {
        if (ctx.issues.length > 0 || !Array.isArray(config.networks)) return
        const seen = new Set<string>()
        config.networks.forEach((n: { chainNamespace: string; id: string | number }, index) => {
          const id = `${n.chainNamespace}:${String(n.id)}`
          if (seen.has(id)) ctx.issues.push({ code: 'custom', input: n, path: ['networks', index], message: `${id} is configured twice` })
          seen.add(id)
        })
      },
    ),
    z.refine(
      (config: { networks?: unknown; defaultNetwork?: unknown }) =>
        typeof config.defaultNetwork !== 'string' ||
        !Array.isArray(config.networks) ||
        config.networks.some(
          (n: { chainNamespace: string; id: string | number }) =>
            `${n.chainNamespace}:${n.id}` === config.defaultNetwork || String(n.id) === config.defaultNetwork,
        ),
      // Only once every field is right on its own, as parseConfig checks across fields.
      { path: ['defaultNetwork'], message: 'Expected the id of one of the configured networks', when: (payload) => payload.issues.length === 0 },
    ),
  )
  const result = schema.safeParse(input, { error: (issue) => specErrorMap(issue) ?? english(issue) })
  if (!result.success) return { ok: false, issues: result.error.issues.map((i) => ({ path: i.path, message: i.message })) }
  return { ok: true, value: { ...configDefaults(), ...result.data } }
}
