import type { ServiceIdentifier } from 'inversify'
import type { ChainNamespace } from '../../domain/entities'

/**
 * The command the Account and UnsupportedChain views run for "Disconnect". Bound in the composition root (src/composition) to
 * the connection use case that disconnects the wallet (spec section 4).
 */
export type DisconnectAccount = (namespaces?: readonly ChainNamespace[]) => Promise<void>
export const DisconnectAccount = Symbol('DisconnectAccount') as ServiceIdentifier<DisconnectAccount>

/**
 * "Disconnect" as peers do it: the wallet session ends and the overlay closes, the visitor's work
 * being done (an embedded modal stays on the page and shows Connect, where the disconnect left it).
 * Some chain families of several: the others stay connected and the modal stays open on them. A
 * failed disconnect keeps the modal open, so its error is seen. A sign-in cancel (spec section 4)
 * disconnects through the same wallet command, then resets to Connect without this close.
 */
export function disconnectAndClose(
  wallet: { disconnect(namespace?: ChainNamespace): Promise<void> },
  modal: { close(): void },
  connection: { readonly connectedNamespaces: readonly ChainNamespace[] },
): DisconnectAccount {
  return async (namespaces) => {
    if (namespaces === undefined) await wallet.disconnect()
    else for (const namespace of namespaces) if (connection.connectedNamespaces.includes(namespace)) await wallet.disconnect(namespace)
    if (connection.connectedNamespaces.length === 0) modal.close()
  }
}

/** The address's page on the network's block explorer, or undefined without an explorer. */
export function addressExplorerUrl(blockExplorerUrl: string | undefined, address: string): string | undefined {
  if (blockExplorerUrl === undefined || blockExplorerUrl === '') return undefined
  return `${blockExplorerUrl.replace(/\/+$/, '')}/address/${address}`
}
