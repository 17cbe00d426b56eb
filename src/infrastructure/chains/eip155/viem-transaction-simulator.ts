import type { PublicClient } from 'viem'
import type { CaipNetwork } from '../../../domain/entities'
import type { NativeAsset } from '../../../domain/preview/balance-changes'
import { revertReason, simulatedCalls, transfersFromLogs } from '../../../domain/preview/simulated-logs'
import { nftReceiverWithoutHook } from '../../../domain/preview/nft-receiver'
import type { SimulatedToken, SimulationOutcome, SimulationRequest, TransactionSimulator } from '../../../ports/transaction-simulator'

type SimulateClient = Pick<PublicClient, 'request' | 'readContract'>

/** A token symbol longer than this is cut: it is drawn as text in a one-line row. */
const MAX_SYMBOL = 24
/** More calls than this are not simulated (a review never has more; a bigger request is not ours). */
const MAX_CALLS = 16
/** The native coin's asset key in a transfer (the domain's NATIVE_ASSET). */
const NATIVE: NativeAsset = 'native'

/**
 * {@link TransactionSimulator} for eip155 networks: one `eth_simulateV1` request (transfer tracing
 * on, so native value moves come back as logs) over the network's RPC URLs with fallback, then the
 * symbol and decimals of each token contract seen, read from the contracts themselves. viem is
 * imported on the first simulation.
 */
export class ViemTransactionSimulator implements TransactionSimulator {
  private readonly clients = new Map<string, Promise<SimulateClient>>()

  async simulate(network: CaipNetwork, request: SimulationRequest, options: { signal?: AbortSignal } = {}): Promise<SimulationOutcome> {
    if (network.chainNamespace !== 'eip155') return { status: 'unavailable', cause: `no simulation for ${network.chainNamespace}` }
    if (request.calls.length === 0 || request.calls.length > MAX_CALLS) return { status: 'unavailable', cause: 'call count out of range' }
    options.signal?.throwIfAborted()
    let client: SimulateClient
    let blocks: unknown
    try {
      client = await this.client(network)
      blocks = await client.request({
        method: 'eth_simulateV1',
        params: [
          {
            blockStateCalls: [
              {
                calls: request.calls.map((call) => ({
                  from: request.from,
                  to: call.to,
                  ...(call.data === undefined ? {} : { data: call.data }),
                  ...(call.value === undefined || call.value === 0n ? {} : { value: `0x${call.value.toString(16)}` }),
                })),
              },
            ],
            traceTransfers: true,
            validation: false,
          },
          'latest',
        ],
      } as never)
    } catch (error) {
      options.signal?.throwIfAborted()
      return { status: 'unavailable', cause: error instanceof Error ? error.message : String(error) }
    }
    options.signal?.throwIfAborted()
    const calls = simulatedCalls(blocks)
    if (calls === undefined) return { status: 'unavailable', cause: 'unreadable eth_simulateV1 answer' }
    const failed = calls.findIndex((call) => call.status !== '0x1')
    if (failed >= 0) return { status: 'reverted', callIndex: failed, reason: revertReason(calls[failed]?.returnData) }
    const transfers = transfersFromLogs(calls.flatMap((call) => call.logs ?? []))
    const gasUsed = calls.reduce((sum, call) => sum + hexToBig(call.gasUsed), 0n)
    const contracts = [...new Set(transfers.map((t) => t.asset).filter((a) => a !== NATIVE))]
    const [tokens, stuck] = await Promise.all([Promise.all(contracts.map((address) => tokenOf(client, address))), nftStuck(client, request)])
    options.signal?.throwIfAborted()
    return { status: 'ok', transfers, gasUsed, tokens, ...(stuck ? { nftReceiverWithoutHook: true } : {}) }
  }

  private client(network: CaipNetwork): Promise<SimulateClient> {
    const key = `${network.caipNetworkId}|${network.rpcUrls.join(',')}`
    let client = this.clients.get(key)
    if (client === undefined) {
      client = import('viem').then(({ createPublicClient, fallback, http }) =>
        createPublicClient({ transport: fallback(network.rpcUrls.map((url) => http(url, { retryCount: 0 }))) }),
      )
      this.clients.set(key, client)
      client.catch(() => this.clients.delete(key))
    }
    return client
  }
}

/** Whether a call sends an NFT to a contract that does not answer the receiver hook (asked as the token would). */
async function nftStuck(client: SimulateClient, request: SimulationRequest): Promise<boolean> {
  const read = {
    code: (address: string) => client.request({ method: 'eth_getCode', params: [address as `0x${string}`, 'latest'] }),
    call: (call: { from?: string; to: string; data: string }) => client.request({ method: 'eth_call', params: [call as never, 'latest'] } as never),
  }
  const answers = await Promise.all(request.calls.map((call) => nftReceiverWithoutHook(call, request.from, read)))
  return answers.includes(true)
}

function hexToBig(hex: string | undefined): bigint {
  return hex !== undefined && /^0x[0-9a-fA-F]+$/.test(hex) ? BigInt(hex) : 0n
}

const ERC20_META = [
  { type: 'function', name: 'symbol', stateMutability: 'view', inputs: [], outputs: [{ type: 'string' }] },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
] as const

async function tokenOf(client: SimulateClient, address: string): Promise<SimulatedToken> {
  const at = address as `0x${string}`
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address: at, abi: ERC20_META, functionName: 'symbol' }).catch(() => undefined),
    client.readContract({ address: at, abi: ERC20_META, functionName: 'decimals' }).catch(() => undefined),
  ])
  return {
    address,
    ...(typeof symbol === 'string' ? { symbol: symbol.slice(0, MAX_SYMBOL) } : {}),
    ...(typeof decimals === 'number' && decimals <= 77 ? { decimals } : {}),
  }
}
