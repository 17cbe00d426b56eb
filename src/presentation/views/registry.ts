import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewName } from '../../domain/navigation/views'
import ConnectView from './ConnectView'
import { ApproveTransactionLazyView } from './send/approve-view-loader'

type View = ComponentType | LazyExoticComponent<ComponentType>

/**
 * Each view is its own chunk, fetched when first shown, except Connect: it is the start view and
 * comes with the shell (itself loaded on demand), because a lazy start view would suspend on the
 * first open and React throttles the reveal of a suspended boundary by about 300 ms. Views not yet
 * built are absent here and the shell says so instead of showing a blank panel.
 */
export const VIEWS: Partial<Record<ViewName, View>> = {
  Connect: ConnectView,
  AllWallets: lazy(() => import('./AllWalletsView')),
  ConnectingExternal: lazy(() => import('./ConnectingExternalView')),
  ConnectingWalletConnect: lazy(() => import('./ConnectingWalletConnectView')),
  ConnectingWalletConnectBasic: lazy(() =>
    import('./ConnectingWalletConnectView').then((m) => ({ default: m.ConnectingWalletConnectBasicView })),
  ),
  Account: lazy(() => import('./AccountView')),
  Networks: lazy(() => import('./NetworksView')),
  SwitchNetwork: lazy(() => import('./SwitchNetworkView')),
  UnsupportedChain: lazy(() => import('./UnsupportedChainView')),
  WalletReceive: lazy(() => import('./WalletReceiveView')),
  Send: lazy(() => import('./SendView')),
  SendPreview: lazy(() => import('./SendPreviewView')),
  ApproveTransaction: ApproveTransactionLazyView,
}
