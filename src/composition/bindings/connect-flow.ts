import { ConnectionStore } from '../../application/connection-store'
import { ModalStore } from '../../application/modal-store'
import { ConnectExternal } from '../../application/connection/connect-external'
import { RecentWallets } from '../../application/connection/recent-wallets'
import { EventReporter } from '../../application/connection/report-event'
import { WalletDirectory } from '../../application/connection/wallet-directory'
import { KeyValueStorage } from '../../ports/key-value-storage'
import { Logger } from '../../ports/logger'
import { Platform } from '../../ports/platform'
import { unlessOverridden } from '../binder'
import type { Bind } from '../feature-module'

/**
 * The connection flow's part of the composition root (ConnectExternal: connecting a chosen wallet,
 * its states, retry and cancel), a chunk of its own: the Connect view fetches it when it first
 * shows (so it is there by the visitor's click), not while the page is idle before any open.
 * Hands out the flow (the loader's `load('connectFlow')`).
 */
export const bindConnectFlow: Bind = ({ container }) => {
  unlessOverridden(container)
    .bind(ConnectExternal)
    .toDynamicValue(
      (ctx) =>
        new ConnectExternal({
          wallets: ctx.get(WalletDirectory),
          connection: ctx.get(ConnectionStore),
          modal: ctx.get(ModalStore),
          recent: ctx.get(RecentWallets),
          storage: ctx.get(KeyValueStorage),
          events: ctx.get(EventReporter),
          logger: ctx.get(Logger),
          platform: () => {
            const kind = ctx.get(Platform).kind
            return { isSafariIos: kind === 'ios-safari', isTelegram: kind === 'telegram' }
          },
        }),
    )
  return { handle: container.get(ConnectExternal) }
}
