import type { ViewLoaders } from '../view-loaders'

const onRampViews = () => import('./index')

/** Buying crypto (one chunk for its views: the pickers come back to the form it holds). */
export const views: ViewLoaders = {
  OnRamp: () => onRampViews().then((m) => ({ default: m.OnRampView })),
  OnRampProviders: () => onRampViews().then((m) => ({ default: m.OnRampProvidersView })),
  OnRampTokenSelect: () => onRampViews().then((m) => ({ default: m.OnRampTokenSelectView })),
  OnRampFiatSelect: () => onRampViews().then((m) => ({ default: m.OnRampFiatSelectView })),
}
