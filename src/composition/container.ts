// The lite polyfill: the one inversify's container itself loads, so the page carries only one.
import 'reflect-metadata/lite'
import { Container } from 'inversify'
import type { ResolvedConfig } from '../domain/config'
import type { ChainWing } from '../infrastructure/chains/wing'
import { eip155 } from '../infrastructure/chains/eip155/wing'
import type { FeatureModule } from './feature-module'
import { lazyModules } from './lazy-modules'
import { MANIFEST } from './manifest'
import { ModuleLoader, ViewNeeds } from './module-loader'

export type { ChainWing } from '../infrastructure/chains/wing'

/**
 * Lets a test or a host swap bindings after the defaults are in place (`container.rebind(T)`).
 * Tokens are named for what they hand out (docs/architecture.md): an interface's is a Symbol of its
 * name, a class bound as itself is its own, a class kept out of the asking chunk has `<Class>Token`.
 */
export type ContainerOverrides = (container: Container) => void

/**
 * The composition root: the only place that knows every adapter. One container per modal
 * instance, so two modals on a page never share state. The manifest's modules bind on it: their
 * `setup` now, the rest through the module loader when their moment comes.
 */
export function createContainer(
  config: ResolvedConfig,
  overrides?: ContainerOverrides,
  families: readonly ChainWing[] = [],
  modules: readonly FeatureModule[] = MANIFEST,
): Container {
  const container = new Container({ defaultScope: 'Singleton' })
  // EVM is always there (most hosts are EVM apps, and the modal's own features speak it); the other
  // families are the ones the host passed (createWalletModal's `families`), those of its networks kept.
  const wings = [eip155, ...families].filter((wing) => config.networks.some((n) => n.chainNamespace === wing.namespace))
  const loader = lazyModules(modules, { container, config, wings })
  for (const module of modules) module.setup?.({ container, config, wings, loader })
  container.bind(ModuleLoader).toConstantValue(loader)
  container.bind(ViewNeeds).toConstantValue(viewNeeds(modules))
  overrides?.(container)
  return container
}

/** The module each view waits for: the one whose `loads.whenViewOpens` names it. */
export function viewNeeds(modules: readonly FeatureModule[]): ViewNeeds {
  const needs: Record<string, string> = {}
  for (const module of modules) for (const view of module.loads?.whenViewOpens ?? []) needs[view] = module.id
  return needs
}
