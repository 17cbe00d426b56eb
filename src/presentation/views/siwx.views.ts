import type { ViewLoaders } from './view-loaders'

/** Sign in with the wallet. */
export const views: ViewLoaders = {
  SIWXSignMessage: () => import('./SIWXSignMessageView'),
}
