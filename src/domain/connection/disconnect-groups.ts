import type { ChainNamespace, ConnectorType } from '../entities'
import { sharesSessionAcrossNamespaces } from './connectors'

/**
 * The connected namespaces grouped as a visitor sees what they connected: one WalletConnect or
 * email session, or one wallet (a wallet offering two families connects both in one click), each a
 * group that Disconnect ends together. Groups keep the accounts' order.
 */
export function disconnectGroups<A extends { readonly namespace: ChainNamespace; readonly connectorId: string; readonly connectorType?: ConnectorType | undefined }>(
  accounts: readonly A[],
): ChainNamespace[][] {
  const groups: { readonly key: string; readonly namespaces: ChainNamespace[] }[] = []
  for (const account of accounts) {
    const key = sharesSessionAcrossNamespaces(account) ? `session:${account.connectorType === 'AUTH' ? 'AUTH' : account.connectorId}` : `wallet:${account.connectorId}`
    const group = groups.find((g) => g.key === key)
    if (group === undefined) groups.push({ key, namespaces: [account.namespace] })
    else group.namespaces.push(account.namespace)
  }
  return groups.map((g) => g.namespaces)
}
