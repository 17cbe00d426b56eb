import type { ViewLoaders } from '../view-loaders'

const namesViews = () => import('./index')

/** Name registration (one chunk for both views). */
export const views: ViewLoaders = {
  RegisterAccountName: () => namesViews().then((m) => ({ default: m.RegisterAccountNameView })),
  RegisterAccountNameSuccess: () => namesViews().then((m) => ({ default: m.RegisterAccountNameSuccessView })),
}
