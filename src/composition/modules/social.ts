import type { FeatureModule } from '../feature-module'


/**
 * Social login, with the embedded wallet: the use case and the page's windows load when a visitor
 * reaches the social buttons (the connect module binds its loader); its views need nothing more.
 */
export const social: FeatureModule = {
  id: 'social',
  after: ['connectFlow'],
  bind: () => import('../bindings/social').then((m) => m.bindSocial),
}
