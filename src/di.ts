import 'reflect-metadata'
import { asyncScheduler } from 'rxjs'
import { Container } from 'inversify'
import type { ResolvedConfig } from './domain/config'
import { ConnectionStore } from './application/connection-store'
import { ModalStore } from './application/modal-store'
import { SnackStore } from './application/snack-store'
import { ModalConfig } from './application/tokens'
import { Clock } from './ports/clock'
import { KeyValueStorage } from './ports/key-value-storage'
import { Logger } from './ports/logger'
import { Scheduler } from './ports/scheduler'
import { SystemClock } from './infrastructure/system-clock'
import { ConsoleLogger } from './infrastructure/logging/console-logger'
import { BrowserKeyValueStorage } from './infrastructure/storage/browser-key-value-storage'

/** Lets a test or a host swap bindings after the defaults are in place (`container.rebind(T)`). */
export type ContainerOverrides = (container: Container) => void

/**
 * The composition root: the only module that knows every adapter. One container per modal
 * instance, so two modals on a page never share state. Singleton scope: each `get` of a store
 * returns the same instance within this container.
 */
export function createContainer(config: ResolvedConfig, overrides?: ContainerOverrides): Container {
  const container = new Container({ defaultScope: 'Singleton' })

  container.bind(ModalConfig).toConstantValue(config)
  container.bind(Clock).toConstantValue(new SystemClock())
  container.bind(Scheduler).toConstantValue(asyncScheduler)
  container.bind(Logger).toConstantValue(new ConsoleLogger())
  container.bind(KeyValueStorage).toConstantValue(new BrowserKeyValueStorage(storagePrefix(config)))

  container.bind(ModalStore).toResolvedValue(() => new ModalStore())
  container.bind(ConnectionStore).toResolvedValue(() => new ConnectionStore())
  container.bind(SnackStore).toDynamicValue((ctx) => new SnackStore(ctx.get(Scheduler)))

  overrides?.(container)
  return container
}

function storagePrefix(config: ResolvedConfig): string {
  return `walletgate:${config.projectId ?? 'default'}:`
}
