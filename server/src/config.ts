/**
 * The server's configuration: one JSON file, checked in full when the server starts (a bad file
 * stops it with the key and what was expected; nothing starts half-way). Secrets never come from
 * the file: the database URL is read from `DATABASE_URL`, or from the file `DATABASE_URL_FILE` names.
 */
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { z } from 'zod'
import { sponsorshipConfigSchema } from './sponsorship/policy.js'
import { socialConfigSchema } from './wallet/login/social/provider-settings.js'

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const address = z.string().regex(ADDRESS, 'an 0x address of 20 bytes')

const chainSchema = z.strictObject({
  /** CAIP-2 id, e.g. `eip155:1`. */
  id: z.string().regex(CAIP2, 'a CAIP-2 chain id such as eip155:1'),
  /** The chain's name as people read it (the wallet frame shows it); its CAIP-2 id when absent. */
  name: z.optional(z.string().min(1).max(100)),
  rpcUrls: z.array(z.url({ protocol: /^(https?|wss?)$/ })).min(1),
  explorerUrl: z.optional(z.url({ protocol: /^https?$/ })),
  /** An eip155 chain's coin (Ether by default). */
  nativeCurrency: z.optional(z.strictObject({ name: z.string().min(1).max(200), symbol: z.string().min(1).max(40), decimals: z.int().min(0).max(36) })),
  /**
   * USD price feeds with Chainlink's AggregatorV3Interface, by what they price: `native` (the
   * chain's coin), a token's address, or a display currency's code (`EUR`). A token without one shows
   * no fiat value.
   */
  priceFeeds: z.optional(z.record(z.string().regex(/^(native|0x[0-9a-fA-F]{40}|[A-Z]{3}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'native, a token address or mint, or a currency code such as EUR'), address)),
  /** The eip155 chain (configured too) whose feeds `priceFeeds` names, for a chain of another namespace. */
  priceFeedChain: z.optional(z.string().regex(/^eip155:\d+$/, 'an eip155 chain id such as eip155:1')),
  /** A Solana network's tokens (its mints); an EVM chain's come from `tokenLists`. */
  tokens: z.optional(
    z
      .array(z.strictObject({ address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'a base58 mint address'), name: z.string().min(1).max(200), symbol: z.string().min(1).max(40), decimals: z.int().min(0).max(36), logoURI: z.optional(z.string().max(2_048)) }))
      .max(10_000),
  ),
  /** How old a feed's last update may be before its price is not shown (a day by default). */
  priceFeedMaxAgeSeconds: z.optional(z.int().min(60).max(30 * 86_400)),
  /**
   * Where an eip155 chain's history comes from: `otterscan` (the node's Otterscan API: Erigon, Reth,
   * Anvil; exact, native transfers inside calls included), or `indexer` (this server indexes the
   * accounts it has seen into its database from `startBlock`, `confirmations` blocks behind the head;
   * top-level native transfers only). `onrampSenders`: the addresses an on-ramp provider pays from
   * (the modal's on-ramp activity lists what they sent). Without it the chain has no history.
   */
  activity: z.optional(
    z.discriminatedUnion('source', [
      z.strictObject({ source: z.literal('otterscan'), onrampSenders: z.optional(z.array(address).max(100)) }),
      z.strictObject({ source: z.literal('indexer'), startBlock: z.int().min(0), confirmations: z.optional(z.int().min(0).max(256)), onrampSenders: z.optional(z.array(address).max(100)) }),
    ]),
  ),
  /** A Uniswap V2-compatible router the chain's swaps go through, and its wrapped coin (`WETH()`). */
  swap: z.optional(z.strictObject({ router: address, weth: address })),
})

/** A DNS zone as names end in it: lower-case labels of letters, digits and inner hyphens. */
const ZONE = /^(?=.{1,200}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/

const configSchema = z.strictObject({
  chains: z.array(chainSchema).default([]),
  /**
   * An HTTP endpoint of USD prices for what no feed prices: `GET url` answers a JSON object of prices
   * by CAIP-10 token address (or a currency's code), kept a minute.
   */
  prices: z.optional(z.strictObject({ url: z.url({ protocol: /^https?$/ }) })),
  /** Token-list files (the common token-list JSON format): the tokens whose balances are read and which swap, per chain. */
  tokenLists: z.array(z.string().min(1)).default([]),
  /** Peers whose `X-Forwarded-For` is believed (the load balancer's addresses); none by default. */
  trustedProxies: z.array(z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()])).default([]),
  limits: z
    .strictObject({
      /** Requests per minute per project and per client address. */
      requestsPerMinute: z.int().min(1).max(1_000_000).default(600),
      /** Largest request body, bytes. */
      bodyLimitBytes: z.int().min(1_024).max(10_485_760).default(65_536),
    })
    .default({ requestsPerMinute: 600, bodyLimitBytes: 65_536 }),
  analytics: z.strictObject({ retentionDays: z.int().min(1).max(3_650).default(90) }).default({ retentionDays: 90 }),
  /** The name service: the zone every registered name ends in (`alice.wg.id`). */
  names: z
    .strictObject({ zone: z.string().regex(ZONE, 'a lower-case DNS zone such as wg.id').default('wg.id') })
    .default({ zone: 'wg.id' }),
  /**
   * How long each replica keeps an answer (spec section 9): a balance 30 s (a call with
   * `forceUpdate=true` reads afresh), a name and an identity 5 min (a registration through this
   * replica clears its own copies at once). 0 keeps none.
   */
  caches: z
    .strictObject({
      balanceSeconds: z.int().min(0).max(3_600).default(30),
      namesSeconds: z.int().min(0).max(86_400).default(300),
    })
    .default({ balanceSeconds: 30, namesSeconds: 300 }),
  /**
   * The embedded wallet's origin (docs/embedded-wallet.md): the wallet frame and its API, on a port
   * of their own behind a host name that serves nothing else. Absent: no embedded wallet.
   */
  wallet: z.optional(
    z.strictObject({
      /** The wallet origin as visitors reach it (`https://wallet.example`): no path, its own host name. */
      url: z.url({ protocol: /^https?$/ }).refine((url) => new URL(url).origin === url.replace(/\/$/, ''), 'an origin such as https://wallet.example, with no path'),
      /** The wallet's name as passkey prompts show it. */
      name: z.string().min(1).max(64).default('Walletgate wallet'),
      /** The port the wallet origin listens on (the API listens on --port). */
      port: z.int().min(0).max(65_535).default(8790),
      /** The EVM chains it signs and sends for, by CAIP-2 id from `chains`; every eip155 chain there when absent. */
      chains: z.optional(z.array(z.string().regex(/^eip155:\d+$/, 'an eip155 chain id such as eip155:1')).min(1)),
      /** Where codes and device links are mailed from: an SMTP server (its password from SMTP_PASSWORD or SMTP_PASSWORD_FILE). */
      mail: z.strictObject({
        host: z.string().min(1).max(253),
        port: z.int().min(1).max(65_535).default(587),
        /**
         * `starttls` (the default): the connection must turn to TLS before anything is sent, or no
         * mail goes; `implicit`: TLS from the first byte (port 465); `none`: plain text, only for a
         * relay on the same host or network.
         */
        tls: z.enum(['starttls', 'implicit', 'none']).default('starttls'),
        user: z.optional(z.string().min(1).max(320)),
        from: z.string().min(3).max(320),
      }),
      /** Sign-in providers (docs/social-login.md): client ids here, their secrets from the environment. */
      social: z.optional(socialConfigSchema),
    }),
  ),
  /**
   * Gas sponsorship (docs/sponsorship.md): the verifying paymaster per chain and each project's
   * policy. Its signer key comes from WALLETGATE_PAYMASTER_KEY (or WALLETGATE_PAYMASTER_KEY_FILE),
   * never from this file. Absent: no operation is sponsored.
   */
  sponsorship: z.optional(sponsorshipConfigSchema),
})

export type ServerConfig = z.output<typeof configSchema>
export type ChainConfig = z.output<typeof chainSchema>

/** The configuration a server runs with when no file is given (no chains, the defaults). */
export const DEFAULT_CONFIG: ServerConfig = configSchema.parse({})

export class ConfigError extends Error {
  override readonly name = 'ConfigError'
  readonly code = 'INVALID_SERVER_CONFIG'
}

/** Checks a parsed JSON value; throws ConfigError naming each key that is wrong and what it expects. */
export function parseServerConfig(value: unknown, source = 'the configuration'): ServerConfig {
  const result = configSchema.safeParse(value)
  if (result.success) return result.data
  const lines = result.error.issues.map((issue) => `- ${issue.path.length === 0 ? '(top level)' : issue.path.join('.')}: ${issue.message}`)
  throw new ConfigError(`${source} is not valid:\n${lines.join('\n')}`)
}

/** Reads and checks a configuration file. */
export function readServerConfig(path: string): ServerConfig {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new ConfigError(`cannot read the configuration file ${path}: ${(error as Error).message}`)
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`${path} is not JSON: ${(error as Error).message}`)
  }
  const config = parseServerConfig(value, path)
  // A token list is named as the file's author sees it: from the file's own folder.
  return { ...config, tokenLists: config.tokenLists.map((list) => resolve(dirname(path), list)) }
}

/** A secret from `NAME`, or from the file `NAME_FILE` names (its text, trimmed); undefined when neither is set. */
export function secret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const direct = env[name]
  if (direct !== undefined && direct !== '') return direct
  const file = env[`${name}_FILE`]
  if (file === undefined || file === '') return undefined
  try {
    return readFileSync(file, 'utf8').trim()
  } catch (error) {
    throw new ConfigError(`cannot read ${name}_FILE (${file}): ${(error as Error).message}`)
  }
}
