import { DEFAULT_REMOTE_FEATURES } from '../../domain/constants'
import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { ActivityStore } from '../../application/activity/activity-store'
import { NetworksStore } from '../../application/networks/networks-store'
import { BuyCrypto } from '../../application/onramp/buy-crypto'
import { ActivityApi } from '../../ports/blockchain/activity'
import { OnRampApi } from '../../ports/blockchain/on-ramp'
import { Logger } from '../../ports/logger'
import { Scheduler } from '../../ports/scheduler'
import { FetchOnRampApi } from '../../infrastructure/http/blockchain/fetch-on-ramp-api'
import { serviceClient } from '../service-client'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'

/**
 * Buying crypto's part of the composition root, a chunk of its own (its module's `bind`):
 * fetched when a visitor first opens OnRamp. Hands back what stops it.
 */
export const bindOnRamp: Bind = ({ container, config }) => {
  let made: BuyCrypto | undefined
  const binder = unlessOverridden(container)
  binder
    .bind(OnRampApi)
    .toDynamicValue((ctx) => new FetchOnRampApi(serviceClient(config, config.services.blockchainApi), { logger: ctx.get(Logger) }))
  binder
    .bind(BuyCrypto)
    .toDynamicValue((ctx) => {
      const networks = ctx.get(NetworksStore)
      const connection = ctx.get(ConnectionStore)
      return (made = new BuyCrypto({
        connection,
        activeNetwork: () => networks.snapshot.activeNetwork,
        changes$: [networks.state$, connection.state$],
        api: ctx.get(OnRampApi),
        history: ctx.get(ActivityApi),
        remoteProviders: DEFAULT_REMOTE_FEATURES.onramp,
        providerSetting: config.onrampProviders,
        activity: ctx.get(ActivityStore),
        views: ctx.get(ModalStore),
        scheduler: ctx.get(Scheduler),
        logger: ctx.get(Logger),
      }))
    })
  // What the modal's destroy() stops: the quote's subscription and the purchase being followed.
  return { stop: () => made?.dispose() }
}
