import type { ViewLoaders } from '../view-loaders'

const walletConnectView = () => import('../ConnectingWalletConnectView')

/** The connection's views after Connect: the wallet list, help, and waiting for a wallet. */
export const views: ViewLoaders = {
  AllWallets: () => import('../AllWalletsView'),
  WhatIsAWallet: () => import('../WhatIsAWalletView'),
  ConnectingExternal: () => import('../ConnectingExternalView'),
  ConnectingWalletConnect: walletConnectView,
  // Its own component type: React would otherwise reuse the Basic view's instance for the wallet's.
  ConnectingWalletConnectBasic: () => walletConnectView().then((m) => ({ default: m.ConnectingWalletConnectBasicView })),
}
