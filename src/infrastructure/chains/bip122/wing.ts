/**
 * The bip122 (Bitcoin) wing's descriptor, on the shared page-side shell: Wallet Standard wallets
 * with `bitcoin:connect` (followed through the registry) and sats-connect providers.
 */
import { pageOf, watchWallets } from '../family-discovery'
import { bitcoinConnectors } from './bitcoin-discovery'
import { OnDemandChainFamily, type OnDemandWing } from '../on-demand-chain-family'

export const bip122: OnDemandWing = {
  namespace: 'bip122',
  family(context) {
    return new OnDemandChainFamily(this, context.networks, context.logger, { appName: context.appName })
  },
  async watch(options, publish) {
    const registry = options.registry?.() ?? (await import('../solana/wallet-standard-registry')).pageRegistry()
    const page = pageOf(options)
    const scan = () => bitcoinConnectors(registry.get(), page())
    for (const event of ['register', 'unregister'] as const) registry.on(event, () => publish(scan()))
    watchWallets(options, scan, publish)
  },
  parts: () => import('./wing-parts').then((m) => m.parts),
}
