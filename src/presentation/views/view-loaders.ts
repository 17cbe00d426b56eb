import type { ComponentType } from 'react'
import type { ViewName } from '../../domain/navigation/views'

/** Loads a view's chunk (the module whose default export is the view). */
export type ViewLoader = () => Promise<{ default: ComponentType }>

/**
 * An area's views by name, each loaded when first shown: every area says its own in a
 * `<area>.views.ts` file beside its views (`export const views: ViewLoaders = {...}`), which the
 * shell's registry (./registry.ts) finds by that name, so adding an area adds no line there.
 */
export type ViewLoaders = Partial<Record<ViewName, ViewLoader>>
