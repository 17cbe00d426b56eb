import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewLoaders } from './view-loaders'
import type { ViewName } from '../../domain/navigation/views'
import ConnectView, { ConnectWalletsView } from './ConnectView'
import { ApproveTransactionLazyView } from './send/approve-view-loader'

type View = ComponentType | LazyExoticComponent<ComponentType>

/**
 * The lazily loaded views, each its own chunk fetched when first shown, as each area names them in
 * its `<area>.views.ts` (./view-loaders.ts). Every `import()` there adds its chunks to the shell's
 * preload map, which loads before the modal opens: an area imports each of its chunks in one place.
 */
const LOADERS: ViewLoaders = Object.assign(
  {},
  ...Object.values(import.meta.glob<ViewLoaders>(['./*.views.ts', './*/*.views.ts'], { eager: true, import: 'views' })),
)

/**
 * Each view is its own chunk, fetched when first shown, except Connect: it is the start view and
 * comes with the shell (itself loaded on demand), because a lazy start view would suspend on the
 * first open and React throttles the reveal of a suspended boundary by about 300 ms. Views not yet
 * built are absent here and the shell says so instead of showing a blank panel. A view's chunk
 * brings the English of its texts (each view module adds its area's, ../i18n/english.ts), so a view
 * that draws never shows a key. What each view waits for before it draws is its module's say
 * (`loads.whenViewOpens` in src/composition/modules/, given to the shell as ViewNeeds).
 */
export const VIEWS: Partial<Record<ViewName, View>> = {
  Connect: ConnectView,
  // With Connect, in the shell's chunk: a chunk of its own would split the wallet list's modules
  // (shared with it) out of the shell into chunks of their own, each a request and bytes more.
  ConnectWallets: ConnectWalletsView,
  ...Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)])),
  ApproveTransaction: ApproveTransactionLazyView,
}

/**
 * Forgets a view's failed chunk load, so the next render fetches it again (React.lazy keeps a
 * rejected load for good). Views without a loader are left as they are.
 */
export function reloadView(name: ViewName): void {
  const load = LOADERS[name]
  if (load !== undefined) VIEWS[name] = lazy(load)
}
