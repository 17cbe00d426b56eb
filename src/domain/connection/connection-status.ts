/**
 * Connection status machine (spec section 4): disconnected, connecting while a connect request
 * is in flight, connected. On Safari iOS and in Telegram the WalletConnect path stays
 * connecting until its pairing completes, even once the connect request itself resolved.
 */
import type { ConnectionStatus } from '../entities'

export type ConnectPath = 'walletConnect' | 'injected' | 'external' | 'auth'

export interface ConnectionPlatform {
  isSafariIos: boolean
  isTelegram: boolean
}

export interface ConnectionMachineState {
  readonly status: ConnectionStatus
  /** Connected only once the WalletConnect pairing completes. */
  readonly awaitingPairing: boolean
}

export type ConnectionEvent =
  | { readonly type: 'CONNECT_REQUESTED'; readonly path: ConnectPath; readonly platform: ConnectionPlatform }
  | { readonly type: 'CONNECT_RESOLVED' }
  | { readonly type: 'PAIRING_COMPLETED' }
  | { readonly type: 'CONNECT_FAILED' }
  | { readonly type: 'DISCONNECTED' }
  /** A session restored on load (or an account change reported by the wallet). */
  | { readonly type: 'ACCOUNT_RESTORED' }

export const INITIAL_CONNECTION_STATE: ConnectionMachineState = {
  status: 'disconnected',
  awaitingPairing: false,
}

/** True when this connect path waits for the pairing before counting as connected. */
export function waitsForPairing(path: ConnectPath, platform: ConnectionPlatform): boolean {
  return path === 'walletConnect' && (platform.isSafariIos || platform.isTelegram)
}

export function nextConnectionState(
  state: ConnectionMachineState,
  event: ConnectionEvent,
): ConnectionMachineState {
  switch (event.type) {
    case 'CONNECT_REQUESTED':
      if (state.status === 'connected') return state
      return { status: 'connecting', awaitingPairing: waitsForPairing(event.path, event.platform) }
    case 'CONNECT_RESOLVED':
      if (state.status !== 'connecting') return state
      return state.awaitingPairing ? state : { status: 'connected', awaitingPairing: false }
    case 'PAIRING_COMPLETED':
      if (state.status !== 'connecting') return state
      return { status: 'connected', awaitingPairing: false }
    case 'CONNECT_FAILED':
      if (state.status !== 'connecting') return state
      return INITIAL_CONNECTION_STATE
    case 'DISCONNECTED':
      return INITIAL_CONNECTION_STATE
    case 'ACCOUNT_RESTORED':
      return { status: 'connected', awaitingPairing: false }
  }
}
