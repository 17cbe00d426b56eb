/**
 * The sign-in providers a wallet origin offers (docs/social-login.md), in three shapes:
 *
 * - `oidc`: OpenID Connect, found by its issuer's discovery document (Google);
 * - `oauth2`: OAuth 2 without OpenID, by its endpoints, the person read from its user endpoint in
 *   the provider's own shape (GitHub, Discord, X, Facebook);
 * - `apple`: OpenID Connect answered by `form_post`, whose client secret is a short JWT signed
 *   with the team's key (Sign in with Apple).
 *
 * A host's configuration names a provider's client id (and Apple's team and key ids); the
 * endpoints default to the real provider's and may be replaced (a stand-in, a tenant). Secrets come
 * from the environment, never the configuration file: `<PROVIDER>_CLIENT_SECRET` (or `_FILE`), and
 * Apple's private key (PKCS#8 PEM) from `APPLE_PRIVATE_KEY` (or `_FILE`).
 */
import { z } from 'zod'

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]

export function isSocialProvider(value: string): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value)
}

/** The provider's name as a person reads it. */
export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
}

/** Whose user endpoint answers in which shape. */
export type UserEndpointShape = 'github' | 'discord' | 'x' | 'facebook'

export type SocialProviderSettings =
  | {
      readonly kind: 'oidc'
      readonly issuer: string
      readonly clientId: string
      readonly clientSecret: string
      readonly scope: string
      /** The `prompt` asked for (Google: `select_account`, so a person can pick another account). */
      readonly prompt?: string
    }
  | {
      readonly kind: 'oauth2'
      readonly shape: UserEndpointShape
      /**
       * Who the provider says it is in its answers (`iss`, RFC 9207, which GitHub sends): a present
       * `iss` must be exactly this, or the answer is refused (a mix-up).
       */
      readonly issuer: string
      readonly authorizationEndpoint: string
      readonly tokenEndpoint: string
      readonly userEndpoint: string
      readonly clientId: string
      readonly clientSecret: string
      readonly scope: string
      /** How the client proves itself at the token endpoint (X wants HTTP Basic). */
      readonly clientAuth: 'post' | 'basic'
    }
  | {
      readonly kind: 'apple'
      readonly issuer: string
      /** The Services ID. */
      readonly clientId: string
      readonly teamId: string
      readonly keyId: string
      /** The team's private key (ES256), PKCS#8 PEM. */
      readonly privateKeyPem: string
      readonly scope: string
    }

export type SocialSettings = Partial<Record<SocialProvider, SocialProviderSettings>>

/** The real providers' endpoints and scopes (each a default the configuration may replace). */
export const OAUTH2_PRESETS: Record<UserEndpointShape, { issuer: string; authorizationEndpoint: string; tokenEndpoint: string; userEndpoint: string; scope: string; clientAuth: 'post' | 'basic' }> = {
  github: {
    issuer: 'https://github.com/login/oauth',
    authorizationEndpoint: 'https://github.com/login/oauth/authorize',
    tokenEndpoint: 'https://github.com/login/oauth/access_token',
    userEndpoint: 'https://api.github.com/user',
    scope: 'read:user user:email',
    clientAuth: 'post',
  },
  discord: {
    issuer: 'https://discord.com',
    authorizationEndpoint: 'https://discord.com/oauth2/authorize',
    tokenEndpoint: 'https://discord.com/api/oauth2/token',
    userEndpoint: 'https://discord.com/api/users/@me',
    scope: 'identify email',
    clientAuth: 'post',
  },
  x: {
    issuer: 'https://x.com',
    authorizationEndpoint: 'https://x.com/i/oauth2/authorize',
    tokenEndpoint: 'https://api.x.com/2/oauth2/token',
    userEndpoint: 'https://api.x.com/2/users/me',
    scope: 'users.read tweet.read',
    clientAuth: 'basic',
  },
  facebook: {
    issuer: 'https://www.facebook.com',
    authorizationEndpoint: 'https://www.facebook.com/v23.0/dialog/oauth',
    tokenEndpoint: 'https://graph.facebook.com/v23.0/oauth/access_token',
    userEndpoint: 'https://graph.facebook.com/v23.0/me?fields=id,name,email',
    scope: 'public_profile email',
    clientAuth: 'post',
  },
}
export const GOOGLE_ISSUER = 'https://accounts.google.com'
export const APPLE_ISSUER = 'https://appleid.apple.com'

/**
 * A provider's address: https, or http only on this machine's loopback (a local stand-in): a
 * code or a client secret never crosses a network in the clear.
 */
const endpoint = z.url({ protocol: /^https?$/ }).refine((url) => {
  const parsed = new URL(url)
  return parsed.protocol === 'https:' || ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
}, 'an https address (http only for 127.0.0.1 or localhost)')
const clientId = z.string().min(1).max(512)

const oauth2Schema = z.strictObject({
  clientId,
  issuer: z.optional(endpoint),
  authorizationEndpoint: z.optional(endpoint),
  tokenEndpoint: z.optional(endpoint),
  userEndpoint: z.optional(endpoint),
  scope: z.optional(z.string().min(1).max(512)),
})

/** `wallet.social` in the server's configuration. */
export const socialConfigSchema = z.strictObject({
  providers: z
    .strictObject({
      google: z.optional(z.strictObject({ clientId, issuer: z.optional(endpoint), scope: z.optional(z.string().min(1).max(512)) })),
      github: z.optional(oauth2Schema),
      discord: z.optional(oauth2Schema),
      x: z.optional(oauth2Schema),
      facebook: z.optional(oauth2Schema),
      apple: z.optional(
        z.strictObject({
          clientId,
          teamId: z.string().regex(/^[A-Z0-9]{10}$/, 'the 10-character team id'),
          keyId: z.string().regex(/^[A-Z0-9]{10}$/, 'the 10-character key id'),
          issuer: z.optional(endpoint),
        }),
      ),
    })
    .default({}),
})
export type SocialConfig = z.output<typeof socialConfigSchema>

/** Whether a provider's address may be reached over plain http (a stand-in on this machine). */
export function isLoopbackHttp(url: string): boolean {
  const parsed = new URL(url)
  return parsed.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)
}
