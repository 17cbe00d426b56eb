import type { ViewLoaders } from '../view-loaders'

const socialViews = () => import('./index')

/** The social login's waiting views (one chunk). */
export const views: ViewLoaders = {
  ConnectingSocial: () => socialViews().then((m) => ({ default: m.ConnectingSocialView })),
  ConnectingFarcaster: () => socialViews().then((m) => ({ default: m.ConnectingFarcasterView })),
  // With the social buttons Connect shows (their chunk is there by the time "More" opens it).
  ConnectSocials: () => import('../connect/SocialButtons').then((m) => ({ default: m.ConnectSocialsView })),
}
