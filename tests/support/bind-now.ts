import type { Container } from 'inversify'
import { ModalConfig } from '../../src/application/modal-services'
import type { Bind } from '../../src/composition/feature-module'
import { ModuleLoader } from '../../src/composition/module-loader'

/**
 * Runs modules' on-demand bindings at once on a modal's container (in the product each is a chunk
 * the module loader fetches), for a test that renders their views straight away.
 */
export function bindNow(container: Container, ...binds: Bind[]): void {
  const context = { container, config: container.get(ModalConfig), wings: [], loader: container.get(ModuleLoader) }
  for (const bind of binds) bind(context)
}
