/**
 * Several contract calls sent to a wallet as one request (EIP-5792 on eip155: an approval and a
 * swap under one prompt), in the family-neutral words the application uses, and the rules a
 * request keeps before any wallet sees it (spec section 5: each call in a send-calls request
 * carries a to address starting with 0x).
 */
import type { CaipNetworkId } from '../entities'
import { validateSendCalls } from '../validation/embedded-wallet-inputs'

/**
 * Whether a wallet runs a batch all-or-nothing on a chain: `supported` it does, `ready` it can
 * once the person agrees to upgrade the account (EIP-7702), `unsupported` it sends the calls one
 * after another (an EOA), each one landing or failing on its own.
 */
export type AtomicBatchSupport = 'supported' | 'ready' | 'unsupported'

/** What a wallet offers for batches on one chain. */
export interface CallsCapabilities {
  readonly atomic: AtomicBatchSupport
}

/** One call of a batch. */
export interface WalletCall {
  /** The contract (plain 0x address). */
  readonly to: string
  /** Call data (0x-hex). */
  readonly data?: string
  /** Native value in base units. */
  readonly value?: bigint
}

export interface CallsRequest {
  /** CAIP-2 network the wallet must be on. */
  readonly chainId: CaipNetworkId
  /** The connected account (plain address). */
  readonly from: string
  readonly calls: readonly WalletCall[]
  /** The wallet must run the calls all-or-nothing, or refuse the batch. */
  readonly atomicRequired: boolean
}

/**
 * Where a batch stands: `pending` until every call is settled; `confirmed` when every call
 * succeeded; `failed` when none changed anything (refused off chain, or reverted as a whole);
 * `partial` when some calls landed and others did not (only a wallet that is not atomic).
 */
export type CallsOutcome = 'pending' | 'confirmed' | 'failed' | 'partial'

export interface CallsStatus {
  readonly outcome: CallsOutcome
  /** The transactions that carried the calls, in order (one for an atomic batch); may be empty while pending. */
  readonly transactionHashes: readonly string[]
}

/** The batch's CAIP-2 chain as the 0x-hex chain id EIP-5792 carries, or undefined for a chain that is not eip155. */
export function hexChainId(chainId: CaipNetworkId): `0x${string}` | undefined {
  const [namespace, reference] = chainId.split(':')
  if (namespace !== 'eip155' || reference === undefined || !/^[1-9]\d*$/.test(reference)) return undefined
  return `0x${BigInt(reference).toString(16)}`
}

/** Why a batch cannot be sent as it is (the spec's words for a call without a 0x `to`), or undefined. */
export function callsRequestProblem(request: CallsRequest): string | undefined {
  if (request.calls.length === 0) return 'A batch needs at least one call'
  if (hexChainId(request.chainId) === undefined) return `Batches are sent on eip155 chains only, not ${request.chainId}`
  const checked = validateSendCalls({ calls: request.calls.map((call) => ({ to: call.to })) })
  if (!checked.valid) return checked.message
  const bad = request.calls.findIndex((call) => (call.data !== undefined && !/^0x([0-9a-fA-F]{2})*$/.test(call.data)) || (call.value !== undefined && call.value < 0n))
  return bad === -1 ? undefined : `Call ${bad + 1} has data that is not hex or a negative value`
}

/**
 * An EIP-5792 status code as an outcome: 1xx pending, 2xx confirmed, 4xx failed off chain,
 * 5xx reverted as a whole, 6xx partly reverted. A code outside these counts as a failure: a
 * batch is never reported as done without the wallet saying so.
 */
export function callsOutcomeOfCode(code: number): CallsOutcome {
  if (code >= 100 && code < 200) return 'pending'
  if (code >= 200 && code < 300) return 'confirmed'
  if (code >= 600 && code < 700) return 'partial'
  return 'failed'
}
