/** The polkadot wing's descriptor, on the shared page-side shell: each entry of `window.injectedWeb3` with `enable`. */
import { injectedConnectors, pageOf, watchWallets, type Page } from '../family-discovery'
import { OnDemandChainFamily, type OnDemandWing } from '../on-demand-chain-family'

export const polkadot: OnDemandWing = {
  namespace: 'polkadot',
  family(context) {
    return new OnDemandChainFamily(this, context.networks, context.logger, { appName: context.appName })
  },
  async watch(options, publish) {
    const page = pageOf(options)
    watchWallets(options, () => injectedConnectors('polkadot', page().injectedWeb3 as Page | undefined, undefined, ['enable']), publish)
  },
  parts: () => import('./wing-parts').then((m) => m.parts),
}
