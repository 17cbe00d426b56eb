import type { ServiceIdentifier } from 'inversify'
import type { CallsCapabilities, CallsRequest, CallsStatus } from '../domain/calls/wallet-calls'
import type { CaipNetworkId, ChainNamespace } from '../domain/entities'

/**
 * An optional capability of a chain family's connected wallets: several contract calls in one
 * request, one prompt (eip155 wallets speaking EIP-5792: `wallet_getCapabilities`,
 * `wallet_sendCalls`, `wallet_getCallsStatus`). A port of its own beside {@link ChainFamily},
 * keyed by the same connector ids, so that no family carries its code before a visitor needs it
 * (it is bound with the features that use it, which load on demand). A family without it has none.
 */
export interface WalletCalls {
  readonly namespace: ChainNamespace

  /**
   * What the connected wallet offers for batches on each of `chainIds`, for `address`; a chain
   * missing from the answer has no batches. Never prompts. Resolves {} when the wallet has no
   * such method (EIP-1193 4200, JSON-RPC -32601): one call at a time is the way there.
   * @throws WalletRequestError for any other failure; UnknownConnectorError without a provider.
   */
  callsCapabilities(connectorId: string, address: string, chainIds: readonly CaipNetworkId[]): Promise<Readonly<Partial<Record<CaipNetworkId, CallsCapabilities>>>>

  /**
   * Asks the wallet to send the calls in ONE request (one prompt); resolves the batch's id for
   * {@link WalletCalls.callsStatus}.
   * @throws WalletRequestError before any request when the batch breaks a rule
   * (`callsRequestProblem`, kind `failed`); kind `rejected` when declined; kind `unsupportedMethod`
   * when the wallet cannot send this batch (no such method, chain, capability or atomicity): the
   * caller sends the calls one at a time instead; kind `failed` with the wallet's words otherwise.
   */
  sendCalls(connectorId: string, request: CallsRequest): Promise<string>

  /**
   * Where a batch sent by {@link WalletCalls.sendCalls} stands.
   * @throws WalletRequestError when the wallet cannot say (an id it does not know, unreachable).
   */
  callsStatus(connectorId: string, chainId: CaipNetworkId, id: string): Promise<CallsStatus>
}
export const WalletCalls = Symbol('WalletCalls') as ServiceIdentifier<WalletCalls>
