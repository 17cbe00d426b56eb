/**
 * The wallet peer's Solana side: one ed25519 key that answers WalletConnect's Solana methods as
 * wallets do (`solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction`,
 * each with its documented params and result shapes). Transactions are decoded and signed with
 * @solana/web3.js, so a malformed one is refused the way a wallet refuses it, never half-signed.
 */
import { createPrivateKey, sign } from 'node:crypto'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { Connection, Keypair, Transaction, VersionedTransaction } from '@solana/web3.js'

export interface SolanaPeerOptions {
  /** base58 of the 64-byte ed25519 secret key (seed then public key), as Solana CLIs print it. */
  secretKey: string
  /** JSON-RPC URL of every Solana chain the wallet serves, by CAIP-2 id (`solana:<genesis prefix>`). */
  rpcUrls: Record<string, string>
}

export const SOLANA_PEER_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const
export const SOLANA_PEER_EVENTS = [] as const

type RpcError = Error & { code: number }

function rpcError(code: number, message: string): RpcError {
  return Object.assign(new Error(message), { code })
}

const invalidParams = (why: string): RpcError => rpcError(-32602, `Invalid params: ${why}`)

const base58 = { encode: (bytes: Uint8Array) => getBase58Decoder().decode(bytes), decode: (text: string) => getBase58Encoder().encode(text) }

export interface SolanaSigner {
  readonly address: string
  readonly chains: readonly string[]
  /** Answers one request; throws an error with a JSON-RPC `code` for anything it refuses. */
  answer(method: string, params: unknown, chainId: string): Promise<unknown>
}

export function solanaSigner(options: SolanaPeerOptions): SolanaSigner {
  const secret = base58.decode(options.secretKey)
  if (secret.length !== 64) throw new Error('The Solana secret key must be 64 bytes (base58)')
  const keypair = Keypair.fromSecretKey(Uint8Array.from(secret))
  const address = keypair.publicKey.toBase58()
  // node:crypto signs ed25519 from a JWK: the seed is `d`, the public key `x`.
  const privateKey = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(secret.slice(0, 32)).toString('base64url'),
      x: Buffer.from(secret.slice(32)).toString('base64url'),
    },
    format: 'jwk',
  })

  const fields = (params: unknown): Record<string, unknown> => {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParams('expected an object')
    return params as Record<string, unknown>
  }

  const decodeTransaction = (params: unknown): Transaction | VersionedTransaction => {
    const encoded = fields(params).transaction
    if (typeof encoded !== 'string' || encoded.length === 0) throw invalidParams('transaction must be a base64 string')
    const bytes = Buffer.from(encoded, 'base64')
    try {
      // A versioned message starts with its version byte's high bit set; legacy ones do not.
      const transaction = VersionedTransaction.deserialize(bytes)
      return transaction.version === 'legacy' ? Transaction.from(bytes) : transaction
    } catch {
      try {
        return Transaction.from(bytes)
      } catch {
        throw invalidParams('transaction is not a Solana transaction')
      }
    }
  }

  const signWith = (transaction: Transaction | VersionedTransaction): { signature: string; transaction: string } => {
    const signers =
      transaction instanceof VersionedTransaction
        ? transaction.message.staticAccountKeys.slice(0, transaction.message.header.numRequiredSignatures)
        : transaction.compileMessage().accountKeys.slice(0, transaction.compileMessage().header.numRequiredSignatures)
    if (!signers.some((key) => key.equals(keypair.publicKey))) {
      throw rpcError(4100, `The wallet does not hold a key this transaction needs (${address} is not a signer)`)
    }
    let signature: Uint8Array
    if (transaction instanceof VersionedTransaction) {
      transaction.sign([keypair])
      signature = transaction.signatures[transaction.message.staticAccountKeys.findIndex((key) => key.equals(keypair.publicKey))]!
    } else {
      transaction.partialSign(keypair)
      signature = transaction.signatures.find((s) => s.publicKey.equals(keypair.publicKey))!.signature!
    }
    const serialized =
      transaction instanceof VersionedTransaction
        ? transaction.serialize()
        : transaction.serialize({ requireAllSignatures: false, verifySignatures: false })
    return { signature: base58.encode(signature), transaction: Buffer.from(serialized).toString('base64') }
  }

  return {
    address,
    chains: Object.keys(options.rpcUrls),
    async answer(method, params, chainId) {
      switch (method) {
        case 'solana_signMessage': {
          const { message, pubkey } = fields(params)
          if (typeof message !== 'string') throw invalidParams('message must be base58')
          if (pubkey !== undefined && pubkey !== address) throw rpcError(4100, `The wallet does not hold ${String(pubkey)}`)
          let bytes: Uint8Array
          try {
            bytes = Uint8Array.from(base58.decode(message))
          } catch {
            throw invalidParams('message must be base58')
          }
          return { signature: base58.encode(sign(null, bytes, privateKey)) }
        }
        case 'solana_signTransaction':
          return signWith(decodeTransaction(params))
        case 'solana_signAndSendTransaction': {
          const url = options.rpcUrls[chainId]
          if (url === undefined) throw rpcError(5100, `Unsupported chain ${chainId}`)
          const { transaction } = signWith(decodeTransaction(params))
          const connection = new Connection(url, 'confirmed')
          const signature = await connection.sendRawTransaction(Buffer.from(transaction, 'base64'))
          return { signature }
        }
        default:
          throw rpcError(4200, `The wallet does not support ${method}`)
      }
    },
  }
}
