/**
 * Batches of calls (several contract calls under one wallet prompt) through the connected wallet
 * of a chain family, when the family has the optional WalletCalls port; and the follow-up of a
 * sent batch until the wallet says it is settled. Time comes from the caller's `wait` (the modal's
 * scheduler).
 */
import type { CallsCapabilities, CallsRequest, CallsStatus } from '../../domain/calls/wallet-calls'
import type { CaipNetworkId, ChainNamespace } from '../../domain/entities'
import type { WalletCalls } from '../../ports/wallet-calls'
import { DomainError } from '../../domain/domain-error'

/** The connected wallet's batches in one family. */
export interface ConnectedCalls {
  /**
   * What the wallet offers for batches on `chainId`, or undefined when it offers none there (no
   * connection, a wing or wallet without batches, or any failure to ask). Never prompts, never rejects.
   */
  capabilities(chainId: CaipNetworkId, address: string): Promise<CallsCapabilities | undefined>
  /** One wallet request for every call; the family's `sendCalls` errors (WalletRequestError). */
  send(request: CallsRequest): Promise<string>
  status(chainId: CaipNetworkId, id: string): Promise<CallsStatus>
}

export function connectedCalls(
  connection: { account(namespace: ChainNamespace): { readonly connectorId: string } | undefined },
  calls: WalletCalls | undefined,
  onQuestionFailed: (error: unknown) => void,
): ConnectedCalls {
  const connectorId = () => (calls === undefined ? undefined : connection.account(calls.namespace)?.connectorId)
  return {
    async capabilities(chainId, address) {
      const id = connectorId()
      if (calls === undefined || id === undefined) return undefined
      try {
        return (await calls.callsCapabilities(id, address, [chainId]))[chainId]
      } catch (error) {
        onQuestionFailed(error)
        return undefined
      }
    },
    async send(request) {
      const id = connectorId()
      if (calls === undefined || id === undefined) throw new NoBatchingWalletError('send')
      return calls.sendCalls(id, request)
    },
    async status(chainId, batchId) {
      const id = connectorId()
      if (calls === undefined || id === undefined) throw new NoBatchingWalletError('status')
      return calls.callsStatus(id, chainId, batchId)
    },
  }
}

/** How often and how many times a sent batch is asked about. */
export const CALLS_STATUS_POLL_MS = 1000
export const CALLS_STATUS_POLLS = 120

/**
 * Asks `status` until the batch is settled (confirmed, failed or partial), waiting `pollMs`
 * between questions; a question that fails counts as still pending (a wallet or bundler that
 * blinked). Resolves the settled status, or undefined when it is still pending after `polls`.
 */
export async function followCalls(
  status: () => Promise<CallsStatus>,
  wait: (ms: number) => Promise<void>,
  options: { readonly pollMs?: number; readonly polls?: number; readonly onError?: (error: unknown) => void } = {},
): Promise<CallsStatus | undefined> {
  const polls = options.polls ?? CALLS_STATUS_POLLS
  for (let poll = 0; poll < polls; poll++) {
    if (poll > 0) await wait(options.pollMs ?? CALLS_STATUS_POLL_MS)
    const current = await status().catch((error: unknown) => {
      options.onError?.(error)
      return undefined
    })
    if (current !== undefined && current.outcome !== 'pending') return current
  }
  return undefined
}

/** Batches were asked of a connection whose wallet does not take them (or no connection). */
export class NoBatchingWalletError extends DomainError {
  override readonly name = 'NoBatchingWalletError' as const
  readonly code = 'NO_BATCHING_WALLET' as const
  constructor(asked: 'send' | 'status') {
    super(asked === 'send' ? 'No connected wallet sends batches' : 'No connected wallet reports batches')
  }
}
