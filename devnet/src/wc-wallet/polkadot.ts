/**
 * The wallet peer's Polkadot side: one sr25519 key answering WalletConnect's polkadot methods as
 * wallets do. `polkadot_signMessage` signs the `<Bytes>`-wrapped message (as extensions' signRaw);
 * `polkadot_signTransaction` signs the SCALE-encoded extrinsic payload of a SignerPayloadJSON with
 * the classic signed extensions (mortality, nonce, tip; spec and transaction versions, genesis and
 * block hash), hashed with blake2-256 when longer than 256 bytes, and answers the MultiSignature
 * (0x01 and the sr25519 signature). A payload naming another extension is refused: its bytes
 * would be signed wrong. Pure-JS modules of @polkadot/util-crypto (no WebAssembly).
 */
import { compactToU8a, hexToU8a, isHex, stringToU8a, u8aConcat, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { blake2AsU8a } from '@polkadot/util-crypto/blake2'
import { decodeAddress } from '@polkadot/util-crypto/address/decode'
import { encodeAddress } from '@polkadot/util-crypto/address/encode'
import { sr25519PairFromSeed } from '@polkadot/util-crypto/sr25519/pair/fromSeed'
import { sr25519Sign } from '@polkadot/util-crypto/sr25519/sign'

export interface PolkadotPeerOptions {
  /** 0x-hex of the 32-byte sr25519 seed. */
  seed: `0x${string}`
  /** CAIP-2 ids of the polkadot chains the wallet serves (`polkadot:<genesis prefix>`). */
  chains: string[]
}

export const POLKADOT_PEER_METHODS = ['polkadot_signMessage', 'polkadot_signTransaction'] as const
export const POLKADOT_PEER_EVENTS = [] as const
/** The signed extensions whose payload bytes the peer encodes. */
const KNOWN_EXTENSIONS = new Set([
  'CheckNonZeroSender',
  'CheckSpecVersion',
  'CheckTxVersion',
  'CheckGenesis',
  'CheckMortality',
  'CheckNonce',
  'CheckWeight',
  'ChargeTransactionPayment',
])

type RpcError = Error & { code: number }
const rpcError = (code: number, message: string): RpcError => Object.assign(new Error(message), { code })
const invalidParams = (why: string): RpcError => rpcError(-32602, `Invalid params: ${why}`)

export interface PolkadotSigner {
  /** The account in the generic SS58 format (prefix 42). */
  readonly address: string
  readonly chains: readonly string[]
  answer(method: string, params: unknown): Promise<unknown>
}

/** Little-endian u32 of a hex or number field. */
function u32(value: unknown, field: string): Uint8Array {
  const n = typeof value === 'number' ? value : typeof value === 'string' && isHex(value) ? Number.parseInt(value, 16) : Number.NaN
  if (!Number.isInteger(n) || n < 0 || n > 0xffffffff) throw invalidParams(`${field} must be a u32`)
  const out = new Uint8Array(4)
  new DataView(out.buffer).setUint32(0, n, true)
  return out
}

function hexField(value: unknown, field: string, length?: number): Uint8Array {
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${field} must be hex`)
  const bytes = hexToU8a(value)
  if (length !== undefined && bytes.length !== length) throw invalidParams(`${field} must be ${length} bytes`)
  return bytes
}

function compactField(value: unknown, field: string): Uint8Array {
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${field} must be hex`)
  return compactToU8a(BigInt(value === '0x' ? 0 : value))
}

/** The bytes a Substrate runtime checks the signature over, for the classic signed extensions. */
export function extrinsicPayloadBytes(payload: Record<string, unknown>): Uint8Array {
  const extensions = payload.signedExtensions
  if (Array.isArray(extensions)) {
    const unknown = extensions.filter((e) => typeof e !== 'string' || !KNOWN_EXTENSIONS.has(e))
    if (unknown.length > 0) throw rpcError(5002, `The wallet cannot sign with the signed extension ${String(unknown[0])}`)
  }
  const bytes = u8aConcat(
    hexField(payload.method, 'method'),
    hexField(payload.era, 'era'),
    compactField(payload.nonce, 'nonce'),
    compactField(payload.tip ?? '0x00', 'tip'),
    u32(payload.specVersion, 'specVersion'),
    u32(payload.transactionVersion, 'transactionVersion'),
    hexField(payload.genesisHash, 'genesisHash', 32),
    hexField(payload.blockHash, 'blockHash', 32),
  )
  return bytes.length > 256 ? blake2AsU8a(bytes, 256) : bytes
}

export function polkadotSigner(options: PolkadotPeerOptions): PolkadotSigner {
  const pair = sr25519PairFromSeed(hexToU8a(options.seed))
  const address = encodeAddress(pair.publicKey, 42)
  const own = (value: unknown): void => {
    if (typeof value !== 'string') throw invalidParams('address must be an SS58 address')
    let key: Uint8Array
    try {
      key = decodeAddress(value)
    } catch {
      throw invalidParams('address must be an SS58 address')
    }
    if (u8aToHex(key) !== u8aToHex(pair.publicKey)) throw rpcError(4100, `The wallet does not hold ${value}`)
  }
  const fields = (params: unknown): Record<string, unknown> => {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParams('expected an object')
    return params as Record<string, unknown>
  }
  return {
    address,
    chains: options.chains,
    // async: a refusal is a rejected answer, never a throw.
    async answer(method, params) {
      switch (method) {
        case 'polkadot_signMessage': {
          const { address: signer, message } = fields(params)
          own(signer)
          if (typeof message !== 'string') throw invalidParams('message must be a string')
          const bytes = isHex(message) ? hexToU8a(message) : stringToU8a(message)
          return { signature: u8aToHex(sr25519Sign(u8aWrapBytes(bytes), pair)) }
        }
        case 'polkadot_signTransaction': {
          const { address: signer, transactionPayload } = fields(params)
          own(signer)
          const payload = fields(transactionPayload)
          if (payload.address !== undefined) own(payload.address)
          const signature = sr25519Sign(extrinsicPayloadBytes(payload), pair)
          return { id: 0, signature: u8aToHex(u8aConcat(new Uint8Array([1]), signature)) }
        }
        default:
          throw rpcError(4200, `The wallet does not support ${method}`)
      }
    },
  }
}
