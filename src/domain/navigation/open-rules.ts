/**
 * Which view opening and closing the modal lands on (spec section 2), and when a change of
 * context resets the view.
 */
import type { ChainNamespace } from '../entities'
import type { ViewData, ViewName } from './views'

export interface OpenContext {
  /** A view the caller asked for explicitly. */
  requestedView?: ViewName
  requestedData?: ViewData
  /** True when an address is connected. */
  isConnected: boolean
  /** False when the host configured no chain adapters (WalletConnect only). */
  hasAdapters: boolean
  /** The host drives WalletConnect itself (the manual wallet-connect control). */
  manualWalletConnectControl: boolean
  isMobile: boolean
}

export interface ViewTarget {
  view: ViewName
  data?: ViewData
}

/**
 * The view the modal opens on:
 * 1. manual wallet-connect control, or no adapters while disconnected: AllWallets on mobile,
 *    ConnectingWalletConnectBasic on desktop;
 * 2. else the requested view;
 * 3. else Account when connected;
 * 4. else Connect.
 */
export function resolveOpenView(ctx: OpenContext): ViewTarget {
  if (ctx.manualWalletConnectControl || (!ctx.hasAdapters && !ctx.isConnected)) {
    return { view: ctx.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic' }
  }
  if (ctx.requestedView) {
    return ctx.requestedData === undefined
      ? { view: ctx.requestedView }
      : { view: ctx.requestedView, data: ctx.requestedData }
  }
  return { view: ctx.isConnected ? 'Account' : 'Connect' }
}

/** Closing in embedded mode shows Account when connected, otherwise Connect. */
export function resolveEmbeddedCloseView(isConnected: boolean): ViewName {
  return isConnected ? 'Account' : 'Connect'
}

/**
 * The view resets when the active namespace (chain family) changes. Returns the view to reset
 * to, or undefined when nothing changed (or there was no previous namespace).
 */
export function resolveNamespaceChangeView(
  previous: ChainNamespace | undefined,
  next: ChainNamespace | undefined,
  isConnected: boolean,
): ViewName | undefined {
  if (previous === undefined || previous === next) return undefined
  return isConnected ? 'Account' : 'Connect'
}
