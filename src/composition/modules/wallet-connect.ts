import type { FeatureModule } from '../feature-module'


/** WalletConnect's QR and the catalogue's wallet lists: bound when one of their views opens. */
export const walletConnect: FeatureModule = {
  id: 'walletConnect',
  loads: { whenViewOpens: ['AllWallets', 'ConnectingWalletConnect', 'ConnectingWalletConnectBasic'] },
  after: ['connectFlow'],
  bind: () => import('../bindings/wallet-connect').then((m) => m.bindWalletConnect),
}
