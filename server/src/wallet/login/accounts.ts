/**
 * The embedded wallet's accounts: users by proved email or by identity (a provider's subject, a
 * Farcaster fid), each with a wallet of their own (../wallet-keys: sealed at rest, opened only to
 * sign); one-time codes; known devices; bearer sessions. The rules of the security issue, over the
 * server's database (migration 10), so that replicas sharing it behave as one process: a code is
 * used once, an attempt spent once, a user made once. The HTTP side sends the emails and moves the
 * money.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { getAddress, type Address } from 'viem'
import { normalisedEmail } from '../../../../src/wire/email.js'
import { systemClock, type Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import type { ExportedKeys, WalletKeys } from '../wallet-keys.js'
import { CODE_LIMITS, CodePolicy, type CodeLimits } from './code-policy.js'
import { codesEqual } from './codes-equal.js'
import { pgLoginStores, tokenHash } from './pg-stores.js'
import type { LoginSession, LoginStores } from './stores.js'

/** A one-time code lives 10 minutes. */
export const OTP_LIFETIME_MS = 10 * 60_000
/** Wrong codes allowed before a code is void (the address's own limits, ./code-policy, count on across codes). */
export const OTP_MAX_ATTEMPTS = 3
/** A new code for the same email waits this long after the last one (the spec's email cooldown). */
export const OTP_RESEND_COOLDOWN_MS = CODE_LIMITS.resendCooldownMs
/** A device approval link lives as long as a code. */
export const DEVICE_LINK_LIFETIME_MS = OTP_LIFETIME_MS
/** A session lasts a week, as an app's login does; signing out, or out everywhere, ends it sooner. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60_000

export const AUTH_MESSAGES = {
  invalidCode: 'That code is not valid',
  expiredCode: 'That code has expired; request a new one',
  noCode: 'No code was sent to this email; request one',
  tooManyAttempts: 'Too many wrong codes; request a new one',
  invalidEmail: 'Enter a valid email address',
  cooldown: (seconds: number) => `Please try again after ${seconds} seconds`,
  deviceNotApproved: 'This device is not approved yet; open the link in the email we sent',
  unknownLink: 'This approval link is not valid or has expired',
  noSession: 'Not signed in',
  emailTaken: 'That email belongs to another account',
  sameEmail: 'That is already your email',
  noUpdate: 'Start the email change again',
  noExportEmail: 'Add an email to this wallet before exporting its keys',
  noExport: 'Start the export again',
} as const

export class AuthError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

/** An embedded wallet's EVM account types (spec section 3). */
export type EvmAccountType = 'smartAccount' | 'eoa'

/** A user as the rules and the HTTP side see them: no key, only the wallet's addresses. */
export interface AuthUser {
  readonly id: string
  /** Changes only through the two-code email update; the keys stay. */
  readonly email: string
  /**
   * Whether this account proved `email` (a code mailed to it was entered). Only a proved email
   * signs in to the account; an identity's unproved email is dropped once someone proves it.
   */
  readonly emailVerified: boolean
  readonly evmAddress: Address
  readonly solanaAddress: string
  readonly createdAt: number
  /** Set for a user who signs in with a social provider or Farcaster, with the name it knows them by. */
  readonly socialProvider?: string
  readonly userName?: string
  /** The EVM account type the user chose, kept across sessions and devices; undefined: the default. */
  readonly preferredAccountType?: EvmAccountType
}

/** A social or Farcaster identity: `key` names it for good (provider and subject, or fid). */
export interface SignInIdentity {
  readonly key: string
  readonly socialProvider: string
  readonly email?: string
  readonly userName?: string
}

export type AuthSession = LoginSession

/** What the login step asks of the visitor next (the spec's embedded-wallet login actions). */
export type LoginAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'

/** What the server must send after a login or email-update step. */
export type Outgoing =
  | { readonly kind: 'otp'; readonly email: string; readonly code: string }
  | { readonly kind: 'device'; readonly email: string; readonly linkToken: string }
  /** A code confirming an email change: to the current address first, then to the new one. */
  | { readonly kind: 'update-otp'; readonly email: string; readonly code: string; readonly newEmail: string }
  /** A code confirming a key export (a fresh login: whoever holds the session alone cannot export). */
  | { readonly kind: 'export-otp'; readonly email: string; readonly code: string }

/** The email as it is stored and mailed to (the wire's one rule), or 400 "Enter a valid email address". */
export function normaliseEmail(email: string): string {
  const normalised = normalisedEmail(email)
  if (normalised === undefined) throw new AuthError(400, AUTH_MESSAGES.invalidEmail)
  return normalised
}

export interface AccountsOptions {
  readonly clock?: Clock
  /** A 6-digit code; crypto-random unless a test fixes it. */
  readonly newCode?: () => string
  /** Where codes, counted attempts and sessions are kept; the database's tables unless given. */
  readonly stores?: LoginStores
  /** The code policy's limits; CODE_LIMITS unless a test changes them. */
  readonly limits?: CodeLimits
}

/** A caller's client address when the caller did not say (a direct call, not over HTTP). */
const NO_CLIENT = 'unknown'

interface UserRow {
  id: string
  email: string
  email_verified: boolean
  social_provider: string | null
  user_name: string | null
  preferred_account_type: EvmAccountType | null
  created_at: string
  /** The wallet's addresses, null while it has none. */
  evm_address: string | null
  solana_address: string | null
}

const USER_COLUMNS = 'u.id, u.email, u.email_verified, u.social_provider, u.user_name, u.preferred_account_type, u.created_at'

export class AuthAccounts {
  private readonly stores: LoginStores
  private readonly policy: CodePolicy
  private readonly clock: Clock
  private readonly newCode: () => string

  constructor(
    private readonly db: Database,
    private readonly keys: WalletKeys,
    options: AccountsOptions = {},
  ) {
    this.clock = options.clock ?? systemClock
    this.newCode = options.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'))
    this.stores = options.stores ?? pgLoginStores(db, () => this.clock.now())
    this.policy = new CodePolicy(this.stores.attempts, this.stores.codes, this.clock, options.limits ?? CODE_LIMITS)
  }

  private now(): number {
    return this.clock.now()
  }

  /** The user who proved `email`, or undefined. */
  async user(email: string): Promise<AuthUser | undefined> {
    return this.userWhere('u.email = $1 AND u.email_verified', [normaliseEmail(email)])
  }

  async userById(id: string): Promise<AuthUser | undefined> {
    return this.userWhere('u.id = $1', [id])
  }

  /** One user with their wallet's addresses, in one query. */
  private async userWhere(where: string, params: unknown[]): Promise<AuthUser | undefined> {
    const { rows } = await this.db.query<UserRow>(
      `SELECT ${USER_COLUMNS}, k.evm_address, k.solana_address FROM wallet_users u LEFT JOIN wallet_keys k ON k.user_id = u.id WHERE ${where}`,
      params,
    )
    const row = rows[0]
    if (row === undefined) return undefined
    // The wallet is made with the user; a replica stopped in between left none, made here.
    const wallet =
      row.evm_address === null || row.solana_address === null ? await this.keys.create(row.id) : { evm: getAddress(row.evm_address), solana: row.solana_address }
    return {
      id: row.id,
      email: row.email,
      emailVerified: row.email_verified,
      evmAddress: wallet.evm,
      solanaAddress: wallet.solana,
      createdAt: Number(row.created_at),
      ...(row.social_provider === null ? {} : { socialProvider: row.social_provider }),
      ...(row.user_name === null ? {} : { userName: row.user_name }),
      ...(row.preferred_account_type === null ? {} : { preferredAccountType: row.preferred_account_type }),
    }
  }

  private async hasDevice(userId: string, deviceId: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM wallet_devices WHERE user_id = $1 AND device_id = $2', [userId, deviceId])
    return rows.length > 0
  }

  private async addDevice(userId: string, deviceId: string): Promise<void> {
    await this.db.query('INSERT INTO wallet_devices (user_id, device_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [userId, deviceId])
  }

  /**
   * The first login step, answered VERIFY_OTP whether or not the email has an account, so the
   * answer tells nobody which emails do. The email gets a code; but a known user on a device it has
   * not seen gets an approval link instead, and the code follows once the link's page is used
   * (approveDevice). A code is pending either way (in the second case one never mailed), so a
   * guess is answered alike. Refused with "Please try again after N seconds" within the cooldown,
   * over the address's daily mails, or while the address is locked (./code-policy).
   */
  async startLogin(rawEmail: string, deviceId: string): Promise<{ action: LoginAction; outgoing: Outgoing }> {
    const email = normaliseEmail(rawEmail)
    const user = await this.user(email)
    const code = await this.newPendingCode(email, email, deviceId)
    if (user !== undefined && !(await this.hasDevice(user.id, deviceId))) {
      const linkToken = randomBytes(24).toString('hex')
      await this.db.query('INSERT INTO wallet_device_links (token_hash, email, device_id, expires_at) VALUES ($1, $2, $3, $4)', [
        tokenHash(linkToken),
        email,
        deviceId,
        this.now() + DEVICE_LINK_LIFETIME_MS,
      ])
      return { action: 'VERIFY_OTP', outgoing: { kind: 'device', email, linkToken } }
    }
    return { action: 'VERIFY_OTP', outgoing: { kind: 'otp', email, code } }
  }

  /** The "resend" button: what the login step sends (a code, or the approval link again), under the same limits. */
  async issueCode(rawEmail: string, deviceId: string): Promise<Outgoing> {
    return (await this.startLogin(rawEmail, deviceId)).outgoing
  }

  /**
   * Devnet control: ages the pending code of `email` by `ms` (its life and its cooldown), as if
   * that much time had passed; false when none is pending. Lets a test see an expired code
   * without waiting ten minutes.
   */
  async ageCode(rawEmail: string, ms: number): Promise<boolean> {
    const key = normaliseEmail(rawEmail)
    const pending = await this.stores.codes.get(key)
    if (pending === undefined) return false
    await this.stores.codes.put(key, { ...pending, expiresAt: pending.expiresAt - ms })
    const sent = await this.stores.codes.lastSent(key)
    if (sent !== undefined) await this.stores.codes.setLastSent(key, sent - ms)
    return true
  }

  /**
   * A fresh code under `key` for `recipient`, unless the code policy says to wait (the key's
   * cooldown, unless `skipCooldown`; the recipient's daily mails; a lock on the recipient).
   */
  private async newPendingCode(key: string, recipient: string, deviceId: string, options: { skipCooldown?: boolean } = {}): Promise<string> {
    const wait = await this.policy.sendWait(key, recipient, options)
    if (wait > 0) throw retryLater(wait)
    const code = this.newCode()
    await this.stores.codes.put(key, { code, recipient, deviceId, expiresAt: this.now() + OTP_LIFETIME_MS, attemptsLeft: OTP_MAX_ATTEMPTS })
    await this.policy.sent(key, recipient)
    return code
  }

  /**
   * Checks the code under `key`: refused with the seconds to wait while its recipient is locked or
   * the client has had too many wrong codes; then gone, expired, or compared (in constant time). A
   * wrong code, or a right one that `usable` refuses, counts against the recipient and the client
   * and answers with the attempts left, the last one voiding the code. A right code is used up,
   * once: of two replicas given it at the same moment, one succeeds.
   */
  private async checkCode(key: string, code: string, client: string, usable: () => Promise<boolean> = async () => true): Promise<void> {
    const codes = this.stores.codes
    const pending = await codes.get(key)
    if (pending === undefined) throw new AuthError(400, AUTH_MESSAGES.noCode)
    const wait = await this.policy.checkWait(pending.recipient, client)
    if (wait > 0) throw retryLater(wait)
    if (pending.expiresAt < this.now()) {
      await codes.delete(key)
      throw new AuthError(400, AUTH_MESSAGES.expiredCode)
    }
    const right = codesEqual(code, pending.code)
    if (!right || !(await usable())) {
      await this.policy.wrong(pending.recipient, client)
      const left = (await codes.spendAttempt(key)) ?? 0
      if (left <= 0) throw new AuthError(400, AUTH_MESSAGES.tooManyAttempts, { attemptsLeft: 0 })
      throw new AuthError(400, AUTH_MESSAGES.invalidCode, { attemptsLeft: left })
    }
    if (!(await codes.use(key, pending.code))) throw new AuthError(400, AUTH_MESSAGES.noCode)
    await this.policy.used(key)
  }

  /** Whether `linkToken` is a live approval link (its page may offer the button). */
  async deviceLinkValid(linkToken: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM wallet_device_links WHERE token_hash = $1 AND expires_at >= $2', [tokenHash(linkToken), this.now()])
    return rows.length > 0
  }

  /**
   * The approval page's button was pressed: the device is known from now on, and a fresh code
   * goes to the email (the login's cooldown does not hold it back: the owner asked for it now).
   * A link is used once, also when two replicas are given it at the same moment.
   */
  async approveDevice(linkToken: string): Promise<Outgoing> {
    const { rows } = await this.db.query<{ email: string; device_id: string; expires_at: string }>(
      'DELETE FROM wallet_device_links WHERE token_hash = $1 RETURNING email, device_id, expires_at',
      [tokenHash(linkToken)],
    )
    const link = rows[0]
    if (link === undefined || Number(link.expires_at) < this.now()) throw new AuthError(404, AUTH_MESSAGES.unknownLink)
    const user = await this.user(link.email)
    if (user === undefined) throw new AuthError(404, AUTH_MESSAGES.unknownLink)
    await this.addDevice(user.id, link.device_id)
    return { kind: 'otp', email: link.email, code: await this.newPendingCode(link.email, link.email, link.device_id, { skipCooldown: true }) }
  }

  /**
   * Whether the email's account knows the device (the frame polls this after VERIFY_DEVICE).
   * False for an email without an account as for a device not approved: it tells nobody which.
   */
  async deviceApproved(rawEmail: string, deviceId: string): Promise<boolean> {
    const user = await this.user(rawEmail)
    return user !== undefined && (await this.hasDevice(user.id, deviceId))
  }

  /**
   * Checks a code. Right: the user (created on first login, with a new wallet) and a session for
   * the device; `created` says whether the user is new (the server funds a new wallet). Wrong, or
   * right on a device the account has not approved: "That code is not valid" with the attempts
   * left; the last wrong attempt voids the code. `client` is the caller's address (the policy
   * counts wrong codes per client too).
   */
  async verifyCode(rawEmail: string, code: string, deviceId: string, client = NO_CLIENT): Promise<{ user: AuthUser; session: AuthSession; created: boolean }> {
    const email = normaliseEmail(rawEmail)
    await this.checkCode(email, code, client, async () => {
      const known = await this.user(email)
      return known === undefined || (await this.hasDevice(known.id, deviceId))
    })
    let user = await this.user(email)
    const created = user === undefined
    if (user === undefined) {
      user = await this.createUser({ email, emailVerified: true })
      await this.emailProved(email, user.id)
    }
    await this.addDevice(user.id, deviceId)
    return { user, session: await this.openSession(user, deviceId), created }
  }

  /**
   * A new user and their wallet. A proved email names one user: of two replicas making one for the
   * same email, the second finds the first's.
   */
  private async createUser(fields: { email: string; emailVerified: boolean; socialProvider?: string; userName?: string; identityKey?: string }): Promise<AuthUser> {
    const id = randomBytes(12).toString('hex')
    const made = await this.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO wallet_users (id, email, email_verified, social_provider, user_name, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (email) WHERE email_verified DO NOTHING RETURNING id`,
        [id, fields.email, fields.emailVerified, fields.socialProvider ?? null, fields.userName ?? null, this.now()],
      )
      if (inserted.rows.length === 0) return false
      if (fields.identityKey !== undefined) {
        const claimed = await tx.query('INSERT INTO wallet_identities (key, user_id) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key', [fields.identityKey, id])
        // Another replica made this identity's user first: this one is not kept.
        if (claimed.rows.length === 0) throw new IdentityTaken()
      }
      return true
    }).catch((error: unknown) => {
      if (error instanceof IdentityTaken) return false
      throw error
    })
    if (made) await this.keys.create(id)
    const user = made
      ? await this.userById(id)
      : fields.identityKey !== undefined
        ? await this.identityUser(fields.identityKey)
        : await this.user(fields.email)
    if (user === undefined) throw new Error('The user just made could not be read back')
    return user
  }

  private identityUser(key: string): Promise<AuthUser | undefined> {
    return this.userWhere('u.id = (SELECT user_id FROM wallet_identities WHERE key = $1)', [key])
  }

  /**
   * `ownerId` proved `email`: any other account that only carried it (an identity's unproved email)
   * loses it, and that account's sessions, all made before the email was proved, end.
   */
  private async emailProved(email: string, ownerId: string): Promise<void> {
    const { rows } = await this.db.query<{ id: string }>("UPDATE wallet_users SET email = '', email_verified = false WHERE email = $1 AND id <> $2 RETURNING id", [email, ownerId])
    for (const row of rows) await this.stores.sessions.deleteForUser(row.id)
  }

  /**
   * A social or Farcaster identity signs in (its provider already proved who it is): the same
   * identity is always the same user; a new one gets a new wallet (`created`: the server funds it).
   */
  async signInIdentity(identity: SignInIdentity, deviceId = identity.socialProvider): Promise<{ user: AuthUser; session: AuthSession; created: boolean }> {
    const key = `${identity.socialProvider} ${identity.key}`
    let user = await this.identityUser(key)
    const created = user === undefined
    if (user === undefined) {
      // The provider's email is kept unproved, and only when well formed and nobody proved it here.
      const claimed = identity.email === undefined ? undefined : normalisedEmail(identity.email)
      const email = claimed === undefined || (await this.user(claimed)) !== undefined ? '' : claimed
      user = await this.createUser({
        email,
        emailVerified: false,
        socialProvider: identity.socialProvider,
        identityKey: key,
        ...(identity.userName === undefined ? {} : { userName: identity.userName }),
      })
    }
    await this.addDevice(user.id, deviceId)
    return { user, session: await this.openSession(user, deviceId), created }
  }

  /**
   * A session for a user who proved themselves another way than a code (a passkey, checked by
   * ./passkeys): the device becomes known, as after a code. 401 when the user no longer exists.
   */
  async signInVerifiedUser(userId: string, deviceId: string): Promise<{ user: AuthUser; session: AuthSession }> {
    const user = await this.userById(userId)
    if (user === undefined) throw new AuthError(401, AUTH_MESSAGES.noSession)
    await this.addDevice(user.id, deviceId)
    return { user, session: await this.openSession(user, deviceId) }
  }

  private async openSession(user: AuthUser, deviceId: string): Promise<AuthSession> {
    // What has expired goes as new rows come: the user's old sessions, anyone's dead links.
    await this.db.query('DELETE FROM wallet_sessions WHERE user_id = $1 AND expires_at < $2', [user.id, this.now()])
    await this.db.query('DELETE FROM wallet_device_links WHERE expires_at < $1', [this.now()])
    const session = { token: randomBytes(32).toString('hex'), userId: user.id, deviceId, expiresAt: this.now() + SESSION_LIFETIME_MS }
    await this.stores.sessions.set(session)
    return session
  }

  /**
   * Ties a session just opened to the app it was made for (the app the wallet frame names):
   * `authenticate` refuses it for any other. One wallet per person, one session per app.
   */
  async forApp(session: AuthSession, app: string | undefined): Promise<AuthSession> {
    const bound: AuthSession = { ...session, ...(app === undefined ? {} : { app }) }
    await this.stores.sessions.set(bound)
    return bound
  }

  /**
   * The user behind a bearer token used by `app`; 401 when the token is unknown, signed out,
   * expired, or another app's (refused without ending it: the app it belongs to keeps it).
   */
  async authenticate(token: string | undefined, app?: string): Promise<{ user: AuthUser; session: AuthSession }> {
    const session = token === undefined ? undefined : await this.stores.sessions.get(token)
    if (session === undefined || session.expiresAt < this.now()) {
      if (token !== undefined) await this.stores.sessions.delete(token)
      throw new AuthError(401, AUTH_MESSAGES.noSession)
    }
    if (session.app !== app) throw new AuthError(401, AUTH_MESSAGES.noSession)
    const user = await this.userById(session.userId)
    if (user === undefined) throw new AuthError(401, AUTH_MESSAGES.noSession)
    return { user, session }
  }

  /**
   * Starts an email change for a signed-in user: a code goes to the CURRENT email (proof the owner
   * asks). Whether the new email is free is told only to whoever proves it (the last step), so
   * this answer tells nobody which emails have accounts. Starting again replaces a change under way.
   */
  async startEmailUpdate(user: AuthUser, rawNewEmail: string, deviceId: string): Promise<Outgoing> {
    const newEmail = normaliseEmail(rawNewEmail)
    if (newEmail === user.email) throw new AuthError(400, AUTH_MESSAGES.sameEmail)
    const code = await this.newPendingCode(`update-primary:${user.id}`, user.email, deviceId)
    await this.setUpdate(user.id, newEmail, 'primary')
    return { kind: 'update-otp', email: user.email, code, newEmail }
  }

  private async setUpdate(userId: string, newEmail: string, stage: 'primary' | 'secondary'): Promise<void> {
    await this.db.query('INSERT INTO wallet_email_updates (user_id, new_email, stage) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO UPDATE SET new_email = $2, stage = $3', [userId, newEmail, stage])
  }

  private async update(userId: string): Promise<{ newEmail: string; stage: 'primary' | 'secondary' } | undefined> {
    const { rows } = await this.db.query<{ new_email: string; stage: 'primary' | 'secondary' }>('SELECT new_email, stage FROM wallet_email_updates WHERE user_id = $1', [userId])
    return rows[0] === undefined ? undefined : { newEmail: rows[0].new_email, stage: rows[0].stage }
  }

  /** The current email's code: right, and a code goes to the NEW email (proof it is theirs). */
  async confirmEmailUpdatePrimary(user: AuthUser, code: string, deviceId: string, client = NO_CLIENT): Promise<Outgoing> {
    const update = await this.update(user.id)
    if (update === undefined || update.stage !== 'primary') throw new AuthError(400, AUTH_MESSAGES.noUpdate)
    await this.checkCode(`update-primary:${user.id}`, code, client)
    const newCode = await this.newPendingCode(`update-secondary:${user.id}`, update.newEmail, deviceId)
    await this.setUpdate(user.id, update.newEmail, 'secondary')
    return { kind: 'update-otp', email: update.newEmail, code: newCode, newEmail: update.newEmail }
  }

  /**
   * The new email's code: right, and the user's email is the new one (same user, same keys; the old
   * email no longer logs in). An email another account has proved is refused here, to whoever just
   * proved they hold it, and to nobody before.
   */
  async confirmEmailUpdateSecondary(user: AuthUser, code: string, client = NO_CLIENT): Promise<string> {
    const update = await this.update(user.id)
    if (update === undefined || update.stage !== 'secondary') throw new AuthError(400, AUTH_MESSAGES.noUpdate)
    await this.checkCode(`update-secondary:${user.id}`, code, client)
    await this.db.query('DELETE FROM wallet_email_updates WHERE user_id = $1', [user.id])
    const holder = await this.user(update.newEmail)
    if (holder !== undefined && holder.id !== user.id) throw new AuthError(409, AUTH_MESSAGES.emailTaken)
    // The old email's pending login code goes with it, when it was this account's to sign in with.
    if (user.emailVerified) await this.stores.codes.delete(user.email)
    const { rows } = await this.db.query(
      `UPDATE wallet_users SET email = $2, email_verified = true WHERE id = $1
       AND NOT EXISTS (SELECT 1 FROM wallet_users o WHERE o.email = $2 AND o.email_verified AND o.id <> $1) RETURNING id`,
      [user.id, update.newEmail],
    )
    if (rows.length === 0) throw new AuthError(409, AUTH_MESSAGES.emailTaken)
    await this.emailProved(update.newEmail, user.id)
    return update.newEmail
  }

  /**
   * Starts a key export: a fresh code goes to the user's proved email, under the code policy. A
   * session alone never exports: the visitor logs in again with the code. A user without a proved
   * email (a social identity) is refused.
   */
  async startExport(user: AuthUser, deviceId: string): Promise<Outgoing> {
    if (!user.emailVerified || user.email === '') throw new AuthError(400, AUTH_MESSAGES.noExportEmail)
    return { kind: 'export-otp', email: user.email, code: await this.newPendingCode(`export:${user.id}`, user.email, deviceId) }
  }

  /** The export's code: right, and the user's keys, the export recorded in the audit table with `origin`. */
  async confirmExport(user: AuthUser, code: string, origin: string, client = NO_CLIENT): Promise<ExportedKeys> {
    if ((await this.stores.codes.get(`export:${user.id}`)) === undefined) throw new AuthError(400, AUTH_MESSAGES.noExport)
    await this.checkCode(`export:${user.id}`, code, client)
    return this.keys.exportKeys(user.id, { origin })
  }

  /** The EVM account type the user uses from now on, on every device. */
  async setPreferredAccountType(userId: string, type: EvmAccountType): Promise<void> {
    await this.db.query('UPDATE wallet_users SET preferred_account_type = $2 WHERE id = $1', [userId, type])
  }

  async signOut(token: string): Promise<void> {
    await this.stores.sessions.delete(token)
  }

  /** "Sign out everywhere": every session of the user ends, on every device and app; how many ended. */
  async signOutEverywhere(userId: string): Promise<number> {
    return this.stores.sessions.deleteForUser(userId)
  }
}

class IdentityTaken extends Error {}

/** "Please try again after N seconds" (429), with the seconds for a client to count down. */
export function retryLater(seconds: number): AuthError {
  return new AuthError(429, AUTH_MESSAGES.cooldown(seconds), { retryAfterSeconds: seconds })
}
