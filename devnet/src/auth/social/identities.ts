/**
 * Who can sign in at the devnet's social providers: a few seeded people per provider, anyone by a
 * typed email, and two devnet faults a test picks like a person (the provider answering an
 * error; the provider issuing a token meant for another app).
 */
import { createHash } from 'node:crypto'
import type { SocialProvider as SocialLoginProvider } from '../../../../server/src/wallet/login/social/provider-settings.js'

// The providers and their names are walletgate-server's.
export {
  isSocialProvider as isSocialLoginProvider,
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_PROVIDERS as SOCIAL_LOGIN_PROVIDERS,
  type SocialProvider as SocialLoginProvider,
} from '../../../../server/src/wallet/login/social/provider-settings.js'

export interface SocialIdentity {
  /** The provider's stable subject identifier for this person. */
  readonly sub: string
  readonly name: string
  readonly email: string
  /** The handle the provider knows the person by. */
  readonly username: string
}

/** Picking this identity makes the provider answer `error=server_error`. */
export const FAULT_SERVER_ERROR = 'devnet-fault-server-error'
/** Picking this identity makes the provider issue an id token whose audience is another app. */
export const FAULT_WRONG_AUDIENCE = 'devnet-fault-wrong-audience'
/** The app that fault's token or code is for (its id token's audience, its code's client). */
export const OTHER_APP_CLIENT_ID = 'another-devnet-app'

const SEEDED = [
  { id: '1001', name: 'Alice Devnet', email: 'alice@devnet.test', username: 'alice' },
  { id: '1002', name: 'Bob Devnet', email: 'bob@devnet.test', username: 'bob' },
  { id: '1003', name: 'Carol Devnet', email: 'carol@devnet.test', username: 'carol' },
] as const

/** The seeded people of one provider (their subjects differ per provider, as real ones do). */
export function seededIdentities(provider: SocialLoginProvider): SocialIdentity[] {
  return SEEDED.map((s) => ({ sub: `${provider}-${s.id}`, name: s.name, email: s.email, username: s.username }))
}

/** Anyone by email: the same email at the same provider is always the same subject (a seeded person's email is that person). */
export function identityForEmail(provider: SocialLoginProvider, email: string): SocialIdentity {
  const normalised = email.trim().toLowerCase()
  const seeded = seededIdentities(provider).find((i) => i.email === normalised)
  if (seeded !== undefined) return seeded
  const digest = createHash('sha256').update(`${provider}\n${normalised}`).digest('hex').slice(0, 20)
  const local = normalised.split('@')[0] ?? normalised
  return { sub: `${provider}-${digest}`, name: local, email: normalised, username: local }
}

export function isWellFormedEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && value.length <= 254
}
