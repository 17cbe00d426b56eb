import { parseConfig, type WalletModalConfig } from '../../../../src/domain/config'
import type { SchedulerLike } from 'rxjs'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ModalStore } from '../../../../src/application/modal-store'
import { ConnectExternal } from '../../../../src/application/connection/connect-external'
import { DisconnectWallet } from '../../../../src/application/connection/disconnect-wallet'
import { FollowWalletEvents } from '../../../../src/application/connection/follow-wallet-events'
import { ReconnectWallet } from '../../../../src/application/connection/reconnect-wallet'
import { RecentWallets } from '../../../../src/application/connection/recent-wallets'
import { EventReporter } from '../../../../src/application/connection/report-event'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { FakeChainFamily, familiesOf } from '../../../fakes/fake-chain-family'
import { WalletDirectory } from '../../../../src/application/connection/wallet-directory'
import { aModalConfig } from '../../../builders/config'
import { RecordingLogger } from '../../../fakes/recording-logger'
export { RecordingLogger }
import { InMemoryKeyValueStorage as MemoryStorage } from '../../../fakes/in-memory-key-value-storage'
export { MemoryStorage }



/** The connection use cases over fakes. */
export function connectionWorld(scheduler: SchedulerLike, overrides: Partial<WalletModalConfig> = {}, extraFamilies: FakeChainFamily[] = []) {
  const config = parseConfig(aModalConfig(overrides))
  const wallets = new FakeChainFamily()
  const families = familiesOf(wallets, ...extraFamilies)
  const directory = new WalletDirectory(families)
  const connection = new ConnectionStore()
  const modal = new ModalStore()
  const storage = new MemoryStorage()
  const logger = new RecordingLogger()
  const analytics = new InMemoryAnalytics()
  const events = new EventReporter(config, analytics, logger)
  const recent = new RecentWallets(storage)
  const connect = new ConnectExternal({ wallets: directory, connection, modal, recent, storage, events, logger })
  const disconnect = new DisconnectWallet({ families, connection, modal, storage, events, logger })
  const reconnect = new ReconnectWallet({ wallets: directory, connection, storage, scheduler, events, logger })
  const follow = new FollowWalletEvents(directory, connection, disconnect)
  return { config, wallets, families, directory, connection, modal, storage, logger, analytics, events, recent, connect, disconnect, reconnect, follow }
}
