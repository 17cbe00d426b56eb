import type { ServiceIdentifier } from 'inversify'

/**
 * The command the Account and UnsupportedChain views run for "Disconnect". Bound in src/di.ts to
 * the connection use case that disconnects the wallet (spec section 4).
 */
export type DisconnectAccount = () => Promise<void>
export const DisconnectAccount = Symbol('DisconnectAccount') as ServiceIdentifier<DisconnectAccount>

/** The address's page on the network's block explorer, or undefined without an explorer. */
export function addressExplorerUrl(blockExplorerUrl: string | undefined, address: string): string | undefined {
  if (blockExplorerUrl === undefined || blockExplorerUrl === '') return undefined
  return `${blockExplorerUrl.replace(/\/+$/, '')}/address/${address}`
}
