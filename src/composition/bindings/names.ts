import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { IdentityStore } from '../../application/account/identity-store'
import { RegisterAccountName } from '../../application/names/register-account-name'
import { NameRegistrationApi, NamesApi } from '../../ports/blockchain/names'
import { ChainFamilies } from '../../ports/chain-family'
import { Clock } from '../../ports/clock'
import { Logger } from '../../ports/logger'
import { Scheduler } from '../../ports/scheduler'
import { FetchNameRegistrationApi } from '../../infrastructure/http/blockchain/fetch-name-registration-api'
import { NameCachesToken } from '../../infrastructure/http/blockchain/name-caches'
import { serviceClient } from '../service-client'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'

/**
 * Name registration's part of the composition root, a chunk of its own (its module's `bind`):
 * fetched when a visitor first opens RegisterAccountName. Hands back what stops it.
 */
export const bindNames: Bind = ({ container, config }) => {
  let made: RegisterAccountName | undefined
  const binder = unlessOverridden(container)
  binder
    .bind(NameRegistrationApi)
    .toDynamicValue((ctx) => new FetchNameRegistrationApi(serviceClient(config, config.services.blockchainApi), ctx.get(NameCachesToken)))
  binder
    .bind(RegisterAccountName)
    .toDynamicValue(
      (ctx) =>
        (made = new RegisterAccountName({
          connection: ctx.get(ConnectionStore),
          api: ctx.get(NamesApi),
          registration: ctx.get(NameRegistrationApi),
          families: ctx.get(ChainFamilies),
          profile: ctx.get(IdentityStore),
          views: ctx.get(ModalStore),
          scheduler: ctx.get(Scheduler),
          clock: ctx.get(Clock),
          logger: ctx.get(Logger),
        })),
    )
  // What the modal's destroy() stops: the suggestions' subscription.
  return { stop: () => made?.dispose() }
}
