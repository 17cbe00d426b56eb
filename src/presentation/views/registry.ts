import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { ViewName } from '../../domain/navigation/views'
import ConnectView from './ConnectView'
import { ApproveTransactionLazyView } from './send/approve-view-loader'

type View = ComponentType | LazyExoticComponent<ComponentType>
type Loader = () => Promise<{ default: ComponentType }>

/**
 * One chunk per area of views, imported in one place each: every `import()` here adds its chunks to
 * the shell's preload map, which loads before the modal opens.
 */
const namesViews = () => import('./names')
const onRampViews = () => import('./onramp')
const emailViews = () => import('./email')
const socialViews = () => import('./social')
const accountView = () => import('./AccountView')
const sendView = () => import('./SendView')
const swapView = () => import('./SwapView')

/** The lazily loaded views: each its own chunk, fetched when first shown. */
const LOADERS: Partial<Record<ViewName, Loader>> = {
  AllWallets: () => import('./AllWalletsView'),
  WhatIsAWallet: () => import('./WhatIsAWalletView'),
  ConnectingExternal: () => import('./ConnectingExternalView'),
  ConnectingWalletConnect: () => import('./ConnectingWalletConnectView'),
  // Its own component type: React would otherwise reuse the Basic view's instance for the wallet's.
  ConnectingWalletConnectBasic: () =>
    import('./ConnectingWalletConnectView').then((m) => ({ default: m.ConnectingWalletConnectBasicView })),
  Account: accountView,
  Networks: () => import('./NetworksView'),
  WhatIsANetwork: () => import('./WhatIsANetworkView'),
  SwitchNetwork: () => import('./SwitchNetworkView'),
  UnsupportedChain: () => import('./UnsupportedChainView'),
  WalletReceive: () => import('./WalletReceiveView'),
  Send: sendView,
  // Reached from Send only: Send's chunk names the preview's chunk, so the shell's preload map does not.
  SendPreview: () => sendView().then((m) => m.loadPreview()),
  Swap: swapView,
  // Reached from Swap only, the same way.
  SwapPreview: () => swapView().then((m) => m.loadPreview()),
  SIWXSignMessage: () => import('./SIWXSignMessageView'),
  RegisterAccountName: () => namesViews().then((m) => ({ default: m.RegisterAccountNameView })),
  RegisterAccountNameSuccess: () => namesViews().then((m) => ({ default: m.RegisterAccountNameSuccessView })),
  OnRamp: () => onRampViews().then((m) => ({ default: m.OnRampView })),
  OnRampProviders: () => onRampViews().then((m) => ({ default: m.OnRampProvidersView })),
  EmailVerifyOtp: () => emailViews().then((m) => ({ default: m.EmailVerifyOtpView })),
  EmailVerifyDevice: () => emailViews().then((m) => ({ default: m.EmailVerifyDeviceView })),
  UpdateEmailWallet: () => emailViews().then((m) => ({ default: m.UpdateEmailWalletView })),
  UpdateEmailPrimaryOtp: () => emailViews().then((m) => ({ default: m.UpdateEmailPrimaryOtpView })),
  UpdateEmailSecondaryOtp: () => emailViews().then((m) => ({ default: m.UpdateEmailSecondaryOtpView })),
  ConnectingSocial: () => socialViews().then((m) => ({ default: m.ConnectingSocialView })),
  ConnectingFarcaster: () => socialViews().then((m) => ({ default: m.ConnectingFarcasterView })),
  // Reached from Account only: its chunk names the sessions chunk, so the shell's preload map does not.
  SmartSessionList: () => accountView().then((m) => m.loadSessionList()),
}

/**
 * Each view is its own chunk, fetched when first shown, except Connect: it is the start view and
 * comes with the shell (itself loaded on demand), because a lazy start view would suspend on the
 * first open and React throttles the reveal of a suspended boundary by about 300 ms. Views not yet
 * built are absent here and the shell says so instead of showing a blank panel. A view's chunk
 * brings the English of its texts (each view module adds its area's, ../i18n/english.ts), so a view
 * that draws never shows a key. What each view waits for before it draws is its module's say
 * (`loads.whenViewOpens` in src/composition/modules/, given to the shell as ViewNeeds).
 */
export const VIEWS: Partial<Record<ViewName, View>> = {
  Connect: ConnectView,
  ...Object.fromEntries(Object.entries(LOADERS).map(([name, load]) => [name, lazy(load)])),
  ApproveTransaction: ApproveTransactionLazyView,
}

/**
 * Forgets a view's failed chunk load, so the next render fetches it again (React.lazy keeps a
 * rejected load for good). Views without a loader are left as they are.
 */
export function reloadView(name: ViewName): void {
  const load = LOADERS[name]
  if (load !== undefined) VIEWS[name] = lazy(load)
}
