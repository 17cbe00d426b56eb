import type { ViewLoaders } from '../view-loaders'

const onRampViews = () => import('./index')

/** Buying crypto (one chunk for both views). */
export const views: ViewLoaders = {
  OnRamp: () => onRampViews().then((m) => ({ default: m.OnRampView })),
  OnRampProviders: () => onRampViews().then((m) => ({ default: m.OnRampProvidersView })),
}
