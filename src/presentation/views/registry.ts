import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewName } from '../../domain/navigation/views'
import { ApproveTransactionLazyView } from './send/approve-view-loader'

type LazyView = LazyExoticComponent<ComponentType>

/**
 * Each view is its own chunk, fetched when first shown. Views not yet built are absent here and
 * the shell says so instead of showing a blank panel.
 */
export const VIEWS: Partial<Record<ViewName, LazyView>> = {
  Connect: lazy(() => import('./ConnectView')),
  AllWallets: lazy(() => import('./AllWalletsView')),
  ConnectingExternal: lazy(() => import('./ConnectingExternalView')),
  ConnectingWalletConnect: lazy(() => import('./ConnectingWalletConnectView')),
  ConnectingWalletConnectBasic: lazy(() => import('./ConnectingWalletConnectView')),
  Account: lazy(() => import('./AccountView')),
  Networks: lazy(() => import('./NetworksView')),
  SwitchNetwork: lazy(() => import('./SwitchNetworkView')),
  UnsupportedChain: lazy(() => import('./UnsupportedChainView')),
  WalletReceive: lazy(() => import('./WalletReceiveView')),
  Send: lazy(() => import('./SendView')),
  SendPreview: lazy(() => import('./SendPreviewView')),
  ApproveTransaction: ApproveTransactionLazyView,
}
