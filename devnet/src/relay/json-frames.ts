/**
 * JSON-RPC frame helpers for the devnet relay.
 *
 * WalletConnect clients send request ids that can exceed Number.MAX_SAFE_INTEGER (they are
 * u64-style ids written as bare JSON numbers). JSON.parse would round them, and the client matches
 * a response to its request by the exact digits, so large integers are carried as tagged strings
 * while parsing and written back as bare digits when serialising.
 */

const BIG_TAG = '__walletgate_bigint__:'
const BIG_NUMBER = /([[:,]\s*)(\d{16,})(\s*[,}\]])/g
const TAGGED = new RegExp(`"${BIG_TAG}(\\d+)"`, 'g')

export type RpcId = number | string

export interface RpcRequest {
  id: RpcId
  jsonrpc: '2.0'
  method: string
  params?: unknown
}

export interface RpcResponse {
  id: RpcId
  jsonrpc: '2.0'
  result?: unknown
  error?: { code: number; message: string }
}

export type RpcFrame = RpcRequest | RpcResponse

/** Parses one frame; returns undefined for anything that is not a JSON-RPC object. */
export function parseFrame(text: string): RpcFrame | undefined {
  let value: unknown
  try {
    // Applied twice because adjacent matches share their delimiters.
    const tagged = text.replace(BIG_NUMBER, `$1"${BIG_TAG}$2"$3`).replace(BIG_NUMBER, `$1"${BIG_TAG}$2"$3`)
    value = JSON.parse(tagged)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const frame = value as Record<string, unknown>
  if (typeof frame.id !== 'number' && typeof frame.id !== 'string') return undefined
  return frame as unknown as RpcFrame
}

export function isRequest(frame: RpcFrame): frame is RpcRequest {
  return typeof (frame as RpcRequest).method === 'string'
}

/** Serialises a frame, restoring tagged big integers to bare digits. */
export function serializeFrame(frame: RpcFrame): string {
  return JSON.stringify(frame).replace(TAGGED, '$1')
}

/** The id as a map key, identical for the tagged and plain forms of the same digits. */
export function idKey(id: RpcId): string {
  return typeof id === 'string' && id.startsWith(BIG_TAG) ? id.slice(BIG_TAG.length) : String(id)
}
