import { ConnectionStore } from '../../application/connection-store'
import { GrantPermissions } from '../../application/sessions/grant-permissions'
import { SmartSessionsStore } from '../../application/sessions/smart-sessions-store'
import { GrantPermissionsToken, SmartSessionsStoreToken } from '../../application/sessions/tokens'
import { ChainFamilies } from '../../ports/chain-family'
import { Logger } from '../../ports/logger'
import { SessionKeyWallet, SmartSessionsApi } from '../../ports/smart-sessions'
import { serviceClient } from '../service-client'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'
import { FetchSmartSessionsApi } from '../../infrastructure/http/fetch-smart-sessions-api'
import { Eip1193SessionKeyWallet } from '../../infrastructure/chains/eip155/eip1193-session-key-wallet'
import { featureFamily } from '../../domain/feature-constants'

/**
 * Smart sessions' part of the composition root, a chunk of its own (its module's `bind`):
 * fetched on `modal.grantPermissions` or when the sessions view first opens. The sessions list is
 * the auth service's: it owns the embedded smart accounts and reads their keys from chain state.
 */
export const bindSessions: Bind = ({ container, config }) => {
  const binder = unlessOverridden(container)
  binder.bind(SmartSessionsApi).toDynamicValue(() => new FetchSmartSessionsApi(serviceClient(config, config.services.blockchainApi)))
  binder
    .bind(SessionKeyWallet)
    .toDynamicValue((ctx) => new Eip1193SessionKeyWallet((connectorId) => ctx.get(ChainFamilies).get(featureFamily('smartSessions'))?.getProvider(connectorId)))
  binder.bind(GrantPermissionsToken).toDynamicValue(
    (ctx) => new GrantPermissions({ enabled: config.features.smartSessions === true, connection: ctx.get(ConnectionStore), wallet: ctx.get(SessionKeyWallet) }),
  )
  binder.bind(SmartSessionsStoreToken).toDynamicValue(
    (ctx) =>
      new SmartSessionsStore({
        connection: ctx.get(ConnectionStore),
        api: ctx.get(SmartSessionsApi),
        wallet: ctx.get(SessionKeyWallet),
        logger: ctx.get(Logger),
      }),
  )
}
