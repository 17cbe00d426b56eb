/**
 * The names registered here, answered to any ENS client through CCIP-read (EIP-3668) for an
 * ENSIP-10 wildcard resolver on the zone's name (issue 48): the resolver's `resolve(name, data)`
 * reverts with OffchainLookup naming this gateway; the client sends the gateway the lookup's call
 * data (`resolve(bytes name, bytes data)` of the resolver service); the gateway answers
 * `abi.encode(bytes result, uint64 expires, bytes signature)`, where the signature is the gateway
 * key's over `keccak256(0x1900 ‖ resolver ‖ expires ‖ keccak256(request) ‖ keccak256(result))`,
 * which the resolver's callback checks against its signers before returning `result`.
 *
 * What it answers for `<label>.<zone>`: `addr(node)` (coin type 60, else the chain-agnostic EVM
 * default of ENSIP-19, else the name's first EVM address), `addr(node, coinType)`, `text(node, key)`
 * for `avatar` and `description`, and for `<address>.addr.reverse` the address's first name
 * (`name(node)`), so a registered name is its address's primary name. Anything else: the empty
 * answer of that function (no record), never an error a client would show.
 */
import {
  bytesToString,
  concat,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  getAddress,
  isAddress,
  keccak256,
  parseAbi,
  toBytes,
  toHex,
  zeroAddress,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem'
import type { NameProfile } from './names.js'

/** How long a signed answer is good for (the resolver refuses it after). */
export const GATEWAY_ANSWER_TTL_S = 300
/** ENSIP-11: Ethereum's coin type, and the chain-agnostic EVM default of ENSIP-19. */
const ETH_COIN_TYPE = 60n
const DEFAULT_EVM_COIN_TYPE = 0x80000000n

const SERVICE_ABI = parseAbi(['function resolve(bytes name, bytes data) view returns (bytes result, uint64 expires, bytes sig)'])
const RESOLVER_ABI = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function addr(bytes32 node, uint256 coinType) view returns (bytes)',
  'function text(bytes32 node, string key) view returns (string)',
  'function name(bytes32 node) view returns (string)',
  'function contenthash(bytes32 node) view returns (bytes)',
])

export class GatewayRequestError extends Error {
  override readonly name = 'GatewayRequestError'
}

/** Where the gateway finds names: the registry's profile of a name, and an address's names. */
export interface GatewayNames {
  readonly zone: string
  get(name: string): Promise<NameProfile | undefined>
  reverse(address: string): Promise<NameProfile[]>
}

/** A DNS wire-format name (ENSIP-10's `name`) as dotted text; GatewayRequestError when malformed. */
export function decodeDnsName(bytes: Uint8Array): string {
  const labels: string[] = []
  let at = 0
  while (at < bytes.length) {
    const length = bytes[at]!
    if (length === 0) {
      if (at !== bytes.length - 1) break
      return labels.join('.')
    }
    const label = bytes.subarray(at + 1, at + 1 + length)
    if (label.length !== length) break
    labels.push(bytesToString(label))
    at += 1 + length
  }
  throw new GatewayRequestError('Malformed DNS name')
}

/** The EVM address a profile holds for `coinType` (ENSIP-11: 60, or 0x80000000 | chain id). */
function addressFor(profile: NameProfile, coinType: bigint): Address | undefined {
  const entry = profile.addresses[coinType.toString()]
  return entry !== undefined && isAddress(entry.address, { strict: false }) ? getAddress(entry.address) : undefined
}

function defaultAddress(profile: NameProfile): Address | undefined {
  const evm = Object.keys(profile.addresses)
    .map((c) => BigInt(c))
    .filter((c) => c === ETH_COIN_TYPE || (c & DEFAULT_EVM_COIN_TYPE) !== 0n)
    .sort((a, b) => (a < b ? -1 : 1))
  return addressFor(profile, ETH_COIN_TYPE) ?? addressFor(profile, DEFAULT_EVM_COIN_TYPE) ?? (evm[0] === undefined ? undefined : addressFor(profile, evm[0]))
}

/** The resolver function's ABI-encoded answer for `name` (dotted) and its inner call `data`. */
export async function resolveRecord(names: GatewayNames, name: string, data: Hex): Promise<Hex> {
  let call: ReturnType<typeof decodeFunctionData<typeof RESOLVER_ABI>>
  try {
    call = decodeFunctionData({ abi: RESOLVER_ABI, data })
  } catch {
    throw new GatewayRequestError('Unsupported resolver call')
  }
  const lower = name.toLowerCase()
  const reverse = /^([0-9a-f]{40})\.addr\.reverse$/.exec(lower)
  const profile = reverse === null && lower.endsWith(`.${names.zone}`) ? await names.get(lower) : undefined
  switch (call.functionName) {
    case 'addr': {
      if (call.args.length === 1) {
        return encodeAbiParameters([{ type: 'address' }], [(profile === undefined ? undefined : defaultAddress(profile)) ?? zeroAddress])
      }
      const address = profile === undefined ? undefined : addressFor(profile, call.args[1]) ?? (call.args[1] === ETH_COIN_TYPE ? defaultAddress(profile) : undefined)
      return encodeAbiParameters([{ type: 'bytes' }], [address ?? '0x'])
    }
    case 'text': {
      const key = call.args[1]
      const value = profile === undefined ? '' : key === 'avatar' ? (profile.attributes.avatar ?? '') : key === 'description' ? (profile.attributes.bio ?? '') : ''
      return encodeAbiParameters([{ type: 'string' }], [value])
    }
    case 'name': {
      const names_ = reverse === null ? [] : await names.reverse(getAddress(`0x${reverse[1]}`))
      return encodeAbiParameters([{ type: 'string' }], [names_[0]?.name ?? ''])
    }
    case 'contenthash':
      return encodeAbiParameters([{ type: 'bytes' }], ['0x'])
  }
}

/**
 * The gateway's answer to a CCIP-read request from `sender` (the resolver) with call data `data`
 * (`resolve(bytes name, bytes data)`): `abi.encode(result, expires, sig)`.
 */
export async function gatewayAnswer(names: GatewayNames, signer: LocalAccount, sender: Address, data: Hex, nowMs: number): Promise<Hex> {
  let name: Hex
  let inner: Hex
  try {
    ;[name, inner] = decodeFunctionData({ abi: SERVICE_ABI, data }).args as [Hex, Hex]
  } catch {
    throw new GatewayRequestError('Expected resolve(bytes,bytes) call data')
  }
  const result = await resolveRecord(names, decodeDnsName(toBytes(name)), inner)
  const expires = BigInt(Math.floor(nowMs / 1000) + GATEWAY_ANSWER_TTL_S)
  const signature = await signer.sign!({ hash: gatewayDigest(sender, expires, data, result) })
  return encodeAbiParameters([{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }], [result, expires, signature])
}

/** Reads an answer back (for clients and tests): the result, its expiry, the signature. */
export function readGatewayAnswer(answer: Hex): { result: Hex; expires: bigint; signature: Hex } {
  const [result, expires, signature] = decodeAbiParameters([{ type: 'bytes' }, { type: 'uint64' }, { type: 'bytes' }], answer)
  return { result, expires, signature }
}

/** The digest a resolver checks the gateway's signature over. */
export function gatewayDigest(sender: Address, expires: bigint, request: Hex, result: Hex): Hex {
  return keccak256(concat(['0x1900', getAddress(sender), toHex(expires, { size: 8 }), keccak256(request), keccak256(result)]))
}
