import type { FeatureModule } from '../feature-module'


/** Buying crypto: its use case and views load when a visitor first opens one of its views. */
export const onRamp: FeatureModule = {
  id: 'onRamp',
  loads: { whenViewOpens: ['OnRamp', 'OnRampProviders', 'OnRampTokenSelect', 'OnRampFiatSelect'] },
  after: ['account'],
  bind: () => import('../bindings/account-hub').then((hub) => hub.accountBindings()).then((m) => m.onRamp()),
}
