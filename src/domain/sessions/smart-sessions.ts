/**
 * Smart sessions (feature `smartSessions`, spec sections 7 and 9): an app asks the connected smart
 * account for a session key with an ERC-7715 permissions request; the chain enforces the key's
 * spend limit and expiry; the account's owner lists and revokes them.
 */
import { DomainError } from '../domain-error'
import { smartSessionsSchema } from '../../wire/sessions'

/** One permission of an ERC-7715 request (`native-token-transfer`, `contract-call`, ...). */
export interface PermissionRequestEntry {
  readonly type: string | { readonly custom: string }
  readonly data?: Readonly<Record<string, unknown>>
  readonly policies?: readonly { readonly type: string | { readonly custom: string }; readonly data?: Readonly<Record<string, unknown>> }[]
  readonly required?: boolean
}

/**
 * An ERC-7715 `wallet_grantPermissions` request, as viem's `grantPermissions` sends it: the chain
 * (hex or number), the account (the connected one when absent), the expiry in unix seconds, the
 * session key that will sign (`{ type: 'key', data: { type: 'secp256k1', id } }`) and what it may do.
 */
export interface PermissionsRequest {
  readonly chainId?: string | number
  readonly address?: string
  readonly expiry: number
  readonly signer: { readonly type: string; readonly data?: Readonly<Record<string, unknown>> }
  readonly permissions: readonly PermissionRequestEntry[]
}

/** The wallet's answer to a grant: the request as granted plus its permissions context (`context`). */
export type GrantedPermissions = Readonly<Record<string, unknown>> & { readonly context?: string; readonly permissionsContext?: string }

/** A session key as the account's chain state holds it (GET /v1/sessions/{address}). */
export interface SmartSession {
  /** The permissions context id: what the revoke call names. */
  readonly pci: string
  readonly chainId: number
  /** The session key's address. */
  readonly key: string
  /** Unix seconds; the chain refuses the key after it. */
  readonly expiry: number
  /** The key's total spend limit, in the chain's smallest native unit. */
  readonly valueLimit: bigint
  readonly spent: bigint
  /** The only contracts the key may call; empty: any but the account itself. */
  readonly targets: readonly string[]
  /** Not expired by the chain's latest block. */
  readonly active: boolean
}

export class SmartSessionsDisabledError extends DomainError {
  override readonly name = 'SmartSessionsDisabledError' as const
  readonly code = 'SMART_SESSIONS_DISABLED' as const
  constructor() {
    // Worded like the spec's "SIWX is not enabled" for the other optional feature.
    super('Smart sessions are not enabled')
  }
}

export class SmartSessionsUnsupportedError extends DomainError {
  override readonly name = 'SmartSessionsUnsupportedError' as const
  readonly code = 'SMART_SESSIONS_UNSUPPORTED' as const
  constructor(options?: { cause?: unknown }) {
    super('The connected account cannot grant permissions: smart sessions need the email or social login smart account', options)
  }
}

/** The sessions list failed: `malformed` when the service answered something that is not a list. */
export class SmartSessionsListError extends DomainError {
  override readonly name = 'SmartSessionsListError' as const
  readonly code = 'SMART_SESSIONS_LIST' as const
  constructor(
    readonly reason: 'malformed' | 'unavailable' = 'malformed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'malformed' ? 'The sessions list could not be read' : 'The sessions could not be loaded. Please try again', options)
  }
}

export class RevokeSessionError extends DomainError {
  override readonly name = 'RevokeSessionError' as const
  readonly code = 'REVOKE_SESSION' as const
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}

/**
 * The sessions of a GET /v1/sessions/{address} answer, soonest expiry first. Throws
 * SmartSessionsListError when the answer is not that shape (never an empty list for a bad answer).
 */
export function parseSmartSessions(raw: unknown): SmartSession[] {
  const parsed = smartSessionsSchema.safeParse(raw)
  if (!parsed.success) throw new SmartSessionsListError('malformed', { cause: parsed.error })
  return parsed.data.sessions
    .map((s) => ({
      pci: s.pci,
      chainId: s.chainId,
      key: s.key,
      expiry: s.expiry,
      valueLimit: BigInt(s.valueLimit),
      spent: BigInt(s.spent ?? '0'),
      targets: s.targets ?? [],
      active: s.active,
    }))
    .sort((a, b) => a.expiry - b.expiry)
}

/** The sessions a visitor can still revoke: the active ones (an expired key is refused on chain anyway). */
export function activeSessions(sessions: readonly SmartSession[]): SmartSession[] {
  return sessions.filter((s) => s.active)
}
