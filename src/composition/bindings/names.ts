import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { IdentityStore } from '../../application/account/identity-store'
import { RegisterAccountName } from '../../application/names/register-account-name'
import { BlockchainApi } from '../../ports/blockchain-api'
import { ChainFamilies } from '../../ports/chain-family'
import { Clock } from '../../ports/clock'
import { Logger } from '../../ports/logger'
import { Scheduler } from '../../ports/scheduler'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'

/**
 * Name registration's part of the composition root, a chunk of its own (its module's `bind`):
 * fetched when a visitor first opens RegisterAccountName. Hands back what stops it.
 */
export const bindNames: Bind = ({ container }) => {
  let made: RegisterAccountName | undefined
  unlessOverridden(container)
    .bind(RegisterAccountName)
    .toDynamicValue(
      (ctx) =>
        (made = new RegisterAccountName({
          connection: ctx.get(ConnectionStore),
          api: ctx.get(BlockchainApi),
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
