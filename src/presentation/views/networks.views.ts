import type { ViewLoaders } from './view-loaders'

/** Networks: the list, help, a switch under way and an unsupported one. */
export const views: ViewLoaders = {
  Networks: () => import('./NetworksView'),
  WhatIsANetwork: () => import('./WhatIsANetworkView'),
  SwitchNetwork: () => import('./SwitchNetworkView'),
  UnsupportedChain: () => import('./UnsupportedChainView'),
}
