/** The cosmos wing's descriptor, on the shared page-side shell: the Keplr-style globals with `enable` and `getKey`. */
import { injectedConnectors, pageOf, watchWallets } from '../family-discovery'
import { OnDemandChainFamily, type OnDemandWing } from '../on-demand-chain-family'

/** The globals Keplr-style wallets inject, with the wallet's name. */
const KEPLR_GLOBALS = { keplr: 'Keplr', leap: 'Leap' }

export const cosmos: OnDemandWing = {
  namespace: 'cosmos',
  family(context) {
    return new OnDemandChainFamily(this, context.networks, context.logger, { appName: context.appName })
  },
  async watch(options, publish) {
    const page = pageOf(options)
    watchWallets(options, () => injectedConnectors('cosmos', page(), KEPLR_GLOBALS, ['enable', 'getKey']), publish)
  },
  parts: () => import('./wing-parts').then((m) => m.parts),
}
