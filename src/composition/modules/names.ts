import type { FeatureModule } from '../feature-module'


/** Name registration: its use case and views load when a visitor first opens one of its views. */
export const names: FeatureModule = {
  id: 'names',
  loads: { whenViewOpens: ['RegisterAccountName', 'RegisterAccountNameSuccess'] },
  after: ['account'],
  bind: () => import('../bindings/account-hub').then((hub) => hub.accountBindings()).then((m) => m.names()),
}
