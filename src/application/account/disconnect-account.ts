import type { ServiceIdentifier } from 'inversify'

/**
 * The command the Account and UnsupportedChain views run for "Disconnect". Bound in the composition root (src/composition) to
 * the connection use case that disconnects the wallet (spec section 4).
 */
export type DisconnectAccount = () => Promise<void>
export const DisconnectAccount = Symbol('DisconnectAccount') as ServiceIdentifier<DisconnectAccount>

/**
 * "Disconnect" as peers do it: the wallet session ends and the overlay closes, the visitor's work
 * being done (an embedded modal stays on the page and shows Connect, where the disconnect left it).
 * A failed disconnect keeps the modal open, so its error is seen. A sign-in cancel (spec section 4)
 * disconnects through the same wallet command, then resets to Connect without this close.
 */
export function disconnectAndClose(
  wallet: { disconnect(): Promise<void> },
  modal: { close(): void },
): DisconnectAccount {
  return async () => {
    await wallet.disconnect()
    modal.close()
  }
}

/** The address's page on the network's block explorer, or undefined without an explorer. */
export function addressExplorerUrl(blockExplorerUrl: string | undefined, address: string): string | undefined {
  if (blockExplorerUrl === undefined || blockExplorerUrl === '') return undefined
  return `${blockExplorerUrl.replace(/\/+$/, '')}/address/${address}`
}
