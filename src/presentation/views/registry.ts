import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewName } from '../../domain/navigation/views'

type LazyView = LazyExoticComponent<ComponentType>

/**
 * Each view is its own chunk, fetched when first shown. Views not yet built are absent here and
 * the shell says so instead of showing a blank panel.
 */
export const VIEWS: Partial<Record<ViewName, LazyView>> = {
  Connect: lazy(() => import('./ConnectView')),
}
