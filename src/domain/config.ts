import {
  CHAIN_NAMESPACES,
  CONNECT_METHODS,
  CONNECTOR_TYPE_GROUPS,
  type ChainNamespace,
  type ConnectMethod,
  type ConnectorTypeGroup,
  type ThemeMode,
} from './entities'
import { isSiwxStorage } from './siwx/siwx-storage'
import { SIWX_DEFAULT_EXPIRES_IN_MS, type ResolvedSiwxConfig, type SiwxConfig } from './siwx/siwx-config'
import { RPC_OPTIONAL_NAMESPACES, type NetworkConfig, type ResolvedNetworkConfig } from './network/network-config'
import { SERVICE_REQUEST_TIMEOUT_MS } from './constants'
import type { DisplayCurrency } from './display-currency'
import {
  array,
  boolean,
  custom,
  integer,
  object,
  oneOf,
  optional,
  string,
  union,
  url,
  withDefault,
  type Issue,
  type Rule,
} from './validation/plain-rules'

/**
 * The host's configuration, validated once when a modal is created. A malformed field throws
 * {@link InvalidConfigError} naming the field; a missing projectId does not throw (the modal opens
 * and shows the "Project ID Not Configured" alert instead). Checked by plain rules
 * (./validation/plain-rules), not zod: createWalletModal runs in the page's first script.
 */

/** Where the modal's services live. The defaults are the local devnet (`npm run devnet`). */
export const DEFAULT_SERVICE_URLS = {
  blockchainApi: 'http://127.0.0.1:8787',
  walletCatalogue: 'http://127.0.0.1:8787',
  analytics: 'http://127.0.0.1:8787',
  relay: 'ws://127.0.0.1:8788',
  /** The auth service: email login and the embedded wallet's frame (its own origin). */
  auth: 'http://localhost:8790',
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
    services: defaultServices(),
  }
}

/** Longest time limit a host may set for one service request: 5 minutes. */
const MAX_SERVICE_TIMEOUT_MS = 300_000

function defaultServices(): ServiceSettings {
  return { ...DEFAULT_SERVICE_URLS, timeoutMs: SERVICE_REQUEST_TIMEOUT_MS }
}

export interface EnsConfig {
  /** The EVM chain id of the ENS deployment; it must be one of `networks` (its RPC URLs are used). */
  chainId: number
  /** Its Universal Resolver; default: the one viem knows for the chain (mainnet's, sepolia's). */
  universalResolver?: `0x${string}` | undefined
}

/** The social logins a host can offer (features.socials). */
export const SOCIAL_LOGINS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

export interface FeaturesConfig {
  receive?: boolean | undefined
  send?: boolean | undefined
  analytics?: boolean | undefined
  allWallets?: boolean | undefined
  smartSessions?: boolean | undefined
  legalCheckbox?: boolean | undefined
  collapseWallets?: boolean | undefined
  pay?: boolean | undefined
  swaps?: boolean | undefined
  onramp?: boolean | undefined
  email?: boolean | undefined
  socials?: (typeof SOCIAL_LOGINS)[number][] | undefined
  activity?: boolean | undefined
  /**
   * The review views show what the chain would do (simulated balance changes, a revert's reason)
   * and risk warnings before the wallet is asked. Default: on.
   */
  preview?: boolean | undefined
}

export interface CustomWalletConfig {
  id: string
  name: string
  homepage?: string | undefined
  imageUrl?: string | undefined
  mobileLink?: string | undefined
  desktopLink?: string | undefined
  webappLink?: string | undefined
}

export interface ServiceUrls {
  blockchainApi: string
  walletCatalogue: string
  analytics: string
  relay: string
  /** The auth service's origin, which serves the embedded wallet's frame (email login). */
  auth: string
}

/** Where the services live, and how long one request to them may take. */
export interface ServiceSettings extends ServiceUrls {
  /**
   * Time limit of one service request (one attempt), in ms, 1 to 300000; default 10000. A request
   * that gets no answer in time fails like a 500 (the view offers "Try again").
   */
  timeoutMs: number
}

/** What a host passes to `createWalletModal`. */
export interface WalletModalConfig {
  projectId?: string | undefined
  networks: NetworkConfig[]
  defaultNetwork?: string | undefined
  metadata?: { name: string; description?: string | undefined; url: string; icons?: string[] | undefined } | undefined
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariablesConfig | undefined
  features?: FeaturesConfig | undefined
  connectMethodsOrder?: ConnectMethod[] | undefined
  connectorTypeOrder?: ConnectorTypeGroup[] | undefined
  featuredWalletIds?: string[] | undefined
  includeWalletIds?: string[] | undefined
  excludeWalletIds?: string[] | undefined
  customWallets?: CustomWalletConfig[] | undefined
  /** Sign in with the wallet after connecting (see {@link SiwxConfig}); absent: no sign-in. */
  siwx?: SiwxConfig | undefined
  allowUnsupportedChain?: boolean | undefined
  /**
   * A server-rendered host: the modal keeps the connected account (address and name, nothing
   * secret) in the `walletgate_account` cookie, so the server can draw it on first paint
   * (`initialAccountFrom` in `walletgate/react`, docs/server-rendering.md).
   */
  ssr?: boolean | undefined
  enableWalletConnect?: boolean | undefined
  /** false: no browser-wallet adapter, WalletConnect only (spec section 2: "no adapters"). */
  browserWallets?: boolean | undefined
  clientId?: string | undefined
  /**
   * eip155 chain ids on which the Swap view is offered. Default: the spec's swap networks (1, 42161,
   * 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554); a host whose swap service runs other
   * chains (the demo: the devnet's 31337 and 31338) lists them here.
   */
  swapChainIds?: number[] | undefined
  /**
   * Where names resolve through ENS (the Send view's receiver, `alice.wg.id` or any ENS name): the
   * EVM chain holding the ENS registry and its Universal Resolver (ENSIP-10 with CCIP-read, as any
   * ENS client resolves). Default: Ethereum mainnet's (chain 1, viem's Universal Resolver address),
   * used when that chain is among `networks`. Names ENS does not know are asked of the name service.
   */
  ens?: EnsConfig | undefined
  /**
   * IANA time zones where buying and swapping are not offered (the Account view says why instead).
   * Default: the spec's restricted list (RESTRICTED_TIMEZONES); `[]` offers them everywhere.
   */
  restrictedTimezones?: string[] | undefined
  /**
   * Receivers the review warns about (addresses, any case): one plain line, never blocking. An
   * entry that is an http(s) URL names a JSON file of more such receivers the host serves (an
   * array of addresses, or `{ "addresses": [...] }`; at most 512 KB and 10,000 entries), read
   * without credentials when a send is reviewed and kept 10 minutes.
   */
  denyList?: string[] | undefined
  /**
   * The host's terms of service and privacy policy, linked from the checkbox that
   * `features.legalCheckbox` puts before every connect method (http(s) URLs).
   */
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
  services?: Partial<ServiceSettings> | undefined
  /**
   * The on-ramp providers to offer (`coinbase`, `meld`), among those the remote features enable;
   * absent: all of them. Spec section 5: an array of strings.
   */
  onrampProviders?: string[] | undefined
  /** Called with every modal event (connect, disconnect, errors reported as events). */
  onEvent?: ((event: { type: string; data?: unknown }) => void) | undefined
  /**
   * The visitor's language and number writing, a BCP 47 tag (`de`, `pt-BR`). Default: the
   * browser's language; a language without a translation shows English. `setLocale()` changes it.
   */
  locale?: string | undefined
  /**
   * The currency fiat values are shown in until the visitor picks another (their choice is
   * remembered and wins): one of DISPLAY_CURRENCIES (`EUR`, `GBP`, `JPY`, ...). Default: USD. Any
   * other text is reported as a warning when the account's views load, and USD is shown.
   */
  displayCurrency?: DisplayCurrency | undefined
  /** The host's own wording of any string of the modal, by message key (`'connect.title': 'Log in'`). */
  messages?: Readonly<Record<string, string>> | undefined
}

export interface ThemeVariablesConfig {
  accent?: string | undefined
  radius?: string | undefined
  fontFamily?: string | undefined
}

/** The configuration with every default filled in. */
export interface ResolvedConfig
  extends Omit<WalletModalConfig, 'networks' | 'metadata' | 'siwx' | 'services' | keyof ReturnType<typeof configDefaults>> {
  networks: ResolvedNetworkConfig[]
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined
  siwx?: ResolvedSiwxConfig | undefined
  themeMode: ThemeMode
  themeVariables: ThemeVariablesConfig
  features: FeaturesConfig
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  customWallets: CustomWalletConfig[]
  allowUnsupportedChain: boolean
  ssr?: boolean | undefined
  enableWalletConnect: boolean
  browserWallets: boolean
  services: ServiceSettings
}

/**
 * One rule per configuration key, checked only for the keys a host's config has (see
 * {@link parseConfig}); plain functions, not zod: this runs in the page's first script.
 */
function configRules(namespaces: readonly ChainNamespace[]): Record<string, Rule<unknown>> {
  const str = string()
  const nonEmpty = string(1)
  const optStr = optional(str)
  const bool = boolean()
  const strArray = array(str)
  const httpUrl = url(/^https?$/, 'Expected an http(s) URL')
  const wsUrl = url(/^wss?$/, 'Expected a ws(s) URL')
  const defaults = configDefaults()
  const defaultTo = <T>(rule: Rule<T>, fallback: () => NoInfer<T>) => withDefault(rule, fallback)
  const networkWith = (rpcUrls: Rule<string[]>) =>
    object({
      id: union(integer(0), nonEmpty),
      chainNamespace: oneOf([...new Set([...CHAIN_NAMESPACES, ...namespaces])]),
      name: nonEmpty,
      nativeCurrency: object({ name: nonEmpty, symbol: nonEmpty, decimals: integer(0, 36) }, false),
      rpcUrls,
      blockExplorerUrl: optional(httpUrl),
      imageUrl: optStr,
      testnet: optional(bool),
    })
  const withRpc = networkWith(array(httpUrl, { length: 1, message: 'Expected at least one RPC URL' }))
  const withoutRpc = networkWith(defaultTo(array(httpUrl), () => []))
  // A family the modal only connects (no balances or sends) has no node to point at.
  const network: Rule<unknown> = (value, path, issues) =>
    (RPC_OPTIONAL_NAMESPACES.includes((value as { chainNamespace?: unknown } | null)?.chainNamespace as ChainNamespace) ? withoutRpc : withRpc)(
      value,
      path,
      issues,
    )
  const flag = optional(bool)
  const features = object({
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
    socials: optional(array(oneOf(SOCIAL_LOGINS))),
    activity: flag,
    preview: flag,
  })
  const customWallet = object({
    id: nonEmpty,
    name: nonEmpty,
    homepage: optional(httpUrl),
    imageUrl: optStr,
    mobileLink: optStr,
    desktopLink: optStr,
    webappLink: optStr,
  })
  const isFunction = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function'

  return {
    projectId: optional(string(1, true)),
    networks: array(network, { length: 1, message: 'Expected at least one network' }),
    defaultNetwork: optStr,
    metadata: optional(
      object({ name: nonEmpty, description: defaultTo(str, () => ''), url: httpUrl, icons: defaultTo(strArray, () => []) }),
    ),
    themeMode: defaultTo(oneOf(['dark', 'light']), () => defaults.themeMode),
    themeVariables: defaultTo(object({ accent: optStr, radius: optStr, fontFamily: optStr }), () => ({})),
    features: defaultTo(features, () => ({})),
    connectMethodsOrder: optional(array(oneOf(CONNECT_METHODS))),
    connectorTypeOrder: optional(array(oneOf(CONNECTOR_TYPE_GROUPS))),
    featuredWalletIds: defaultTo(strArray, () => []),
    includeWalletIds: defaultTo(strArray, () => []),
    excludeWalletIds: defaultTo(strArray, () => []),
    customWallets: defaultTo(array(customWallet), () => []),
    siwx: optional(
      object({
        required: defaultTo(bool, () => false),
        statement: optStr,
        domain: optional(nonEmpty),
        uri: optional(httpUrl),
        expiresInMs: defaultTo(integer(1), () => SIWX_DEFAULT_EXPIRES_IN_MS),
        signOutOnDisconnect: defaultTo(bool, () => true),
        storage: optional(custom(isSiwxStorage, 'Expected a SIWX storage')),
        serverUrl: optional(httpUrl),
        verify: optional(custom(isFunction, 'Expected a function')),
      }),
    ),
    allowUnsupportedChain: defaultTo(bool, () => defaults.allowUnsupportedChain),
    enableWalletConnect: defaultTo(bool, () => defaults.enableWalletConnect),
    browserWallets: defaultTo(bool, () => defaults.browserWallets),
    clientId: optStr,
    ssr: optional(bool),
    // Absent: the convert adapter's default, the spec's swap networks (kept out of the first script).
    swapChainIds: optional(array(integer(1))),
    restrictedTimezones: optional(strArray),
    denyList: optional(strArray),
    termsConditionsUrl: optional(httpUrl),
    privacyPolicyUrl: optional(httpUrl),
    ens: optional(
      object({
        chainId: integer(1),
        universalResolver: optional(custom((v): v is string => typeof v === 'string' && /^0x[\da-f]{40}$/i.test(v), 'Expected an 0x address')),
      }),
    ),
    services: defaultTo(
      object({
        blockchainApi: defaultTo(httpUrl, () => DEFAULT_SERVICE_URLS.blockchainApi),
        walletCatalogue: defaultTo(httpUrl, () => DEFAULT_SERVICE_URLS.walletCatalogue),
        analytics: defaultTo(httpUrl, () => DEFAULT_SERVICE_URLS.analytics),
        relay: defaultTo(wsUrl, () => DEFAULT_SERVICE_URLS.relay),
        auth: defaultTo(httpUrl, () => DEFAULT_SERVICE_URLS.auth),
        timeoutMs: defaultTo(integer(1, MAX_SERVICE_TIMEOUT_MS), () => SERVICE_REQUEST_TIMEOUT_MS),
      }),
      defaultServices,
    ),
    onrampProviders: optional(strArray),
    onEvent: optional(custom(isFunction, 'Expected a function')),
    locale: optional(custom(isLanguageTag, 'Expected a language tag (de, pt-BR)')),
    // A string here; which codes are display currencies is checked when the views that show money
    // load (DisplayCurrencyStore): the list is none of the page's first script.
    displayCurrency: optStr,
    messages: optional(custom(isStringRecord, 'Expected texts by key')),
  }
}

function isLanguageTag(value: unknown): value is string {
  return typeof value === 'string' && /^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$/.test(value)
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string')
}

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

/**
 * Validates the host's configuration; throws {@link InvalidConfigError} naming each bad field.
 * `families`, when given, are the namespaces of the chain families the host passed beyond EVM's
 * (always in): a network's `chainNamespace` may then also be a wing's own, and a network of a
 * family not passed is an issue naming the import that adds it.
 */
export function parseConfig(input: unknown, families?: readonly ChainNamespace[]): ResolvedConfig {
  const rules = configRules(families ?? [])
  // The keys the host set (an unknown one stays, to be named) and `networks`, which is required;
  // the keys left out take their defaults.
  const given = typeof input === 'object' && input !== null && !Array.isArray(input) ? Object.keys(input) : []
  const shape: Record<string, Rule<unknown>> = {}
  for (const key of ['networks', ...given]) {
    if (Object.hasOwn(rules, key)) shape[key] = rules[key] as Rule<unknown>
  }
  const issues: Issue[] = []
  const parsed = object(shape)(input, [], issues) as Partial<ResolvedConfig>
  // Across fields, once each field is right on its own (as a zod refinement on the whole runs).
  if (issues.length === 0) checkDuplicateNetworks(parsed, issues)
  if (issues.length === 0) checkDefaultNetwork(parsed, issues)
  if (issues.length === 0 && families) checkFamilies(parsed, families, issues)
  if (issues.length > 0) throw new InvalidConfigError(issues)
  // The shape holds every key the host set, so the output has the full configuration's type.
  return { ...configDefaults(), ...parsed } as unknown as ResolvedConfig
}

export const DEFAULT_NETWORK_NOT_CONFIGURED = 'Expected the id of one of the configured networks'

/** Each network's family is EVM's or one the host passed, else the issue names the import that adds it (`walletgate/bitcoin` for bip122). */
function checkFamilies(config: Partial<ResolvedConfig>, families: readonly ChainNamespace[], issues: Issue[]): void {
  config.networks?.forEach(({ chainNamespace: ns }, i) => {
    if (ns === 'eip155' || families.includes(ns)) return
    const name = ns === 'bip122' ? 'bitcoin' : ns
    issues.push({
      path: ['networks', i, 'chainNamespace'],
      message: `No ${ns} chain family: import { ${name} } from 'walletgate/${name}' and pass createWalletModal(config, { families: [${name}] })`,
    })
  })
}

/**
 * Each network once: a chain listed twice (31337 and "31337" are one chain) would show twice and
 * both rows would read as active.
 */
function checkDuplicateNetworks(config: Partial<ResolvedConfig>, issues: Issue[]): void {
  const seen = new Set<string>()
  config.networks?.forEach((network, index) => {
    const id = `${network.chainNamespace}:${String(network.id)}`
    if (seen.has(id)) issues.push({ path: ['networks', index], message: `${id} is configured twice` })
    seen.add(id)
  })
}

/**
 * `defaultNetwork`, a CAIP-2 id (`eip155:31338`) or a bare chain id (`31338`), names one of
 * `networks`: a typo would otherwise leave the modal quietly on the first network.
 */
function checkDefaultNetwork(config: Partial<ResolvedConfig>, issues: Issue[]): void {
  const wanted = config.defaultNetwork
  if (wanted === undefined || config.networks === undefined) return
  if (!config.networks.some((n) => `${n.chainNamespace}:${n.id}` === wanted || String(n.id) === wanted)) {
    issues.push({ path: ['defaultNetwork'], message: DEFAULT_NETWORK_NOT_CONFIGURED })
  }
}
