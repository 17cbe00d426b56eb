import type { FeatureModule } from '../feature-module'

/**
 * The connection flow (connecting a chosen wallet, its states, retry and cancel): fetched when the
 * Connect view first shows, so it is there by the visitor's click, or when ConnectingExternal opens.
 */
export const connectFlow: FeatureModule = {
  id: 'connectFlow',
  loads: { whenViewOpens: ['ConnectingExternal'] },
  after: ['connect'],
  bind: () => import('../bindings/connect-flow').then((m) => m.bindConnectFlow),
}
