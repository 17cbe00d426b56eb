import type { ViewName } from '../../domain/navigation/views'
import type { ViewLoaders } from './view-loaders'

/**
 * The loaders of the views a visitor reaches once connected (account, networks, send, swap, buying,
 * names), as their areas name them: a chunk of its own, so their chunks are named in its preload map
 * and not in the shell's (./registry.ts, `LATER_VIEWS`).
 */
export const LATER_LOADERS: ViewLoaders = Object.assign(
  {},
  ...Object.values(
    import.meta.glob<ViewLoaders>(
      ['./networks.views.ts', './account/*.views.ts', './send/*.views.ts', './swap/*.views.ts', './onramp/*.views.ts', './names/*.views.ts'],
      { eager: true, import: 'views' },
    ),
  ),
)

/** Loads the chunk of a later view; rejects for a view this chunk does not hold. */
export function loadView(name: ViewName): ReturnType<NonNullable<ViewLoaders[ViewName]>> {
  const load = LATER_LOADERS[name]
  return load === undefined ? Promise.reject(new Error(`Walletgate: no view ${name}`)) : load()
}
