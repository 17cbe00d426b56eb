/** Sign in with the wallet: what the host configures, and the settings once defaults are filled in. */
import type { SiwxSession } from '../entities'
import type { SiwxStorage } from './siwx-storage'

/** Sign in with the wallet (SIWX): what the host sets; every key is optional. */
export interface SiwxConfig {
  /** true: a connected visitor must sign in (cancel disconnects, the sign view cannot be closed). Default false. */
  required?: boolean | undefined
  /** The statement line of the message (one line). Default: none. */
  statement?: string | undefined
  /** The message's domain (`host[:port]`). Default: the page's `location.host`, read in the browser. */
  domain?: string | undefined
  /** The message's URI. Default: the page's `location.origin`, read in the browser. */
  uri?: string | undefined
  /** How long a session lasts, in ms. Default 7 days. */
  expiresInMs?: number | undefined
  /** Delete the account's sessions when its wallet disconnects. Default true. */
  signOutOnDisconnect?: boolean | undefined
  /** Where sessions are kept. Default: the modal's own storage (localStorage), surviving a reload. */
  storage?: SiwxStorage | undefined
  /**
   * The base URL of the host's auth API (`/auth/v1/nonce`, `authenticate`, `me`, `sign-out`; see
   * docs/service-api.md): nonces come from it, it verifies each signed message and keeps the
   * session behind a bearer token. Ignored when `storage` is given. Default: none.
   */
  serverUrl?: string | undefined
  /** Checks a signed session before it is stored; resolves false to refuse it. Default: the family's verifier. */
  verify?: ((session: SiwxSession) => Promise<boolean>) | undefined
}

export interface ResolvedSiwxConfig extends Omit<SiwxConfig, 'required' | 'expiresInMs' | 'signOutOnDisconnect'> {
  required: boolean
  expiresInMs: number
  signOutOnDisconnect: boolean
}

/** A session lasts 7 days unless the host says otherwise. */
export const SIWX_DEFAULT_EXPIRES_IN_MS = 7 * 24 * 60 * 60 * 1000
