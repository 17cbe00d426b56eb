/**
 * Social and Farcaster login on the devnet's wallet origin. Social login is walletgate-server's own
 * (server/src/wallet/login/social), configured for the devnet's stand-in providers (./providers)
 * exactly as a host configures the real ones but for their addresses, and allowing the devnet's
 * host origins. Farcaster is the devnet's: it opens a channel on the devnet relay and, once a
 * Farcaster account approved it, verifies the signed message against the registries on Devnet A.
 *
 *   POST /v1/farcaster/channel                 -> { channelToken, url, nonce }
 *   POST /v1/farcaster/redeem { channelToken } -> 202 { state: 'pending' } | { token, expiresAt, user }
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppClient } from '@farcaster/auth-client'
import {
  identitySession,
  jsonObjectBody,
  requestApp,
  SOCIAL_MESSAGES as SERVER_SOCIAL_MESSAGES,
  socialLogin,
  WalletHttpError,
  type WalletPlugin,
} from '../../../../server/src/index.js'
import { originAllowed } from './origins'
import { isSocialLoginProvider } from './identities'
import { startSocialProviders, type SocialProviders } from './providers'

export {
  SOCIAL_ERROR_FRAGMENT,
  SOCIAL_FLOW_LIFETIME_MS,
  SOCIAL_MESSAGE_TYPE,
  SOCIAL_TICKET_FRAGMENT,
  SOCIAL_TICKET_LIFETIME_MS,
  type SocialLoginErrorCode,
} from '../../../../server/src/index.js'

export const SOCIAL_MESSAGES = {
  ...SERVER_SOCIAL_MESSAGES,
  farcasterPending: 'The Farcaster sign-in is not approved yet',
  farcasterUnknown: 'This Farcaster sign-in is not valid or has expired; start again',
  farcasterRefused: 'The Farcaster sign-in could not be verified',
} as const

export interface SocialLoginOptions {
  /** Host origins allowed to sign in; `*` as the port matches any port (`http://127.0.0.1:*`). */
  readonly allowedOrigins: readonly string[]
  /** The devnet Farcaster relay and Devnet A (where the registries are); no Farcaster without it. */
  readonly farcaster?: { readonly relayUrl: string; readonly rpcUrl: string } | undefined
}

/** The devnet's social login: plugins of the wallet origin, whose providers start once it listens (`start(baseUrl)`). */
export interface DevnetSocialLogin {
  readonly plugins: readonly WalletPlugin[]
  start(baseUrl: string): Promise<void>
}

type Channel = { readonly nonce: string; readonly domain: string }

/** A channel waits this long for its approval. */
const FARCASTER_CHANNEL_LIFETIME_MS = 10 * 60_000

export function devnetSocialLogin(options: SocialLoginOptions): DevnetSocialLogin {
  let providers: SocialProviders | undefined
  let baseUrl = ''
  const social = socialLogin({
    settings: () => {
      if (providers === undefined) throw new Error('The devnet social providers have not started')
      return providers.settings()
    },
    hostAllowed: (origin) => Promise.resolve(originAllowed(origin, options.allowedOrigins)),
  })
  const standIns: WalletPlugin = {
    rawHandler: (req: IncomingMessage, res: ServerResponse, url: URL) => {
      if (providers === undefined || !/^\/social\/[a-z]+(\/|$)/.test(url.pathname)) return false
      const name = url.pathname.split('/')[2] ?? ''
      return isSocialLoginProvider(name) && providers.handle(req, res, url)
    },
  }

  // The Farcaster client loads with the first Farcaster sign-in: the devnet starts faster.
  let farcasterClient: Promise<AppClient> | undefined
  const farcasterOf = (config: { relayUrl: string; rpcUrl: string }): Promise<AppClient> =>
    (farcasterClient ??= import('@farcaster/auth-client').then(({ createAppClient, viemConnector }) =>
      createAppClient({ relay: config.relayUrl, ethereum: viemConnector({ rpcUrl: config.rpcUrl }) }),
    ))
  const farcasterConfig = (): { relayUrl: string; rpcUrl: string } => {
    if (options.farcaster === undefined) throw new WalletHttpError(404, 'Farcaster sign-in is not available on this devnet')
    return options.farcaster
  }
  const farcaster: WalletPlugin = {
    routes(app, context) {
      app.post('/v1/farcaster/channel', async () => {
        const client = await farcasterOf(farcasterConfig())
        const domain = new URL(baseUrl).host
        const created = await client.createChannel({ siweUri: baseUrl, domain })
        if (created.isError) throw new WalletHttpError(502, 'The Farcaster relay is not available')
        const { channelToken, url, nonce } = created.data
        await context.oneTime.put('farcaster-channel', channelToken, { nonce, domain } satisfies Channel, FARCASTER_CHANNEL_LIFETIME_MS)
        return { channelToken, url, nonce }
      })
      app.post('/v1/farcaster/redeem', async (req, reply) => {
        const client = await farcasterOf(farcasterConfig())
        const body = jsonObjectBody(req.body)
        const channelToken = typeof body.channelToken === 'string' ? body.channelToken : ''
        const channel = channelToken === '' ? undefined : await context.oneTime.peek<Channel>('farcaster-channel', channelToken)
        if (channel === undefined) throw new WalletHttpError(400, SOCIAL_MESSAGES.farcasterUnknown)
        const status = await client.status({ channelToken })
        if (status.isError) throw new WalletHttpError(502, 'The Farcaster relay is not available')
        if (status.response.status === 202) return reply.code(202).send({ state: 'pending', message: SOCIAL_MESSAGES.farcasterPending })
        const { message, signature } = status.data
        if (status.response.status !== 200 || message === undefined || signature === undefined) throw new WalletHttpError(400, SOCIAL_MESSAGES.farcasterUnknown)
        // The channel is spent whatever the verdict: a refused answer cannot be tried again, and of two
        // replicas asked at once only one goes on.
        if ((await context.oneTime.take<Channel>('farcaster-channel', channelToken)) === undefined) throw new WalletHttpError(400, SOCIAL_MESSAGES.farcasterUnknown)
        const verified = await client.verifySignInMessage({ nonce: channel.nonce, domain: channel.domain, message, signature })
        if (verified.isError || !verified.success) throw new WalletHttpError(401, SOCIAL_MESSAGES.farcasterRefused)
        const fid = verified.fid
        const username = status.data.fid === fid ? status.data.username : undefined
        const app = requestApp(req.headers)
        const { json, cookie } = await identitySession(context, { key: `farcaster:${fid}`, socialProvider: 'farcaster', userName: username ?? `fid ${fid}` }, app)
        void reply.header('set-cookie', cookie)
        return json
      })
    },
  }

  return {
    plugins: [standIns, social, farcaster],
    async start(url) {
      baseUrl = url
      providers = await startSocialProviders({ baseUrl: url, redirectUri: `${url}/social/callback` })
    },
  }
}
