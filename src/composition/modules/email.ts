import type { FeatureModule } from '../feature-module'


/**
 * Email login, with the embedded wallet: the use case loads when the visitor focuses the email
 * field (the connect module binds its loader); its steps' views come before any account exists,
 * the email settings' views wait for the account module.
 */
export const email: FeatureModule = {
  id: 'email',
  after: ['connectFlow'],
  bind: () => import('../bindings/email').then((m) => m.bindEmail),
}
