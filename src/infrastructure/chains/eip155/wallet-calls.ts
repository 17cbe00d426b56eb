/**
 * The WalletCalls port for eip155: EIP-5792 over a connected wallet's EIP-1193 provider (injected
 * wallets, WalletConnect sessions, the embedded wallet): `wallet_getCapabilities`,
 * `wallet_sendCalls`, `wallet_getCallsStatus`, read into the family-neutral batch types. Bound
 * with the features that batch (swaps), so it loads with them, never before the modal opens.
 *
 * Wallets answer in two shapes: EIP-5792 as finalised (capabilities `atomic.status`, sendCalls
 * `{ id }`, numeric status codes) and the earlier draft some still speak (`atomicBatch.supported`,
 * a bare id string, `PENDING` / `CONFIRMED`). Both are read.
 */
import {
  callsOutcomeOfCode,
  callsRequestProblem,
  hexChainId,
  type AtomicBatchSupport,
  type CallsCapabilities,
  type CallsOutcome,
  type CallsRequest,
  type CallsStatus,
} from '../../../domain/calls/wallet-calls'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import type { CaipNetworkId } from '../../../domain/entities'
import { UnknownConnectorError, WalletRequestError } from '../../../ports/chain-family'
import type { WalletCalls } from '../../../ports/wallet-calls'
import { toWalletRequestError } from './eip1193'

/**
 * EIP-5792 errors that mean "not this batch, not here", answered before the person is asked:
 * unsupported capability, unsupported chain id, batch too large, atomicity not supported.
 */
const BATCH_REFUSED_CODES: ReadonlySet<number> = new Set([5700, 5710, 5740, 5760])

type Capabilities = Readonly<Partial<Record<CaipNetworkId, CallsCapabilities>>>

export class Eip155WalletCalls implements WalletCalls {
  readonly namespace = 'eip155' as const

  /** `providerOf`: the connected eip155 wallet's provider by connector id (the family's getProvider). */
  constructor(private readonly providerOf: (connectorId: string) => Eip1193Provider | undefined) {}

  async callsCapabilities(connectorId: string, address: string, chainIds: readonly CaipNetworkId[]): Promise<Capabilities> {
    return callsCapabilities(this.provider(connectorId), address, chainIds)
  }

  async sendCalls(connectorId: string, request: CallsRequest): Promise<string> {
    return sendCalls(this.provider(connectorId), request)
  }

  async callsStatus(connectorId: string, _chainId: CaipNetworkId, id: string): Promise<CallsStatus> {
    return callsStatus(this.provider(connectorId), id)
  }

  private provider(connectorId: string): Eip1193Provider {
    const provider = this.providerOf(connectorId)
    if (provider === undefined) throw new UnknownConnectorError(connectorId)
    return provider
  }
}

export async function callsCapabilities(provider: Eip1193Provider, address: string, chainIds: readonly CaipNetworkId[]): Promise<Capabilities> {
  const wanted = chainIds.flatMap((id) => {
    const hex = hexChainId(id)
    return hex === undefined ? [] : [{ id, hex }]
  })
  if (wanted.length === 0) return {}
  let answer: unknown
  try {
    answer = await provider.request({ method: 'wallet_getCapabilities', params: [address, wanted.map((w) => w.hex)] })
  } catch (error) {
    const failure = batchError(error)
    if (failure.kind === 'unsupportedMethod') return {}
    throw failure
  }
  return parseCapabilities(answer, wanted)
}

/**
 * The capabilities answer for the wanted chains. Keys are 0x-hex chain ids (any case, leading
 * zeros); `0x0` holds what the wallet offers on every chain. A chain absent from both has none.
 */
export function parseCapabilities(answer: unknown, wanted: readonly { readonly id: CaipNetworkId; readonly hex: string }[]): Capabilities {
  if (!isRecord(answer)) return {}
  const byChain = new Map<bigint, unknown>()
  for (const [key, value] of Object.entries(answer)) {
    if (/^0x[0-9a-fA-F]+$/.test(key)) byChain.set(BigInt(key), value)
  }
  const out: Partial<Record<CaipNetworkId, CallsCapabilities>> = {}
  for (const { id, hex } of wanted) {
    const entry = byChain.get(BigInt(hex)) ?? byChain.get(0n)
    if (isRecord(entry)) out[id] = { atomic: atomicOf(entry) }
  }
  return out
}

function atomicOf(entry: Readonly<Record<string, unknown>>): AtomicBatchSupport {
  const atomic = entry.atomic
  if (isRecord(atomic) && (atomic.status === 'supported' || atomic.status === 'ready' || atomic.status === 'unsupported')) return atomic.status
  const draft = entry.atomicBatch
  return isRecord(draft) && draft.supported === true ? 'supported' : 'unsupported'
}

/** `capabilities`: EIP-5792 capabilities the request carries (a paymaster service, ERC-7677). */
export async function sendCalls(provider: Eip1193Provider, request: CallsRequest, capabilities?: Readonly<Record<string, unknown>>): Promise<string> {
  const problem = callsRequestProblem(request)
  if (problem !== undefined) throw new WalletRequestError('failed', problem)
  const params = {
    version: '2.0.0',
    chainId: hexChainId(request.chainId),
    from: request.from,
    atomicRequired: request.atomicRequired,
    calls: request.calls.map((call) => ({
      to: call.to,
      ...(call.data === undefined ? {} : { data: call.data }),
      ...(call.value === undefined ? {} : { value: `0x${call.value.toString(16)}` }),
    })),
    ...(capabilities === undefined ? {} : { capabilities }),
  }
  let answer: unknown
  try {
    answer = await provider.request({ method: 'wallet_sendCalls', params: [params] })
  } catch (error) {
    throw batchError(error)
  }
  const id = typeof answer === 'string' ? answer : isRecord(answer) && typeof answer.id === 'string' ? answer.id : undefined
  if (id === undefined || id === '') throw new WalletRequestError('failed', 'The wallet sent the calls but gave no id to follow them by')
  return id
}

export async function callsStatus(provider: Eip1193Provider, id: string): Promise<CallsStatus> {
  let answer: unknown
  try {
    answer = await provider.request({ method: 'wallet_getCallsStatus', params: [id] })
  } catch (error) {
    throw toWalletRequestError(error)
  }
  return parseCallsStatus(answer)
}

/** A `wallet_getCallsStatus` answer as an outcome and the transactions that carried the calls. */
export function parseCallsStatus(answer: unknown): CallsStatus {
  if (!isRecord(answer)) throw new WalletRequestError('failed', 'The wallet answered the calls status in a shape it cannot be read from')
  const receipts = Array.isArray(answer.receipts) ? answer.receipts.filter(isRecord) : []
  const transactionHashes = receipts.flatMap((r) => (typeof r.transactionHash === 'string' ? [r.transactionHash] : []))
  let outcome: CallsOutcome
  if (typeof answer.status === 'number') outcome = callsOutcomeOfCode(answer.status)
  else if (answer.status === 'PENDING') outcome = 'pending'
  else if (answer.status === 'CONFIRMED') {
    // The draft's CONFIRMED says only that receipts exist: each receipt says whether its call succeeded.
    const succeeded = receipts.filter((r) => r.status === '0x1' || r.status === 'success').length
    outcome = succeeded === receipts.length && receipts.length > 0 ? 'confirmed' : succeeded === 0 ? 'failed' : 'partial'
  } else throw new WalletRequestError('failed', 'The wallet answered the calls status in a shape it cannot be read from')
  return { outcome, transactionHashes }
}

/** A wallet's refusal of a batch: EIP-5792's own "not here" codes read as an unsupported method. */
function batchError(error: unknown): WalletRequestError {
  const failure = toWalletRequestError(error)
  if (typeof failure.code === 'number' && BATCH_REFUSED_CODES.has(failure.code)) {
    return new WalletRequestError('unsupportedMethod', failure.message, { cause: error, code: failure.code })
  }
  return failure
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
