/**
 * The wallet origin as `walletgate-server` runs it from its configuration (`wallet`): the frame app
 * built into the package (dist/frame/app.js), the project allow-lists from the server's own
 * database, mail over the configured SMTP server, keys under the KEK from WALLETGATE_KEK (or
 * WALLETGATE_KEK_FILE), and the configuration's EVM chains.
 */
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import type { Clock } from '../clock.js'
import { ConfigError, secret, type ServerConfig } from '../config.js'
import type { Database } from '../db/database.js'
import { Projects } from '../projects.js'
import { sharedCounters } from '../rate-limit-store.js'
import { keyEncryptionFromEnv } from './key-encryption.js'
import { AuthAccounts } from './login/accounts.js'
import { OneTimeValues } from './login/one-time-values.js'
import { Passkeys } from './login/passkeys.js'
import { pgLoginStores } from './login/pg-stores.js'
import { APPLE_ISSUER, GOOGLE_ISSUER, OAUTH2_PRESETS, type SocialConfig, type SocialProvider, type SocialSettings } from './login/social/provider-settings.js'
import { socialLogin } from './login/social/social-login.js'
import { smtpTransport, walletMail } from './mail.js'
import { buildWalletServer, type WalletChain } from './wallet-server.js'
import { WalletKeys } from './wallet-keys.js'

/** Where the package keeps the frame app (built by the package's build): from dist/server/src/wallet/. */
const PACKAGED_FRAME_APP = new URL('../../../frame/app.js', import.meta.url)

export interface ConfiguredWallet {
  readonly app: FastifyInstance
  readonly port: number
  close(): Promise<void>
}

export async function configuredWallet(config: ServerConfig, db: Database, clock: Clock, env: NodeJS.ProcessEnv, logger: boolean): Promise<ConfiguredWallet | undefined> {
  const wallet = config.wallet
  if (wallet === undefined) return undefined
  const kek = keyEncryptionFromEnv(env)
  if (kek === undefined) {
    throw new ConfigError('wallet: set WALLETGATE_KEK (or WALLETGATE_KEK_FILE) to the key-encryption key(s) the wallets\' keys are wrapped with (walletgate-server kek new <id> makes one)')
  }
  const frameApp = await readFile(PACKAGED_FRAME_APP, 'utf8').catch(() => {
    throw new ConfigError('wallet: the frame app is not built (dist/frame/app.js): build the package with npm run build --workspace walletgate-server')
  })
  const chains = walletChains(config)
  const keys = new WalletKeys(db, kek, clock)
  const accounts = new AuthAccounts(db, keys, { clock })
  // The frame's calls check their host's project; a replica keeps its origins a few seconds.
  const projects = new Projects(db, clock, { cached: true })
  const walletUrl = new URL(wallet.url).origin
  const transport = smtpTransport({
    host: wallet.mail.host,
    port: wallet.mail.port,
    tls: wallet.mail.tls,
    from: wallet.mail.from,
    ...(wallet.mail.user === undefined ? {} : { user: wallet.mail.user, password: secret(env, 'SMTP_PASSWORD') ?? '' }),
  })
  const oneTime = new OneTimeValues(db, () => clock.now())
  const allows = async (projectId: string | undefined, origin: string): Promise<boolean> => projectId !== undefined && (await projects.allows(projectId, origin))
  const social =
    wallet.social === undefined
      ? undefined
      : socialLogin({ settings: constant(socialSettings(wallet.social, env)), hostAllowed: (origin, projectId) => allows(projectId, origin) })
  const app = await buildWalletServer({
    accounts,
    keys,
    oneTime,
    passkeys: new Passkeys(db, oneTime, clock, () => ({ origin: walletUrl, name: wallet.name }), pgLoginStores(db, () => clock.now()).attempts),
    clock,
    walletUrl: () => walletUrl,
    chains,
    mail: walletMail(transport, () => walletUrl),
    // The frame serves a page of exactly one of the project's allowed origins (allows() refuses a pattern, a path, `null`).
    hostOrigin: async (projectId, origin) => ((await projects.allows(projectId, origin)) ? origin : undefined),
    frameApp: () => Promise.resolve(frameApp),
    ...(social === undefined ? {} : { plugins: [social] }),
    logger,
    bodyLimit: config.limits.bodyLimitBytes,
    // The API's limit, counted apart, in the same table: every replica of the wallet counts together.
    rateLimit: { counters: sharedCounters(db), perMinute: config.limits.requestsPerMinute },
    trustedProxies: config.trustedProxies,
  })
  return {
    app,
    port: wallet.port,
    async close() {
      transport.close()
      await app.close()
    },
  }
}

/** The configuration's EVM chains the wallet serves (`wallet.chains`, or every eip155 one). */
export function walletChains(config: ServerConfig): WalletChain[] {
  const wanted = config.wallet?.chains
  const evm = config.chains.filter((chain) => chain.id.startsWith('eip155:'))
  const unknown = (wanted ?? []).filter((id) => !evm.some((chain) => chain.id === id))
  if (unknown.length > 0) throw new ConfigError(`wallet.chains: ${unknown.join(', ')} is not in chains`)
  return evm
    .filter((chain) => wanted === undefined || wanted.includes(chain.id))
    .map((chain) => ({ chainId: Number(chain.id.slice('eip155:'.length)), name: chain.name ?? chain.id, rpcUrl: chain.rpcUrls.find((url) => url.startsWith('http')) ?? chain.rpcUrls[0]! }))
}


const envName = (provider: SocialProvider): string => `${provider.toUpperCase()}_CLIENT_SECRET`

/** The configured providers with their secrets from `env`; a provider configured without its secret is a ConfigError. */
export function socialSettings(config: SocialConfig, env: NodeJS.ProcessEnv): SocialSettings {
  const settings: SocialSettings = {}
  const required = (name: string, provider: SocialProvider): string => {
    const value = secret(env, name)
    if (value === undefined) throw new ConfigError(`wallet.social.providers.${provider}: set ${name} (or ${name}_FILE)`)
    return value
  }
  const { google, apple, ...oauth2 } = config.providers
  if (google !== undefined) {
    settings.google = {
      kind: 'oidc',
      issuer: google.issuer ?? GOOGLE_ISSUER,
      clientId: google.clientId,
      clientSecret: required(envName('google'), 'google'),
      scope: google.scope ?? 'openid email profile',
      prompt: 'select_account',
    }
  }
  for (const shape of ['github', 'discord', 'x', 'facebook'] as const) {
    const given = oauth2[shape]
    if (given === undefined) continue
    const preset = OAUTH2_PRESETS[shape]
    settings[shape] = {
      kind: 'oauth2',
      shape,
      issuer: given.issuer ?? preset.issuer,
      authorizationEndpoint: given.authorizationEndpoint ?? preset.authorizationEndpoint,
      tokenEndpoint: given.tokenEndpoint ?? preset.tokenEndpoint,
      userEndpoint: given.userEndpoint ?? preset.userEndpoint,
      clientId: given.clientId,
      clientSecret: required(envName(shape), shape),
      scope: given.scope ?? preset.scope,
      clientAuth: preset.clientAuth,
    }
  }
  if (apple !== undefined) {
    const pem = required('APPLE_PRIVATE_KEY', 'apple')
    if (!pem.includes('-----BEGIN PRIVATE KEY-----')) throw new ConfigError('wallet.social.providers.apple: APPLE_PRIVATE_KEY must be the team key as PKCS#8 PEM (the .p8 file)')
    settings.apple = { kind: 'apple', issuer: apple.issuer ?? APPLE_ISSUER, clientId: apple.clientId, teamId: apple.teamId, keyId: apple.keyId, privateKeyPem: pem, scope: 'name email' }
  }
  return settings
}


const constant = <T>(value: T) => (): T => value
