import type { Container } from 'inversify'
import { createContainer, type ChainWing, type ContainerOverrides } from '../../src/composition/container'
import { parseConfig, type WalletModalConfig } from '../../src/domain/config'
import { AlertStore } from '../../src/application/alert-store'
import { LocaleStore } from '../../src/application/locale-store'
import { ModalLocale } from '../../src/application/modal-services'
import { ThemeStore } from '../../src/application/theme-store'
import { Analytics } from '../../src/ports/analytics'
import { ChainFamilies } from '../../src/ports/chain-family'
import { Clock } from '../../src/ports/clock'
import { KeyValueStorage } from '../../src/ports/key-value-storage'
import { Logger } from '../../src/ports/logger'
import { Platform } from '../../src/ports/platform'
import { SmartSessionsApi } from '../../src/ports/smart-sessions'
import { Telemetry } from '../../src/ports/telemetry'
import { WalletCatalogue } from '../../src/ports/wallet-catalogue'
import { WalletConnectPairings } from '../../src/ports/wallet-connectors'
import { aModalConfig } from '../builders/config'
import { FakeChainFamily, familiesOf } from '../fakes/fake-chain-family'
import { FakePlatform } from '../fakes/fake-platform'
import { FakeWalletConnectPairings } from '../fakes/fake-walletconnect-pairings'
import { InMemoryAnalytics } from '../fakes/in-memory-analytics'
import { bindInMemoryBlockchainService } from '../fakes/blockchain/in-memory-blockchain-service'
import { InMemoryKeyValueStorage } from '../fakes/in-memory-key-value-storage'
import { InMemorySmartSessionsApi } from '../fakes/in-memory-smart-sessions-api'
import { InMemoryTelemetry } from '../fakes/in-memory-telemetry'
import { InMemoryWalletCatalogue } from '../fakes/in-memory-wallet-catalogue'
import { ManualClock } from '../fakes/manual-clock'
import { InMemoryFiatRatesApi } from '../fakes/blockchain/in-memory-fiat-rates-api'
import { FiatRatesApi } from '../../src/ports/blockchain/fiat-rates'
import { DisplayCurrencyStore } from '../../src/application/display-currency/display-currency-store'
import { RecordingLogger } from '../fakes/recording-logger'

/**
 * A modal's container for a test, built as production builds it (`createContainer` over the
 * manifest's modules), with every port that reaches the outside world bound to its fake from
 * tests/fakes: the clock, storage, logger, platform, analytics, telemetry, the chain families,
 * WalletConnect, the wallet catalogue, the blockchain service (its fiat rates too) and smart sessions' service. Sign-in's
 * storage follows the config (`siwx.storage`, else local storage over the fake KeyValueStorage).
 * It also binds what `createWalletModal` adds per instance (theme, locale, alerts).
 *
 * `overrides` runs last: `c.rebind(Token)` swaps a default or a module's service. An on-demand
 * module (bound later by `ModuleLoader.load` or `bindNow`) keeps a binding made here. The scheduler
 * stays the production one unless a test rebinds `Scheduler` to drive time.
 */
export function createTestContainer(
  config: WalletModalConfig = aModalConfig(),
  overrides?: ContainerOverrides,
  families: readonly ChainWing[] = [],
): Container {
  const resolved = parseConfig(config, families.map((wing) => wing.namespace))
  return createContainer(
    resolved,
    (c) => {
      const clock = new ManualClock()
      c.rebind(Clock).toConstantValue(clock)
      c.rebind(Logger).toConstantValue(new RecordingLogger())
      c.rebind(KeyValueStorage).toConstantValue(new InMemoryKeyValueStorage())
      c.rebind(Platform).toConstantValue(new FakePlatform())
      c.rebind(Analytics).toConstantValue(new InMemoryAnalytics())
      c.rebind(Telemetry).toConstantValue(new InMemoryTelemetry(clock))
      c.rebind(ChainFamilies).toConstantValue(familiesOf(new FakeChainFamily()))
      c.rebind(WalletConnectPairings).toConstantValue(new FakeWalletConnectPairings())
      // The on-demand modules' outside ports: bound first here, their modules keep these.
      c.bind(WalletCatalogue).toConstantValue(new InMemoryWalletCatalogue())
      bindInMemoryBlockchainService(c)
      c.bind(SmartSessionsApi).toConstantValue(new InMemorySmartSessionsApi())
      c.bind(FiatRatesApi).toConstantValue(new InMemoryFiatRatesApi())
      // Every view that shows money reads it (the account module binds the same when it loads).
      c.bind(DisplayCurrencyStore).toDynamicValue(
        (ctx) => new DisplayCurrencyStore({ api: ctx.get(FiatRatesApi), storage: ctx.get(KeyValueStorage), clock: ctx.get(Clock), logger: ctx.get(Logger), hostDefault: resolved.displayCurrency }),
      )
      // The instance's own services (createWalletModal binds them beside the manifest's).
      c.bind(ThemeStore).toDynamicValue(() => new ThemeStore(resolved.themeMode))
      c.bind(LocaleStore).toDynamicValue(() => new LocaleStore(resolved.locale, resolved.messages, () => undefined))
      c.bind(ModalLocale).toService(LocaleStore)
      c.bind(AlertStore).toDynamicValue(() => new AlertStore())
      overrides?.(c)
    },
    families,
  )
}
