/**
 * The asset transfers in an EVM simulation's logs (what eth_simulateV1 with transfer tracing
 * returns), for the eip155 simulator: kept apart from ./balance-changes so the simulator's chunk
 * and the review's share no module.
 */
import type { AssetTransfer, NativeAsset } from './balance-changes'

/** The native coin's asset key (./balance-changes' NATIVE_ASSET, typed to stay the same text). */
const NATIVE: NativeAsset = 'native'

/** keccak256("Transfer(address,address,uint256)"): ERC-20 and ERC-721 transfers. */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
/** keccak256("TransferSingle(address,address,address,uint256,uint256)"): ERC-1155. */
export const TRANSFER_SINGLE_TOPIC = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
/** The address nodes (eth_simulateV1 with traceTransfers) use for native value moves. */
export const TRACED_NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** One log as a node returns it. */
export interface RawLog {
  readonly address: string
  readonly topics: readonly string[]
  readonly data: string
}

/**
 * The asset transfers in a simulation's logs: ERC-20 (3 topics, amount in data), ERC-721 (4 topics,
 * token id), ERC-1155 single transfers, and the native moves a node traced as ERC-20 transfers of
 * {@link TRACED_NATIVE}. Anything else (approvals, malformed logs) is not a transfer.
 */
export function transfersFromLogs(logs: readonly RawLog[]): readonly AssetTransfer[] {
  const transfers: AssetTransfer[] = []
  for (const log of logs) {
    const topic = log.topics[0]?.toLowerCase()
    const contract = log.address.toLowerCase()
    const asset = contract === TRACED_NATIVE ? NATIVE : contract
    if (topic === TRANSFER_TOPIC && log.topics.length === 3) {
      const amount = word(log.data, 0)
      const from = addressOf(log.topics[1])
      const to = addressOf(log.topics[2])
      if (amount !== undefined && from !== undefined && to !== undefined) transfers.push({ asset, from, to, amount })
    } else if (topic === TRANSFER_TOPIC && log.topics.length === 4) {
      const from = addressOf(log.topics[1])
      const to = addressOf(log.topics[2])
      const tokenId = wordOf(log.topics[3])
      if (from !== undefined && to !== undefined && tokenId !== undefined) transfers.push({ asset, from, to, amount: 1n, tokenId })
    } else if (topic === TRANSFER_SINGLE_TOPIC && log.topics.length === 4) {
      const from = addressOf(log.topics[2])
      const to = addressOf(log.topics[3])
      const tokenId = word(log.data, 0)
      const amount = word(log.data, 1)
      if (from !== undefined && to !== undefined && tokenId !== undefined && amount !== undefined) {
        transfers.push({ asset, from, to, amount, tokenId })
      }
    }
  }
  return transfers
}

function wordOf(hex: string | undefined): bigint | undefined {
  if (hex === undefined || !/^0x[0-9a-fA-F]{64}$/.test(hex)) return undefined
  return BigInt(hex)
}

function word(data: string, index: number): bigint | undefined {
  const body = data.startsWith('0x') ? data.slice(2) : data
  const part = body.slice(index * 64, index * 64 + 64)
  return part.length === 64 ? wordOf(`0x${part}`) : undefined
}

function addressOf(topic: string | undefined): string | undefined {
  const value = wordOf(topic)
  if (value === undefined || value >> 160n !== 0n) return undefined
  return `0x${value.toString(16).padStart(40, '0')}`
}

/** One call's result in an `eth_simulateV1` answer. */
export interface SimulatedCallResult {
  readonly status?: string
  readonly returnData?: string
  readonly gasUsed?: string
  readonly logs?: readonly RawLog[]
}

/** The calls of an `eth_simulateV1` answer of one block, or undefined when it is not one. */
export function simulatedCalls(blocks: unknown): readonly SimulatedCallResult[] | undefined {
  if (!Array.isArray(blocks) || blocks.length !== 1) return undefined
  const calls = (blocks[0] as { calls?: unknown } | null)?.calls
  return Array.isArray(calls) ? (calls as SimulatedCallResult[]) : undefined
}

const ERROR_STRING = '0x08c379a0'
const PANIC = '0x4e487b71'
/** A revert reason longer than this is cut: it is shown on one line. */
const MAX_REASON = 200

/** A revert's reason: `Error(string)`'s text, "panic 0x11" for a panic, else the raw data (cut). */
export function revertReason(data: string | undefined): string {
  if (data === undefined || data === '0x' || data === '') return 'execution reverted'
  const lower = data.toLowerCase()
  if (lower.startsWith(PANIC)) {
    const code = word(lower.slice(10), 0)
    if (code !== undefined) return `panic 0x${code.toString(16)}`
  }
  if (lower.startsWith(ERROR_STRING)) {
    const body = lower.slice(10)
    const offset = word(body, 0)
    const length = offset === undefined || offset % 32n !== 0n ? undefined : word(body, Number(offset / 32n))
    if (offset !== undefined && length !== undefined && length <= BigInt(body.length)) {
      const start = Number(offset) * 2 + 64
      const hex = body.slice(start, start + Number(length) * 2)
      if (hex.length === Number(length) * 2) {
        const bytes = new Uint8Array(hex.match(/../g)?.map((b) => parseInt(b, 16)) ?? [])
        const text = new TextDecoder().decode(bytes)
        return text.length > MAX_REASON ? `${text.slice(0, MAX_REASON)}…` : text
      }
    }
  }
  return data.length > 74 ? `${data.slice(0, 74)}…` : data
}
