import type { FeatureModule } from '../feature-module'


/** Swaps, through the connected EVM wallet: the flow, its adapter and views load when Swap first opens. */
export const swap: FeatureModule = {
  id: 'swap',
  loads: { whenViewOpens: ['Swap', 'SwapPreview', 'SwapSelectToken'] },
  after: ['account'],
  bind: () => import('../bindings/account-hub').then((hub) => hub.accountBindings()).then((m) => m.swap()),
}
