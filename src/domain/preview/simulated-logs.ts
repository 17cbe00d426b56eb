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
