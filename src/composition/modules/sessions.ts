import type { FeatureModule } from '../feature-module'

/** Smart sessions: bound on `modal.grantPermissions` or when the sessions view first opens. */
export const sessions: FeatureModule = {
  id: 'sessions',
  loads: { whenViewOpens: ['SmartSessionList'] },
  after: ['account'],
  bind: () => import('../bindings/account-hub').then((hub) => hub.accountBindings()).then((m) => m.sessions()),
}
