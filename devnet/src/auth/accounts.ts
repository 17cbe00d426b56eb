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

/** A one-time code lives 10 minutes. */
export const OTP_LIFETIME_MS = 10 * 60_000
/** Wrong codes allowed before a code is void. */
export const OTP_MAX_ATTEMPTS = 3
/** A new code for the same email waits this long after the last one (the spec's email cooldown). */
export const OTP_RESEND_COOLDOWN_MS = 30_000
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

interface PendingCode {
  code: string
  expiresAt: number
  sentAt: number
  attemptsLeft: number
  deviceId: string
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function normaliseEmail(email: string): string {
  const trimmed = email.trim().toLowerCase()
  if (!EMAIL.test(trimmed) || trimmed.length > 254) throw new AuthError(400, AUTH_MESSAGES.invalidEmail)
  return trimmed
}

export interface AccountsOptions {
  readonly now?: () => number
  /** A 6-digit code; crypto-random unless a test fixes it. */
  readonly newCode?: () => string
}

export class AuthAccounts {
  private readonly users = new Map<string, AuthUser>()
  private readonly codes = new Map<string, PendingCode>()
  private readonly deviceLinks = new Map<string, DeviceLink>()
  private readonly sessions = new Map<string, AuthSession>()
  private readonly updates = new Map<string, EmailUpdate>()
  private readonly now: () => number
  private readonly newCode: () => string

  constructor(options: AccountsOptions = {}) {
    this.now = options.now ?? Date.now
    this.newCode = options.newCode ?? (() => String(randomInt(0, 1_000_000)).padStart(6, '0'))
  }

  user(email: string): AuthUser | undefined {
    return this.users.get(normaliseEmail(email))
  }

  /**
   * The first login step. A known user on a device it has not seen gets an approval link by
   * email first (VERIFY_DEVICE); everyone else gets a code (VERIFY_OTP). A new code within the
   * cooldown of the last one is refused with the seconds left.
   */
  startLogin(rawEmail: string, deviceId: string): { action: LoginAction; outgoing: Outgoing } {
    const email = normaliseEmail(rawEmail)
    const user = this.users.get(email)
    if (user !== undefined && !user.devices.has(deviceId)) {
      const linkToken = randomBytes(24).toString('hex')
      this.deviceLinks.set(linkToken, { email, deviceId, expiresAt: this.now() + DEVICE_LINK_LIFETIME_MS })
      return { action: 'VERIFY_DEVICE', outgoing: { kind: 'device', email, linkToken } }
    }
    return { action: 'VERIFY_OTP', outgoing: this.issueCode(email, deviceId) }
  }

  /** A new code for the email (the "resend" button), subject to the cooldown. */
  issueCode(rawEmail: string, deviceId: string): Outgoing {
    const email = normaliseEmail(rawEmail)
    return { kind: 'otp', email, code: this.newPendingCode(email, deviceId) }
  }

  /**
   * Devnet control: ages the pending code of `email` by `ms` (its life and its cooldown), as if
   * that much time had passed; false when none is pending. Lets a test see an expired code
   * without waiting ten minutes.
   */
  ageCode(rawEmail: string, ms: number): boolean {
    const pending = this.codes.get(normaliseEmail(rawEmail))
    if (pending === undefined) return false
    pending.expiresAt -= ms
    pending.sentAt -= ms
    return true
  }

  /** A fresh code under `key`, unless the last one was sent less than the cooldown ago. */
  private newPendingCode(key: string, deviceId: string): string {
    const last = this.codes.get(key)
    const now = this.now()
    if (last !== undefined && now - last.sentAt < OTP_RESEND_COOLDOWN_MS) {
      const seconds = Math.ceil((OTP_RESEND_COOLDOWN_MS - (now - last.sentAt)) / 1000)
      throw new AuthError(429, AUTH_MESSAGES.cooldown(seconds), { retryAfterSeconds: seconds })
    }
    const code = this.newCode()
    this.codes.set(key, { code, expiresAt: now + OTP_LIFETIME_MS, sentAt: now, attemptsLeft: OTP_MAX_ATTEMPTS, deviceId })
    return code
  }

  /**
   * Checks the code under `key` (gone, expired, wrong with the attempts left, the last wrong one
   * voiding it); `beforeCompare` may refuse before the code is compared. A right code is used up.
   */
  private checkCode(key: string, code: string, beforeCompare: () => void = () => undefined): void {
    const pending = this.codes.get(key)
    if (pending === undefined) throw new AuthError(400, AUTH_MESSAGES.noCode)
    if (pending.expiresAt < this.now()) {
      this.codes.delete(key)
      throw new AuthError(400, AUTH_MESSAGES.expiredCode)
    }
    beforeCompare()
    if (pending.code !== code.trim()) {
      pending.attemptsLeft -= 1
      if (pending.attemptsLeft <= 0) {
        this.codes.delete(key)
        throw new AuthError(400, AUTH_MESSAGES.tooManyAttempts, { attemptsLeft: 0 })
      }
      throw new AuthError(400, AUTH_MESSAGES.invalidCode, { attemptsLeft: pending.attemptsLeft })
    }
    this.codes.delete(key)
  }

  /** The emailed approval link was opened: the device is known from now on, and a code follows. */
  approveDevice(linkToken: string): Outgoing {
    const link = this.deviceLinks.get(linkToken)
    if (link === undefined || link.expiresAt < this.now()) {
      this.deviceLinks.delete(linkToken)
      throw new AuthError(404, AUTH_MESSAGES.unknownLink)
    }
    this.deviceLinks.delete(linkToken)
    this.users.get(link.email)?.devices.add(link.deviceId)
    return this.issueCode(link.email, link.deviceId)
  }

  /** Whether the device may go on to the code (the frame polls this while it waits). */
  deviceApproved(rawEmail: string, deviceId: string): boolean {
    const user = this.users.get(normaliseEmail(rawEmail))
    return user === undefined || user.devices.has(deviceId)
  }

  /**
   * Checks a code. Right: the user (created on first login, with new keys) and a session for the
   * device; `created` says whether the user is new (the server funds a new wallet). Wrong: "That
   * code is not valid" with the attempts left; the last wrong attempt voids the code.
   */
  verifyCode(rawEmail: string, code: string, deviceId: string): { user: AuthUser; session: AuthSession; created: boolean } {
    const email = normaliseEmail(rawEmail)
    this.checkCode(email, code, () => {
      if (!this.deviceApproved(email, deviceId)) throw new AuthError(403, AUTH_MESSAGES.deviceNotApproved)
    })
    let user = this.users.get(email)
    const created = user === undefined
    if (user === undefined) {
      user = newUser(email, this.now())
      this.users.set(email, user)
    }
    user.devices.add(deviceId)
    return { user, session: this.openSession(user, deviceId), created }
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
      user = {
        ...newUser(identity.email ?? '', this.now()),
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
   * asks). The new email must be free. Starting again replaces a change under way.
   */
  startEmailUpdate(user: AuthUser, rawNewEmail: string, deviceId: string): Outgoing {
    const newEmail = normaliseEmail(rawNewEmail)
    if (newEmail === user.email) throw new AuthError(400, AUTH_MESSAGES.sameEmail)
    if (this.users.has(newEmail)) throw new AuthError(409, AUTH_MESSAGES.emailTaken)
    const code = this.newPendingCode(`update-primary:${user.id}`, deviceId)
    this.updates.set(user.id, { newEmail, stage: 'primary' })
    return { kind: 'update-otp', email: user.email, code, newEmail }
  }

  /** The current email's code: right, and a code goes to the NEW email (proof it is theirs). */
  confirmEmailUpdatePrimary(user: AuthUser, code: string, deviceId: string): Outgoing {
    const update = this.updates.get(user.id)
    if (update === undefined || update.stage !== 'primary') throw new AuthError(400, AUTH_MESSAGES.noUpdate)
    this.checkCode(`update-primary:${user.id}`, code)
    const newCode = this.newPendingCode(`update-secondary:${user.id}`, deviceId)
    update.stage = 'secondary'
    return { kind: 'update-otp', email: update.newEmail, code: newCode, newEmail: update.newEmail }
  }

  /** The new email's code: right, and the user's email is the new one (same user, same keys; the old email no longer logs in). */
  confirmEmailUpdateSecondary(user: AuthUser, code: string): string {
    const update = this.updates.get(user.id)
    if (update === undefined || update.stage !== 'secondary') throw new AuthError(400, AUTH_MESSAGES.noUpdate)
    this.checkCode(`update-secondary:${user.id}`, code)
    this.updates.delete(user.id)
    // Someone may have signed up with it since the change began.
    if (this.users.has(update.newEmail)) throw new AuthError(409, AUTH_MESSAGES.emailTaken)
    this.users.delete(user.email)
    this.codes.delete(user.email)
    user.email = update.newEmail
    this.users.set(user.email, user)
    return user.email
  }

  signOut(token: string): void {
    this.sessions.delete(token)
  }
}

function newUser(email: string, now: number): AuthUser {
  const evmPrivateKey = generatePrivateKey()
  const solanaSeed = new Uint8Array(randomBytes(32))
  return {
    id: randomBytes(12).toString('hex'),
    email,
    evmPrivateKey,
    evmAddress: privateKeyToAccount(evmPrivateKey).address,
    solanaSeed,
    solanaAddress: base58.encode(ed25519.getPublicKey(solanaSeed)),
    devices: new Set(),
    createdAt: now,
  }
}
