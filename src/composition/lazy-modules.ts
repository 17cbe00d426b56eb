import { UsageError } from '../domain/domain-error'
import type { Bound, FeatureModule, ModuleContext } from './feature-module'
import type { ModuleLoader } from './module-loader'

/**
 * The one loader of the manifest's on-demand modules: each bound once, after the modules it names,
 * from its chunk. A failed load is forgotten, so the next call tries again.
 */
export function lazyModules(modules: readonly FeatureModule[], context: Omit<ModuleContext, 'loader'>): ModuleLoader {
  const loading = new Map<string, Promise<unknown>>()
  const bound = new Map<string, Bound | void>()
  const stops: (() => void)[] = []
  let disposed = false
  const loader: ModuleLoader = {
    load(id) {
      let load = loading.get(id)
      if (load === undefined) {
        const module = modules.find((m) => m.id === id)
        load = Promise.all([module?.bind?.(), ...(module?.after ?? []).map((after) => loader.load(after))]).then(([bind]) => {
          if (disposed) throw new UsageError('The modal was destroyed.')
          const made = bind?.({ ...context, loader })
          if (made?.stop) stops.push(made.stop)
          bound.set(id, made)
          return made?.handle
        })
        load.catch(() => loading.delete(id))
        loading.set(id, load)
      }
      return load as never
    },
    loaded: (id) => bound.has(id),
    // After dispose() the moment has passed: nothing is bound, and nothing waits for it.
    loadAt: (moment) =>
      Promise.all(modules.filter((m) => m.loads?.[moment]).map((m) => loader.load(m.id))).catch((error: unknown) => {
        if (!disposed) throw error
      }),
    dispose() {
      disposed = true
      bound.clear()
      for (const stop of stops.splice(0).reverse()) stop()
    },
  }
  return loader
}
