import { NoActiveCaipAddressError } from '../../domain/errors'
import {
  SmartSessionsDisabledError,
  SmartSessionsUnsupportedError,
  type GrantedPermissions,
  type PermissionsRequest,
} from '../../domain/sessions/smart-sessions'
import type { SessionKeyWallet } from '../../ports/smart-sessions'
import type { ConnectionStore } from '../connection-store'
import { featureFamily } from '../../domain/feature-constants'

export interface GrantPermissionsDeps {
  /** The host's `features.smartSessions` (off by default, spec section 9). */
  readonly enabled: boolean
  readonly connection: Pick<ConnectionStore, 'account'>
  readonly wallet: SessionKeyWallet
}

/**
 * `modal.grantPermissions(request)`: asks the connected smart account for a session key (ERC-7715).
 * Rejects SmartSessionsDisabledError when the feature is off, NoActiveCaipAddressError with no EVM
 * account, SmartSessionsUnsupportedError when the account is not a smart account or its wallet
 * cannot grant; otherwise the wallet's own answer or refusal.
 */
export class GrantPermissions {
  constructor(private readonly deps: GrantPermissionsDeps) {}

  async execute(request: PermissionsRequest): Promise<GrantedPermissions> {
    if (!this.deps.enabled) throw new SmartSessionsDisabledError()
    const account = this.deps.connection.account(featureFamily('smartSessions'))
    if (account === undefined) throw new NoActiveCaipAddressError()
    if (account.accountType !== 'smartAccount') throw new SmartSessionsUnsupportedError()
    return this.deps.wallet.grantPermissions(account.connectorId, request)
  }
}
