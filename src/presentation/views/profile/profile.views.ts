import type { ViewLoaders } from '../view-loaders'

const profileViews = () => import('./index')

/** The visitor's profile, the choice of its shown name and of its account type (one chunk). */
export const views: ViewLoaders = {
  Profile: () => profileViews().then((m) => ({ default: m.Profile })),
  ChooseAccountName: () => profileViews().then((m) => ({ default: m.ChooseAccountName })),
  SwitchAccountType: () => profileViews().then((m) => ({ default: m.SwitchAccountType })),
}
