import type { ViewLoaders } from '../view-loaders'

const onRampViews = () => import('./index')

/** Buying crypto (one chunk for its views: the pickers come back to the form it holds). */
export const views: ViewLoaders = {
  OnRamp: () => onRampViews().then((m) => ({ default: m.OnRampView })),
  OnRampProviders: () => onRampViews().then((m) => ({ default: m.OnRampProvidersView })),
  // Through the area's chunk: an import() here would grow the page's first script.
  OnRampTokenSelect: () => onRampViews().then((m) => m.loadPickers()).then((m) => ({ default: m.OnRampTokenSelectView })),
  OnRampFiatSelect: () => onRampViews().then((m) => m.loadPickers()).then((m) => ({ default: m.OnRampFiatSelectView })),
}
