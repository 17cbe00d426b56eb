/**
 * Connect-method order (spec section 2): email, social, wallet by default; wallet, email,
 * social when an injected or announced wallet is present; a host-configured order always wins.
 */
import { WALLETCONNECT_CONNECTOR_ID } from '../connection/connectors'
import { DEFAULT_CONNECT_METHOD_ORDER, WALLET_FIRST_CONNECT_METHOD_ORDER } from '../constants'
import { CONNECT_METHODS, type ConnectMethod, type Connector } from '../entities'

export interface ConnectMethodOrderInput {
  /** The host's `features.connectMethodsOrder`, if set. */
  configured?: readonly ConnectMethod[]
  /** An injected or announced (EIP-6963) wallet is present. */
  hasInjectedOrAnnouncedWallet: boolean
}

export function resolveConnectMethodOrder(input: ConnectMethodOrderInput): ConnectMethod[] {
  if (input.configured && input.configured.length > 0) {
    const seen = new Set<ConnectMethod>()
    return input.configured.filter((m) => CONNECT_METHODS.includes(m) && !seen.has(m) && seen.add(m))
  }
  return [
    ...(input.hasInjectedOrAnnouncedWallet ? WALLET_FIRST_CONNECT_METHOD_ORDER : DEFAULT_CONNECT_METHOD_ORDER),
  ]
}

/** True when a connector is an injected or announced browser wallet. */
export function hasInjectedOrAnnouncedWallet(connectors: readonly Pick<Connector, 'type' | 'id'>[]): boolean {
  // A browser wallet offering several chain families is MULTI_CHAIN; WalletConnect is not in the browser.
  return connectors.some(
    (c) => c.type === 'INJECTED' || c.type === 'ANNOUNCED' || (c.type === 'MULTI_CHAIN' && c.id !== WALLETCONNECT_CONNECTOR_ID),
  )
}
