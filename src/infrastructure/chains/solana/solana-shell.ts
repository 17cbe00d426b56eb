/** What the shared page-side shell runs for the solana wing: Wallet Standard discovery, and the on-demand part. */
import type { FamilyShell } from '../on-demand-chain-family'
import { solanaConnectors } from './wallet-standard'

export const solanaShell: FamilyShell = {
  namespace: 'solana',
  async watch(options, publish) {
    const registry = options.registry?.() ?? (await import('./wallet-standard-registry')).pageRegistry()
    const refresh = () => publish(solanaConnectors(registry.get()))
    registry.on('register', refresh)
    registry.on('unregister', refresh)
    refresh()
  },
  parts: () => import('./wing-parts').then((m) => m.parts),
}
