/**
 * Passkeys (WebAuthn) for the embedded wallet, through @simplewebauthn/server: a visitor signed in
 * by a code adds one; later the passkey alone signs them in, with no code. The relying party is the
 * wallet origin (its host name the RP ID), so only the wallet's own pages can use the credential:
 * a host page cannot ask for an assertion for another origin's RP ID, and an assertion made for
 * another origin or RP ID does not verify here.
 *
 * Each ceremony's challenge is handed out once (the server's one-time store, shared by replicas)
 * and taken when the answer comes: a replayed answer finds no challenge. Only discoverable
 * credentials with user verification are made and accepted; the counter a credential reports must
 * grow when it counts at all (a cloned authenticator is refused).
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Clock } from '../../clock.js'
import type { Queryable } from '../../db/database.js'
import { AuthError, retryLater, type AuthUser } from './accounts.js'
import type { OneTimeStore } from './one-time-values.js'
import type { AttemptStore } from './stores.js'

export const PASSKEY_MESSAGES = {
  notVerified: 'This passkey could not be verified',
  unknown: 'This passkey is not registered with this wallet',
  expired: 'This passkey request has expired; try again',
} as const

/** How long a ceremony's challenge may be answered. */
export const PASSKEY_CHALLENGE_LIFETIME_MS = 5 * 60_000
/** The most passkeys one user keeps. */
export const MAX_PASSKEYS_PER_USER = 10
/** Failed passkey logins per client address in the window below, then that client waits (as for wrong codes). */
export const PASSKEY_FAILURES_PER_CLIENT = 20
export const PASSKEY_FAILURE_WINDOW_MS = 60 * 60_000

/** The wallet origin as a WebAuthn relying party. */
export interface RelyingParty {
  /** The wallet origin (`https://wallet.example`); its host name is the RP ID. */
  readonly origin: string
  /** The name authenticators show ("Walletgate wallet"). */
  readonly name: string
}

export interface PasskeyRecord {
  readonly id: string
  readonly createdAt: number
  readonly lastUsedAt: number | undefined
}

type Row = { credential_id: string; user_id: string; public_key: Uint8Array; counter: string; transports: string; created_at: string; last_used_at: string | null }

export class Passkeys {
  constructor(
    private readonly db: Queryable,
    private readonly oneTime: OneTimeStore,
    private readonly clock: Clock,
    private readonly rp: () => RelyingParty,
    /** Where failed logins are counted per client address (the code policy's store: shared by replicas). */
    private readonly attempts: AttemptStore,
  ) {}

  private rpId(): string {
    return new URL(this.rp().origin).hostname
  }

  /** Options for `navigator.credentials.create`: a discoverable credential with user verification, none of the user's again. */
  async registrationOptions(user: AuthUser): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.rows('WHERE user_id = $1', [user.id])
    if (existing.length >= MAX_PASSKEYS_PER_USER) throw new AuthError(400, `A wallet keeps at most ${MAX_PASSKEYS_PER_USER} passkeys`)
    const options = await generateRegistrationOptions({
      rpName: this.rp().name,
      rpID: this.rpId(),
      userName: user.email !== '' && user.email !== undefined ? user.email : (user.userName ?? 'Wallet'),
      userID: new TextEncoder().encode(user.id),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transports(row.transports) })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    })
    await this.oneTime.put('passkey-registration', options.challenge, { userId: user.id }, PASSKEY_CHALLENGE_LIFETIME_MS)
    return options
  }

  /** Verifies a new credential for the challenge this user was given, and keeps it. */
  async register(user: AuthUser, response: unknown): Promise<PasskeyRecord> {
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>
    try {
      verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        // Taken once, and only for the user it was issued to.
        expectedChallenge: async (challenge) => (await this.oneTime.take<{ userId: string }>('passkey-registration', challenge))?.userId === user.id,
        expectedOrigin: this.rp().origin,
        expectedRPID: this.rpId(),
        requireUserVerification: true,
      })
    } catch {
      throw new AuthError(400, PASSKEY_MESSAGES.notVerified)
    }
    if (!verified.verified) throw new AuthError(400, PASSKEY_MESSAGES.notVerified)
    const { credential } = verified.registrationInfo
    const now = this.clock.now()
    const inserted = await this.db.query(
      `INSERT INTO wallet_passkeys (credential_id, user_id, public_key, counter, transports, created_at) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (credential_id) DO NOTHING RETURNING credential_id`,
      [credential.id, user.id, Buffer.from(credential.publicKey), credential.counter, (credential.transports ?? []).join(','), now],
    )
    if (inserted.rows.length === 0) throw new AuthError(400, PASSKEY_MESSAGES.notVerified)
    return { id: credential.id, createdAt: now, lastUsedAt: undefined }
  }

  /** Options for `navigator.credentials.get`: any of this wallet's discoverable credentials, with user verification. */
  async loginOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({ rpID: this.rpId(), userVerification: 'required' })
    await this.oneTime.put('passkey-login', options.challenge, { issued: true }, PASSKEY_CHALLENGE_LIFETIME_MS)
    return options
  }

  /**
   * Options for a signed-in user to confirm a sensitive action with one of their own passkeys: its
   * challenge counts for that user and that `purpose` only (`export`, or one exact send), never for
   * a login or another action.
   */
  async confirmOptions(user: AuthUser, purpose: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const own = await this.rows('WHERE user_id = $1', [user.id])
    if (own.length === 0) throw new AuthError(400, PASSKEY_MESSAGES.unknown)
    const options = await generateAuthenticationOptions({
      rpID: this.rpId(),
      userVerification: 'required',
      allowCredentials: own.map((row) => ({ id: row.credential_id, transports: transports(row.transports) })),
    })
    await this.oneTime.put('passkey-login', options.challenge, { confirms: user.id, purpose }, PASSKEY_CHALLENGE_LIFETIME_MS)
    return options
  }

  /** Whether the user has a passkey. */
  async has(userId: string): Promise<boolean> {
    return (await this.rows('WHERE user_id = $1 LIMIT 1', [userId])).length > 0
  }

  /** The user proved again with their own passkey, for a challenge from confirmOptions for `purpose`; 400 otherwise (counted like a failed login). */
  async confirm(user: AuthUser, response: unknown, client: string, purpose: string): Promise<void> {
    const userId = await this.counted(client, () => this.verifyAssertion(response, (kept) => kept?.confirms === user.id && kept.purpose === purpose))
    if (userId !== user.id) throw new AuthError(400, PASSKEY_MESSAGES.notVerified)
  }

  /**
   * The user whose passkey made this assertion for a challenge handed out here; 400 otherwise. A
   * client with too many failures in the last hour waits ("Please try again after N seconds").
   */
  async login(response: unknown, client: string): Promise<string> {
    // A login's challenge only (a confirmation's names its user and is not a login).
    return this.counted(client, () => this.verifyAssertion(response, (kept) => kept?.issued === true))
  }

  /** Runs `verify` unless `client` failed too often this hour; a failure is counted. */
  private async counted<T>(client: string, verify: () => Promise<T>): Promise<T> {
    const key = `passkey-failed ${client}`
    const now = this.clock.now()
    const failed = await this.attempts.since(key, now - PASSKEY_FAILURE_WINDOW_MS)
    if (failed.length >= PASSKEY_FAILURES_PER_CLIENT) throw retryLater(Math.ceil((failed[failed.length - PASSKEY_FAILURES_PER_CLIENT]! + PASSKEY_FAILURE_WINDOW_MS - now) / 1000))
    try {
      return await verify()
    } catch (error) {
      await this.attempts.add(key, now)
      throw error
    }
  }

  /** The user whose passkey made this assertion, for a challenge handed out here that `challengeOk` accepts (taken once). */
  private async verifyAssertion(response: unknown, challengeOk: (kept: { issued?: boolean; confirms?: string; purpose?: string } | undefined) => boolean): Promise<string> {
    const assertion = response as AuthenticationResponseJSON
    const id = typeof assertion?.id === 'string' ? assertion.id : ''
    const [row] = id === '' ? [] : await this.rows('WHERE credential_id = $1', [id])
    if (row === undefined) throw new AuthError(400, PASSKEY_MESSAGES.unknown)
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
    try {
      verified = await verifyAuthenticationResponse({
        response: assertion,
        expectedChallenge: async (challenge) => challengeOk(await this.oneTime.take<{ issued?: boolean; confirms?: string; purpose?: string }>('passkey-login', challenge)),
        expectedOrigin: this.rp().origin,
        expectedRPID: this.rpId(),
        credential: { id: row.credential_id, publicKey: new Uint8Array(row.public_key), counter: Number(row.counter), transports: transports(row.transports) },
        requireUserVerification: true,
      })
    } catch {
      throw new AuthError(400, PASSKEY_MESSAGES.notVerified)
    }
    if (!verified.verified) throw new AuthError(400, PASSKEY_MESSAGES.notVerified)
    // The counter only grows (the library refuses one that does not); two replicas racing keep the larger.
    await this.db.query('UPDATE wallet_passkeys SET counter = GREATEST(counter, $2), last_used_at = $3 WHERE credential_id = $1', [row.credential_id, verified.authenticationInfo.newCounter, this.clock.now()])
    return row.user_id
  }

  async list(userId: string): Promise<PasskeyRecord[]> {
    return (await this.rows('WHERE user_id = $1 ORDER BY created_at', [userId])).map((row) => ({
      id: row.credential_id,
      createdAt: Number(row.created_at),
      lastUsedAt: row.last_used_at === null ? undefined : Number(row.last_used_at),
    }))
  }

  private async rows(where: string, params: unknown[]): Promise<Row[]> {
    return (await this.db.query<Row>(`SELECT credential_id, user_id, public_key, counter, transports, created_at, last_used_at FROM wallet_passkeys ${where}`, params)).rows
  }
}

function transports(text: string): AuthenticatorTransportFuture[] {
  return text === '' ? [] : (text.split(',') as AuthenticatorTransportFuture[])
}
