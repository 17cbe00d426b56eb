/**
 * The wallet peer's Cosmos side: one secp256k1 key (from a mnemonic, path m/44'/118'/0'/0/0)
 * answering WalletConnect's cosmos methods as wallets do: `cosmos_getAccounts` (address, algo,
 * base64 public key), `cosmos_signDirect` (the protobuf SignDoc's sha256, signed) and
 * `cosmos_signAmino` (the amino document's canonical JSON, signed), each with the document signed.
 */
import { Secp256k1HdWallet, encodeSecp256k1Signature, makeCosmoshubPath, serializeSignDoc, type StdSignDoc } from '@cosmjs/amino'
import { Bip39, EnglishMnemonic, Secp256k1, Secp256k1Signature, Slip10, Slip10Curve, sha256 } from '@cosmjs/crypto'
import { fromBase64, toBase64, toBech32 } from '@cosmjs/encoding'
import { rawSecp256k1PubkeyToRawAddress } from '@cosmjs/amino'

export interface CosmosPeerOptions {
  mnemonic: string
  /** The bech32 prefix of each chain the wallet serves, by CAIP-2 id (`cosmos:<chain-id>`). */
  chains: Record<string, string>
}

export const COSMOS_PEER_METHODS = ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'] as const
export const COSMOS_PEER_EVENTS = [] as const

type RpcError = Error & { code: number }
const rpcError = (code: number, message: string): RpcError => Object.assign(new Error(message), { code })
const invalidParams = (why: string): RpcError => rpcError(-32602, `Invalid params: ${why}`)

export interface CosmosSigner {
  /** The account's address on `chainId`. */
  address(chainId: string): string
  readonly chains: readonly string[]
  answer(method: string, params: unknown, chainId: string): Promise<unknown>
}

/** Protobuf length-delimited / varint fields of cosmos.tx.v1beta1.SignDoc. */
function varint(value: bigint): number[] {
  const out: number[] = []
  let v = value
  do {
    let byte = Number(v & 0x7fn)
    v >>= 7n
    if (v > 0n) byte |= 0x80
    out.push(byte)
  } while (v > 0n)
  return out
}

export function signDocBytes(doc: { bodyBytes: Uint8Array; authInfoBytes: Uint8Array; chainId: string; accountNumber: bigint }): Uint8Array {
  const bytes: number[] = []
  const field = (tag: number, data: Uint8Array) => {
    if (data.length === 0) return
    bytes.push(tag, ...varint(BigInt(data.length)), ...data)
  }
  field(0x0a, doc.bodyBytes)
  field(0x12, doc.authInfoBytes)
  field(0x1a, new TextEncoder().encode(doc.chainId))
  if (doc.accountNumber !== 0n) bytes.push(0x20, ...varint(doc.accountNumber))
  return Uint8Array.from(bytes)
}

export async function cosmosSigner(options: CosmosPeerOptions): Promise<CosmosSigner> {
  const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(options.mnemonic))
  const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, makeCosmoshubPath(0))
  const pubkey = Secp256k1.compressPubkey((await Secp256k1.makeKeypair(privkey)).pubkey)
  const raw = rawSecp256k1PubkeyToRawAddress(pubkey)
  const address = (chainId: string): string => {
    const prefix = options.chains[chainId]
    if (prefix === undefined) throw rpcError(5100, `Unsupported chain ${chainId}`)
    return toBech32(prefix, raw)
  }
  const amino = new Map<string, Promise<Secp256k1HdWallet>>()
  const aminoWallet = (prefix: string) => {
    let wallet = amino.get(prefix)
    if (wallet === undefined) {
      wallet = Secp256k1HdWallet.fromMnemonic(options.mnemonic, { prefix })
      amino.set(prefix, wallet)
    }
    return wallet
  }
  const fields = (params: unknown): Record<string, unknown> => {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParams('expected an object')
    return params as Record<string, unknown>
  }
  const ownSigner = (value: unknown, chainId: string): string => {
    const mine = address(chainId)
    if (value !== mine) throw rpcError(4100, `The wallet does not hold ${String(value)}`)
    return mine
  }
  return {
    address,
    chains: Object.keys(options.chains),
    async answer(method, params, chainId) {
      switch (method) {
        case 'cosmos_getAccounts':
          return [{ address: address(chainId), algo: 'secp256k1', pubkey: toBase64(pubkey) }]
        case 'cosmos_signDirect': {
          const { signerAddress, signDoc } = fields(params)
          ownSigner(signerAddress, chainId)
          const doc = fields(signDoc)
          if (typeof doc.bodyBytes !== 'string' || typeof doc.authInfoBytes !== 'string' || typeof doc.chainId !== 'string') {
            throw invalidParams('signDoc needs bodyBytes, authInfoBytes (base64) and chainId')
          }
          const accountNumber = BigInt(typeof doc.accountNumber === 'string' || typeof doc.accountNumber === 'number' ? doc.accountNumber : 0)
          const bytes = signDocBytes({ bodyBytes: fromBase64(doc.bodyBytes), authInfoBytes: fromBase64(doc.authInfoBytes), chainId: doc.chainId, accountNumber })
          const extended = await Secp256k1.createSignature(sha256(bytes), privkey)
          const signature = new Secp256k1Signature(extended.r(32), extended.s(32)).toFixedLength()
          return { signed: signDoc, signature: encodeSecp256k1Signature(pubkey, signature) }
        }
        case 'cosmos_signAmino': {
          const { signerAddress, signDoc } = fields(params)
          const signer = ownSigner(signerAddress, chainId)
          const doc = fields(signDoc) as unknown as StdSignDoc
          if (!Array.isArray(doc.msgs) || typeof doc.chain_id !== 'string') throw invalidParams('signDoc must be an amino StdSignDoc')
          serializeSignDoc(doc)
          const prefix = options.chains[chainId] as string
          const { signed, signature } = await (await aminoWallet(prefix)).signAmino(signer, doc)
          return { signed, signature }
        }
        default:
          throw rpcError(4200, `The wallet does not support ${method}`)
      }
    },
  }
}
