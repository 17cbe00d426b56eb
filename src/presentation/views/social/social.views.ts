import type { ViewLoaders } from '../view-loaders'

const socialViews = () => import('./index')

/** The social login's waiting views (one chunk). */
export const views: ViewLoaders = {
  ConnectingSocial: () => socialViews().then((m) => ({ default: m.ConnectingSocialView })),
  ConnectingFarcaster: () => socialViews().then((m) => ({ default: m.ConnectingFarcasterView })),
}
