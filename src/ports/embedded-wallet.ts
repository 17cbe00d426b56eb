import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { AccountType, SocialProvider } from '../domain/entities'
import type { SocialWindowMode } from '../domain/connect/social-login'

/** What the first email-login step asks of the visitor next (spec section 4 login actions). */
export type EmailLoginAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'
/** What an email update asks next (spec section 4 email update actions). */
export type EmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

/** The signed-in embedded-wallet user (spec section 3). */
export interface EmbeddedWalletUser {
  readonly email?: string
  readonly address: string
  readonly chainId: number
  readonly accountType: AccountType
  readonly userName?: string
  /** The social provider (or `farcaster`) the user signed in with; absent for an email user. */
  readonly socialProvider?: string
}

/** A Farcaster sign-in channel: `url` is what the QR code shows, `channelToken` what is redeemed. */
export interface FarcasterChannel {
  readonly url: string
  readonly channelToken: string
}

/** The embedded wallet's smart account (spec section 7, init smart account). */
export interface SmartAccountStatus {
  readonly address: string
  /** False until its first transaction deploys it. */
  readonly isDeployed: boolean
}

/** What the frame is asking the visitor to confirm, shown inside the modal. */
export interface EmbeddedApproval {
  readonly pending: boolean
  readonly title?: string
}

/** Where the frame shows itself for a confirmation (viewport pixels). */
export interface FrameRect {
  readonly left: number
  readonly top: number
  readonly width: number
  readonly height: number
}

/**
 * Why an embedded-wallet request failed:
 * - `load`: the frame did not load ("Network Error - Could not load embedded wallet");
 * - `timeout`: no answer in time ("Embedded Wallet Request Timed Out");
 * - `sessionExpired`: the wallet's session is gone ("Session Expired");
 * - `rejected`: the visitor refused in the frame;
 * - `request`: the wallet refused with its own words (a wrong code, the cooldown, not allowed...).
 */
export type EmbeddedWalletFailure = 'load' | 'timeout' | 'sessionExpired' | 'rejected' | 'request'

export class EmbeddedWalletRequestError extends Error {
  override readonly name = 'EmbeddedWalletRequestError' as const
  constructor(
    readonly kind: EmbeddedWalletFailure,
    message: string,
    readonly details: { readonly code?: number; readonly attemptsLeft?: number; readonly retryAfterSeconds?: number } = {},
    /** `cause`: the catalogue's error (src/domain/errors.ts) when the wallet said one of the spec's messages. */
    options?: { readonly cause?: unknown },
  ) {
    super(message, options)
  }
}

/**
 * The embedded wallet (email login) as the application sees it: the login and email-update steps
 * and what the modal shows of the frame. Its connection half (accounts, provider, events) is the
 * eip155 family's AUTH connector. Loaded on demand; every method may reject EmbeddedWalletRequestError.
 */
export interface EmbeddedWallet {
  /** The signed-in user, null when signed out. Replays. */
  readonly user$: Observable<EmbeddedWalletUser | null>
  /** Whether the frame is asking the visitor to confirm a request. Replays. */
  readonly approval$: Observable<EmbeddedApproval>
  /** A connected session's failures the visitor must be told of: a request timed out, the session expired. */
  readonly trouble$: Observable<'timeout' | 'sessionExpired'>
  startEmailLogin(email: string, options?: { resend?: boolean }): Promise<EmailLoginAction>
  /** Whether the emailed device-approval link was opened (then a code is on its way). */
  deviceApproved(): Promise<boolean>
  verifyOtp(otp: string): Promise<EmbeddedWalletUser>
  updateEmail(email: string): Promise<EmailUpdateAction>
  verifyPrimaryOtp(otp: string): Promise<void>
  /** Resolves the new email. */
  verifySecondaryOtp(otp: string): Promise<string>
  /** The provider's authorization URL for this host; `returnUrl` (the current page) on the redirect path. */
  socialRedirectUrl(provider: SocialProvider, mode: SocialWindowMode, returnUrl?: string): Promise<string>
  /** Redeems the provider callback's one-time ticket: the user is signed in (the username kept as the spec's social username). */
  connectSocial(ticket: string): Promise<EmbeddedWalletUser>
  /** Opens a Farcaster sign-in channel. */
  farcasterChannel(): Promise<FarcasterChannel>
  /** Asks once whether the channel was approved: the signed-in user, or null while it waits. */
  connectFarcaster(channelToken: string): Promise<EmbeddedWalletUser | null>
  /** Shows the frame over `rect` so the visitor confirms inside the modal; null hides it again. */
  placeFrame(rect: FrameRect | null): void
  /** Fails the pending signing and sending requests ("Request was aborted"); reads go on. */
  abortPending(): Promise<void>
  /** The signed-in user's smart account and whether it is deployed on the current chain; null when the wallet has none. */
  smartAccount(): Promise<SmartAccountStatus | null>
  /**
   * Ends every session of the user (every device, every app) once the visitor confirms it in the
   * wallet, then signs out here; rejects `rejected` when the visitor declines (nothing ends).
   */
  signOutEverywhere(): Promise<void>
  /**
   * The visitor exports their private keys inside the wallet's frame (a fresh code by email, then
   * the keys shown there, never to the host page); resolves whether they were shown.
   */
  exportKeys(): Promise<boolean>
  /**
   * The signed-in visitor adds a passkey of the wallet origin, confirmed in the wallet's frame (the
   * credential is made there); rejects `rejected` when the visitor declines.
   */
  addPasskey(): Promise<void>
  /** A login with a passkey of the wallet origin, no code (the browser's own prompt, from the frame). */
  connectPasskey(): Promise<EmbeddedWalletUser>
}

/** Loads the embedded wallet (one instance per modal); rejects EmbeddedWalletRequestError `load`. */
export type EmbeddedWalletLoader = () => Promise<EmbeddedWallet>
export const EmbeddedWalletLoader = Symbol('EmbeddedWalletLoader') as ServiceIdentifier<EmbeddedWalletLoader>
