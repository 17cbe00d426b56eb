/**
 * The devnet auth service's accounts: users by email, each with keys of its own (secp256k1 for
 * eip155, ed25519 for solana) that never leave the service; one-time codes; known devices; bearer
 * sessions. Pure state and rules over an injected clock and random source: the HTTP server
 * (server.ts) sends the emails and moves the money.
 */
import { randomBytes, randomInt } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { base58 } from '@scure/base'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Hex } from 'viem'
import { normalisedEmail } from '../../../src/domain/validation/embedded-wallet-inputs'
import { CODE_LIMITS, CodePolicy, type CodeLimits } from './guards/code-policy'
import { codesEqual } from './guards/codes-equal'
import { InMemoryAttemptStore, InMemoryCodeStore, InMemorySessionStore } from './guards/memory-stores'
import type { AttemptStore, CodeStore, SessionStore } from './guards/ports'

/** A one-time code lives 10 minutes. */
export const OTP_LIFETIME_MS = 10 * 60_000
/** Wrong codes allowed before a code is void (the address's own limits, ./guards/code-policy, count on across codes). */
export const OTP_MAX_ATTEMPTS = 3
/** A new code for the same email waits this long after the last one (the spec's email cooldown). */
export const OTP_RESEND_COOLDOWN_MS = CODE_LIMITS.resendCooldownMs
/** A device approval link lives as long as a code. */
export const DEVICE_LINK_LIFETIME_MS = OTP_LIFETIME_MS
/** A session lasts a week, as an app's login does. */
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

export interface AuthUser {
  readonly id: string
  /** Changes only through the two-code email update; the keys stay. */
  email: string
  /**
   * Whether this account proved `email` (a code mailed to it was entered). Only a proved email
   * signs in to the account; an identity's unproved email is dropped once someone proves it.
   */
  emailVerified: boolean
  readonly evmPrivateKey: Hex
  readonly evmAddress: Hex
  /** The ed25519 seed (32 bytes); the Solana secret key is the seed followed by the public key. */
  readonly solanaSeed: Uint8Array
  readonly solanaAddress: string
  readonly devices: Set<string>
  readonly createdAt: number
  /** Set for a user who signs in with a social provider or Farcaster, with the name it knows them by. */
  readonly socialProvider?: string
  readonly userName?: string
}

/** A social or Farcaster identity: `key` names it for good (provider and subject, or fid). */
export interface SignInIdentity {
  readonly key: string
  readonly socialProvider: string
  readonly email?: string
  readonly userName?: string
}

interface DeviceLink {
  email: string
  deviceId: string
  expiresAt: number
}

export interface AuthSession {
  readonly token: string
  readonly userId: string
  readonly deviceId: string
  readonly expiresAt: number
  /** The app (project and host origin) the session was made for; only that app's requests use it. */
  readonly app?: string
}

/** What the login step asks of the visitor next (the spec's embedded-wallet login actions). */
export type LoginAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'

/** What the server must send after a login or email-update step. */
export type Outgoing =
  | { readonly kind: 'otp'; readonly email: string; readonly code: string }
  | { readonly kind: 'device'; readonly email: string; readonly linkToken: string }
  /** A code confirming an email change: to the current address first, then to the new one. */
  | { readonly kind: 'update-otp'; readonly email: string; readonly code: string; readonly newEmail: string }

/** An email change under way: the current address's code first, then the new address's. */
interface EmailUpdate {
  readonly newEmail: string
  stage: 'primary' | 'secondary'
}

/** The email as it is stored and mailed to (the domain's one rule), or 400 "Enter a valid email address". */
export function normaliseEmail(email: string): string {
  const normalised = normalisedEmail(email)
  if (normalised === undefined) throw new AuthError(400, AUTH_MESSAGES.invalidEmail)
  return normalised
}

export interface AccountsOptions {
  readonly now?: () => number
  /** A 6-digit code; crypto-random unless a test fixes it. */
  readonly newCode?: () => string
  /** Where codes, counted attempts and sessions are kept; in memory unless given. */
  readonly stores?: {
    readonly codes?: CodeStore
    readonly attempts?: AttemptStore
    readonly sessions?: SessionStore<AuthSession>
  }
  /** The code policy's limits; CODE_LIMITS unless a test changes them. */
  readonly limits?: CodeLimits
}

/** A caller's client address when the caller did not say (a direct call, not over HTTP). */
const NO_CLIENT = 'unknown'

export class AuthAccounts {
  /** Users by proved email, and identity users by their identity key. */
  private readonly users = new Map<string, AuthUser>()
  private readonly codes: CodeStore
  private readonly deviceLinks = new Map<string, DeviceLink>()
  private readonly sessions: SessionStore<AuthSession>
  private readonly updates = new Map<string, EmailUpdate>()
  private readonly policy: CodePolicy
  private readonly now: () => number
  private readonly newCode: () => string

  constructor(options: AccountsOptions = {}) {
    this.now = options.now ?? Date.now
    this.newCode = options.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'))
    this.codes = options.stores?.codes ?? new InMemoryCodeStore()
    this.sessions = options.stores?.sessions ?? new InMemorySessionStore<AuthSession>()
    this.policy = new CodePolicy(options.stores?.attempts ?? new InMemoryAttemptStore(), this.codes, { now: () => this.now() }, options.limits ?? CODE_LIMITS)
  }

  user(email: string): AuthUser | undefined {
    return this.users.get(normaliseEmail(email))
  }

  /**
   * The first login step, answered VERIFY_OTP whether or not the email has an account, so the
   * answer tells nobody which emails do. The email gets a code; but a known user on a device it has
   * not seen gets an approval link instead, and the code follows once the link's page is used
   * (approveDevice). A code is pending either way (in the second case one never mailed), so a
   * guess is answered alike. Refused with "Please try again after N seconds" within the cooldown,
   * over the address's daily mails, or while the address is locked (./guards/code-policy).
   */
  startLogin(rawEmail: string, deviceId: string): { action: LoginAction; outgoing: Outgoing } {
    const email = normaliseEmail(rawEmail)
    const user = this.users.get(email)
    const code = this.newPendingCode(email, email, deviceId)
    if (user !== undefined && !user.devices.has(deviceId)) {
      const linkToken = randomBytes(24).toString('hex')
      this.deviceLinks.set(linkToken, { email, deviceId, expiresAt: this.now() + DEVICE_LINK_LIFETIME_MS })
      return { action: 'VERIFY_OTP', outgoing: { kind: 'device', email, linkToken } }
    }
    return { action: 'VERIFY_OTP', outgoing: { kind: 'otp', email, code } }
  }

  /** The "resend" button: what the login step sends (a code, or the approval link again), under the same limits. */
  issueCode(rawEmail: string, deviceId: string): Outgoing {
    return this.startLogin(rawEmail, deviceId).outgoing
  }

  /**
   * Devnet control: ages the pending code of `email` by `ms` (its life and its cooldown), as if
   * that much time had passed; false when none is pending. Lets a test see an expired code
   * without waiting ten minutes.
   */
  ageCode(rawEmail: string, ms: number): boolean {
    const key = normaliseEmail(rawEmail)
    const pending = this.codes.get(key)
    if (pending === undefined) return false
    pending.expiresAt -= ms
    this.codes.put(key, pending)
    const sent = this.codes.lastSent(key)
    if (sent !== undefined) this.codes.setLastSent(key, sent - ms)
    return true
  }

  /**
   * A fresh code under `key` for `recipient`, unless the code policy says to wait (the key's
   * cooldown, unless `skipCooldown`; the recipient's daily mails; a lock on the recipient).
   */
  private newPendingCode(key: string, recipient: string, deviceId: string, options: { skipCooldown?: boolean } = {}): string {
    const wait = this.policy.sendWait(key, recipient, options)
    if (wait > 0) throw retryLater(wait)
    const code = this.newCode()
    this.codes.put(key, { code, recipient, deviceId, expiresAt: this.now() + OTP_LIFETIME_MS, attemptsLeft: OTP_MAX_ATTEMPTS })
    this.policy.sent(key, recipient)
    return code
  }

  /**
   * Checks the code under `key`: refused with the seconds to wait while its recipient is locked or
   * the client has had too many wrong codes; then gone, expired, or compared (in constant time). A
   * wrong code, or a right one that `usable` refuses, counts against the recipient and the client
   * and answers with the attempts left, the last one voiding the code. A right code is used up.
   */
  private checkCode(key: string, code: string, client: string, usable: () => boolean = () => true): void {
    const pending = this.codes.get(key)
    if (pending === undefined) throw new AuthError(400, AUTH_MESSAGES.noCode)
    const wait = this.policy.checkWait(pending.recipient, client)
    if (wait > 0) throw retryLater(wait)
    if (pending.expiresAt < this.now()) {
      this.codes.delete(key)
      throw new AuthError(400, AUTH_MESSAGES.expiredCode)
    }
    const right = codesEqual(code, pending.code)
    if (!right || !usable()) {
      this.policy.wrong(pending.recipient, client)
      pending.attemptsLeft -= 1
      if (pending.attemptsLeft <= 0) {
        this.codes.delete(key)
        throw new AuthError(400, AUTH_MESSAGES.tooManyAttempts, { attemptsLeft: 0 })
      }
      this.codes.put(key, pending)
      throw new AuthError(400, AUTH_MESSAGES.invalidCode, { attemptsLeft: pending.attemptsLeft })
    }
    this.codes.delete(key)
    this.policy.used(key)
  }

  /** Whether `linkToken` is a live approval link (its page may offer the button). */
  deviceLinkValid(linkToken: string): boolean {
    const link = this.deviceLinks.get(linkToken)
    return link !== undefined && link.expiresAt >= this.now()
  }

  /**
   * The approval page's button was pressed: the device is known from now on, and a fresh code
   * goes to the email (the login's cooldown does not hold it back: the owner asked for it now).
   */
  approveDevice(linkToken: string): Outgoing {
    const link = this.deviceLinks.get(linkToken)
    if (link === undefined || link.expiresAt < this.now()) {
      this.deviceLinks.delete(linkToken)
      throw new AuthError(404, AUTH_MESSAGES.unknownLink)
    }
    this.deviceLinks.delete(linkToken)
    const user = this.users.get(link.email)
    if (user === undefined) throw new AuthError(404, AUTH_MESSAGES.unknownLink)
    user.devices.add(link.deviceId)
    return { kind: 'otp', email: link.email, code: this.newPendingCode(link.email, link.email, link.deviceId, { skipCooldown: true }) }
  }

  /**
   * Whether the email's account knows the device (the frame polls this after VERIFY_DEVICE).
   * False for an email without an account as for a device not approved: it tells nobody which.
   */
  deviceApproved(rawEmail: string, deviceId: string): boolean {
    return this.users.get(normaliseEmail(rawEmail))?.devices.has(deviceId) === true
  }

  /**
   * Checks a code. Right: the user (created on first login, with new keys) and a session for the
   * device; `created` says whether the user is new (the server funds a new wallet). Wrong, or
   * right on a device the account has not approved: "That code is not valid" with the attempts
   * left; the last wrong attempt voids the code. `client` is the caller's address (the policy
   * counts wrong codes per client too).
   */
  verifyCode(rawEmail: string, code: string, deviceId: string, client = NO_CLIENT): { user: AuthUser; session: AuthSession; created: boolean } {
    const email = normaliseEmail(rawEmail)
    this.checkCode(email, code, client, () => this.users.get(email)?.devices.has(deviceId) ?? true)
    let user = this.users.get(email)
    const created = user === undefined
    if (user === undefined) {
      user = newUser(email, this.now(), true)
      this.users.set(email, user)
      this.emailProved(email, user)
    }
    user.devices.add(deviceId)
    return { user, session: this.openSession(user, deviceId), created }
  }

  /**
   * `owner` proved `email`: any other account that only carried it (an identity's unproved email)
   * loses it, and that account's sessions, all made before the email was proved, end.
   */
  private emailProved(email: string, owner: AuthUser): void {
    for (const user of new Set(this.users.values())) {
      if (user === owner || user.email !== email) continue
      user.email = ''
      user.emailVerified = false
      this.sessions.deleteForUser(user.id)
    }
  }

  /**
   * A social or Farcaster identity signs in (its provider already proved who it is): the same
   * identity is always the same user; a new one gets new keys (`created`: the server funds them).
   */
  signInIdentity(identity: SignInIdentity, deviceId = identity.socialProvider): { user: AuthUser; session: AuthSession; created: boolean } {
    // Identity keys hold spaces, which no email key can: the two kinds never meet in one map.
    const key = `identity ${identity.socialProvider} ${identity.key}`
    let user = this.users.get(key)
    const created = user === undefined
    if (user === undefined) {
      // The provider's email is kept unproved, and only when well formed and nobody proved it here.
      const claimed = identity.email === undefined ? undefined : normalisedEmail(identity.email)
      const email = claimed === undefined || this.users.has(claimed) ? '' : claimed
      user = {
        ...newUser(email, this.now(), false),
        socialProvider: identity.socialProvider,
        ...(identity.userName === undefined ? {} : { userName: identity.userName }),
      }
      this.users.set(key, user)
    }
    user.devices.add(deviceId)
    return { user, session: this.openSession(user, deviceId), created }
  }

  private openSession(user: AuthUser, deviceId: string): AuthSession {
    const session = { token: randomBytes(32).toString('hex'), userId: user.id, deviceId, expiresAt: this.now() + SESSION_LIFETIME_MS }
    this.sessions.set(session.token, session)
    return session
  }

  /**
   * Ties a session just opened to the app it was made for (the app the wallet frame names):
   * `authenticate` refuses it for any other. One wallet per person, one session per app.
   */
  forApp(session: AuthSession, app: string | undefined): AuthSession {
    const bound: AuthSession = { ...session, ...(app === undefined ? {} : { app }) }
    this.sessions.set(bound.token, bound)
    return bound
  }

  /**
   * The user behind a bearer token used by `app`; 401 when the token is unknown, signed out,
   * expired, or another app's (refused without ending it: the app it belongs to keeps it).
   */
  authenticate(token: string | undefined, app?: string): { user: AuthUser; session: AuthSession } {
    const session = token === undefined ? undefined : this.sessions.get(token)
    if (session === undefined || session.expiresAt < this.now()) {
      if (token !== undefined) this.sessions.delete(token)
      throw new AuthError(401, AUTH_MESSAGES.noSession)
    }
    if (session.app !== app) throw new AuthError(401, AUTH_MESSAGES.noSession)
    const user = [...this.users.values()].find((u) => u.id === session.userId)
    if (user === undefined) throw new AuthError(401, AUTH_MESSAGES.noSession)
    return { user, session }
  }

  /**
   * Starts an email change for a signed-in user: a code goes to the CURRENT email (proof the owner
   * asks). Whether the new email is free is told only to whoever proves it (the last step), so
   * this answer tells nobody which emails have accounts. Starting again replaces a change under way.
   */
  startEmailUpdate(user: AuthUser, rawNewEmail: string, deviceId: string): Outgoing {
    const newEmail = normaliseEmail(rawNewEmail)
    if (newEmail === user.email) throw new AuthError(400, AUTH_MESSAGES.sameEmail)
    const code = this.newPendingCode(`update-primary:${user.id}`, user.email, deviceId)
    this.updates.set(user.id, { newEmail, stage: 'primary' })
    return { kind: 'update-otp', email: user.email, code, newEmail }
  }

  /** The current email's code: right, and a code goes to the NEW email (proof it is theirs). */
  confirmEmailUpdatePrimary(user: AuthUser, code: string, deviceId: string, client = NO_CLIENT): Outgoing {
    const update = this.updates.get(user.id)
    if (update === undefined || update.stage !== 'primary') throw new AuthError(400, AUTH_MESSAGES.noUpdate)
    this.checkCode(`update-primary:${user.id}`, code, client)
    const newCode = this.newPendingCode(`update-secondary:${user.id}`, update.newEmail, deviceId)
    update.stage = 'secondary'
    return { kind: 'update-otp', email: update.newEmail, code: newCode, newEmail: update.newEmail }
  }

  /**
   * The new email's code: right, and the user's email is the new one (same user, same keys; the old
   * email no longer logs in). An email another account has proved is refused here, to whoever just
   * proved they hold it, and to nobody before.
   */
  confirmEmailUpdateSecondary(user: AuthUser, code: string, client = NO_CLIENT): string {
    const update = this.updates.get(user.id)
    if (update === undefined || update.stage !== 'secondary') throw new AuthError(400, AUTH_MESSAGES.noUpdate)
    this.checkCode(`update-secondary:${user.id}`, code, client)
    this.updates.delete(user.id)
    const holder = this.users.get(update.newEmail)
    if (holder !== undefined && holder !== user) throw new AuthError(409, AUTH_MESSAGES.emailTaken)
    // The old email leaves this account only if it was this account's to sign in with.
    if (this.users.get(user.email) === user) {
      this.users.delete(user.email)
      this.codes.delete(user.email)
    }
    user.email = update.newEmail
    user.emailVerified = true
    this.users.set(user.email, user)
    this.emailProved(user.email, user)
    return user.email
  }

  signOut(token: string): void {
    this.sessions.delete(token)
  }
}

/** "Please try again after N seconds" (429), with the seconds for a client to count down. */
function retryLater(seconds: number): AuthError {
  return new AuthError(429, AUTH_MESSAGES.cooldown(seconds), { retryAfterSeconds: seconds })
}

function newUser(email: string, now: number, emailVerified: boolean): AuthUser {
  const evmPrivateKey = generatePrivateKey()
  const solanaSeed = new Uint8Array(randomBytes(32))
  return {
    id: randomBytes(12).toString('hex'),
    email,
    emailVerified,
    evmPrivateKey,
    evmAddress: privateKeyToAccount(evmPrivateKey).address,
    solanaSeed,
    solanaAddress: base58.encode(ed25519.getPublicKey(solanaSeed)),
    devices: new Set(),
    createdAt: now,
  }
}
