/**
 * The wallet peer's Bitcoin side: a payment (P2WPKH) key that answers WalletConnect's bip122
 * methods as wallets do: `getAccountAddresses` ({account} → [{address, publicKey, intention}]),
 * `signMessage` ({account, address?, message, protocol?} → {address, signature}: a BIP-322
 * signature, base64, unless ECDSA is asked, which this peer refuses) and `signPsbt` ({account, psbt
 * (base64), signInputs: [{address, index}], broadcast?} → {psbt}: the listed inputs signed, or every
 * input the key owns when none is listed). A PSBT that does not parse is refused, never half-signed.
 */
import { Transaction, p2wpkh } from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1'
import { signBip322 } from '../chains/bip122/bip322'
import { REGTEST } from '../chains/bip122/keys'

export interface BitcoinPeerOptions {
  /** Hex private key of the payment address. */
  privateKey: string
  /** The CAIP-2 ids of the Bitcoin chains the wallet serves (`bip122:<genesis prefix>`). */
  chains: readonly string[]
}

export const BITCOIN_PEER_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt'] as const
export const BITCOIN_PEER_EVENTS = [] as const

type RpcError = Error & { code: number }
const rpcError = (code: number, message: string): RpcError => Object.assign(new Error(message), { code })
const invalidParams = (why: string): RpcError => rpcError(-32602, `Invalid params: ${why}`)

export interface BitcoinSigner {
  readonly address: string
  readonly chains: readonly string[]
  answer(method: string, params: unknown): Promise<unknown>
}

export function bitcoinSigner(options: BitcoinPeerOptions): BitcoinSigner {
  const privateKey = Uint8Array.from(Buffer.from(options.privateKey, 'hex'))
  const publicKey = secp256k1.getPublicKey(privateKey, true)
  const payment = p2wpkh(publicKey, REGTEST)
  const address = payment.address!

  const fields = (params: unknown): Record<string, unknown> => {
    if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalidParams('expected an object')
    return params as Record<string, unknown>
  }
  const ownAccount = (p: Record<string, unknown>): void => {
    if (p.account !== undefined && p.account !== address) throw rpcError(4100, `The wallet has no account ${String(p.account)}`)
  }

  return {
    address,
    chains: options.chains,
    async answer(method, params) {
      const p = fields(params)
      switch (method) {
        case 'getAccountAddresses':
          ownAccount(p)
          return [{ address, publicKey: Buffer.from(publicKey).toString('hex'), intention: 'payment' }]
        case 'signMessage': {
          ownAccount(p)
          if (typeof p.message !== 'string') throw invalidParams('message must be a string')
          if (p.address !== undefined && p.address !== address) throw rpcError(4100, `The wallet has no address ${String(p.address)}`)
          if (p.protocol !== undefined && p.protocol !== 'bip322') throw invalidParams('only bip322 message signatures')
          return { address, signature: signBip322(p.message, payment.script, privateKey) }
        }
        case 'signPsbt': {
          ownAccount(p)
          if (typeof p.psbt !== 'string' || p.psbt.length === 0) throw invalidParams('psbt must be a base64 string')
          let tx: Transaction
          try {
            tx = Transaction.fromPSBT(Buffer.from(p.psbt, 'base64'))
          } catch {
            throw invalidParams('psbt is not a PSBT')
          }
          const listed = Array.isArray(p.signInputs) ? (p.signInputs as { address?: unknown; index?: unknown }[]) : []
          const indexes = listed.length > 0 ? listed.map((i) => i.index) : Array.from({ length: tx.inputsLength }, (_, i) => i)
          let signed = 0
          for (const index of indexes) {
            if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= tx.inputsLength) throw invalidParams(`no input ${String(index)}`)
            const script = tx.getInput(index).witnessUtxo?.script
            const own = script !== undefined && Buffer.from(script).equals(Buffer.from(payment.script))
            if (!own) {
              if (listed.length > 0) throw invalidParams(`input ${index} is not the wallet's`)
              continue
            }
            tx.signIdx(privateKey, index)
            signed++
          }
          if (signed === 0) throw invalidParams('no input of the wallet to sign')
          if (p.broadcast === true) throw rpcError(4200, 'The wallet does not broadcast')
          return { psbt: Buffer.from(tx.toPSBT()).toString('base64') }
        }
        default:
          throw rpcError(4200, `The wallet does not support ${method}`)
      }
    },
  }
}
