import { render } from '@testing-library/react'
import type { Container } from 'inversify'
import type { SchedulerLike } from 'rxjs'
import { createContainer } from '../../../../src/composition/container'
import { bindConnect } from '../../../../src/composition/bindings/connect'
import { bindConnectFlow } from '../../../../src/composition/bindings/connect-flow'
import { bindWalletConnect } from '../../../../src/composition/bindings/wallet-connect'
import { bindNow } from '../../../support/bind-now'
import { ModalStore } from '../../../../src/application/modal-store'
import { parseConfig } from '../../../../src/domain/config'
import type { WalletListing } from '../../../../src/domain/entities'
import { Analytics } from '../../../../src/ports/analytics'
import { Clock } from '../../../../src/ports/clock'
import { KeyValueStorage } from '../../../../src/ports/key-value-storage'
import { Logger } from '../../../../src/ports/logger'
import { Platform } from '../../../../src/ports/platform'
import { Scheduler } from '../../../../src/ports/scheduler'
import { WalletCatalogue } from '../../../../src/ports/wallet-catalogue'
import { WalletConnectPairings } from '../../../../src/ports/wallet-connectors'
import { ChainFamilies } from '../../../../src/ports/chain-family'
import { WALLETCONNECT_CONNECTOR } from '../../../../src/infrastructure/wallets/walletconnect/walletconnect-connectors'
import { DiProvider } from '../../../../src/presentation/di-context'
import { FakeChainFamily, familiesOf } from '../../../fakes/fake-chain-family'
import { FakeWalletConnectPairings } from '../../../fakes/fake-walletconnect-pairings'
import { InMemoryAnalytics } from '../../../fakes/in-memory-analytics'
import { InMemoryWalletCatalogue } from '../../../fakes/in-memory-wallet-catalogue'
import { aModalConfig } from '../../../builders/config'
import { MemoryStorage, RecordingLogger } from '../../application/connection/world'

export interface WalletConnectViewsOptions {
  /** The clock reads this (ms). */
  readonly now: () => number
  readonly catalogue?: readonly WalletListing[]
  readonly platform?: Platform
  readonly scheduler?: SchedulerLike
}

/**
 * The modal's real container with the connect views' bindings, WalletConnect and the browser
 * wallets faked, for rendering the WalletConnect views.
 */
export function walletConnectViews({ now, catalogue = [], platform, scheduler }: WalletConnectViewsOptions) {
  const wallets = new FakeChainFamily()
  wallets.add(WALLETCONNECT_CONNECTOR)
  const pairings = new FakeWalletConnectPairings()
  const container: Container = createContainer(parseConfig(aModalConfig()), (c) => {
    c.rebind(ChainFamilies).toConstantValue(familiesOf(wallets))
    c.rebind(WalletConnectPairings).toConstantValue(pairings)
    if (platform !== undefined) c.rebind(Platform).toConstantValue(platform)
    if (scheduler !== undefined) c.rebind(Scheduler).toConstantValue(scheduler)
    c.rebind(Clock).toConstantValue({ now })
    c.rebind(WalletCatalogue).toConstantValue(new InMemoryWalletCatalogue({ wallets: [...catalogue] }))
    c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
    c.rebind(KeyValueStorage).toConstantValue(new MemoryStorage())
    c.rebind(Logger).toConstantValue(new RecordingLogger())
  })
  // The connect views' own bindings live in a lazily loaded part of the composition root.
  // With the WalletConnect views' and the catalogue lists' bindings (their own chunk in the product).
  bindNow(container, bindConnect, bindConnectFlow, bindWalletConnect)
  const ui = (node: React.ReactNode) => render(<DiProvider container={container}>{node}</DiProvider>)
  return {
    wallets,
    pairing: pairings.subject,
    calls: pairings.calls,
    container,
    ui,
    modal: container.get(ModalStore),
  }
}
