/** Rules about connectors across chain families (spec sections 3 and 4). */
import type { ChainNamespace, Connector, ConnectorType } from '../entities'

/** The connector id of WalletConnect in the connector list (one row for every WalletConnect wallet). */
export const WALLETCONNECT_CONNECTOR_ID = 'walletConnect'
/** The embedded wallet's connector (email and social login), type AUTH. */
export const AUTH_CONNECTOR_ID = 'AUTH'
/** The embedded wallet's connector; its family is EVM's (its keys sign the requests of an EIP-1193 provider). */
export const AUTH_CONNECTOR: Connector = { id: AUTH_CONNECTOR_ID, name: 'Email', type: 'AUTH', chain: 'eip155' }

/** The chain families a connector offers. */
export function chainsOf(connector: Pick<Connector, 'chain' | 'chains'>): readonly ChainNamespace[] {
  return connector.chains ?? [connector.chain]
}

/**
 * Disconnecting a WalletConnect or auth connector also disconnects the other namespaces connected
 * through the same connector type (spec section 4); any other connector ends one namespace at a time.
 */
export function sharesSessionAcrossNamespaces(connection: {
  readonly connectorId: string
  readonly connectorType?: ConnectorType | undefined
}): boolean {
  return connection.connectorId === WALLETCONNECT_CONNECTOR_ID || connection.connectorType === 'AUTH'
}

/** Whether two connections came through the same connector type (for the rule above). */
export function sameConnectorType(
  a: { readonly connectorId: string; readonly connectorType?: ConnectorType | undefined },
  b: { readonly connectorId: string; readonly connectorType?: ConnectorType | undefined },
): boolean {
  if (a.connectorId === WALLETCONNECT_CONNECTOR_ID || b.connectorId === WALLETCONNECT_CONNECTOR_ID) {
    return a.connectorId === b.connectorId
  }
  return a.connectorType !== undefined && a.connectorType === b.connectorType
}

const FAMILY_LABELS: Readonly<Record<string, string>> = {
  eip155: 'EVM',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
}

/** The short name of a chain family on a wallet row's badge; a wing's own family goes by its namespace. */
export function chainFamilyLabel(namespace: ChainNamespace): string {
  return FAMILY_LABELS[namespace] ?? namespace
}
