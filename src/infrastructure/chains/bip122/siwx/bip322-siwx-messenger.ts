/**
 * Sign-in for bip122: CAIP-122 messages ("… wants you to sign in with your Bitcoin account:"), the
 * EIP-4361 layout with the CAIP-2 chain id, signed by the wallet with BIP-322 and checked here with
 * BIP-322's "simple" verification for P2WPKH and P2TR key-path addresses: the virtual `to_spend` /
 * `to_sign` transactions are rebuilt with @scure/btc-signer and the witness's signature checked with
 * @noble/curves. Loaded only when a Bitcoin account signs in.
 */
import { Address, OutScript, RawWitness, Script, Transaction, p2wpkh } from '@scure/btc-signer'
import { schnorr, secp256k1 } from '@noble/curves/secp256k1'
import { bitcoinAddressNetwork } from '../../../../domain/bitcoin/bitcoin-address'
import type { SiwxMessageData, SiwxSession } from '../../../../domain/entities'
import type { SiwxFamilyMessenger } from '../../../../ports/siwx'
import { caip122Message } from '../../../../domain/siwx/caip122-message'
import { InvalidSignInMessageError } from '../../../../domain/siwx/caip122-message'

const NETWORKS = {
  mainnet: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef },
} as const

/** The CAIP-122 text of `data` (EIP-4361's layout; `Chain ID` is the CAIP-2 id). */
export function bip122SiwxMessage(data: SiwxMessageData): string {
  if (!/^[^\s/]+$/.test(data.domain) || bitcoinAddressNetwork(data.accountAddress) === undefined || /\s/.test(data.uri)) {
    throw new InvalidSignInMessageError('The sign-in message needs a domain, a URI and a Bitcoin address')
  }
  return caip122Message(data, 'Bitcoin')
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

/**
 * Whether `signatureBase64` is a BIP-322 simple signature of `message` by `address` (P2WPKH or
 * P2TR key path; any other address type, or anything malformed, is false).
 */
export function verifyBip322(address: string, message: string, signatureBase64: string): boolean {
  try {
    const network = bitcoinAddressNetwork(address)
    if (network === undefined) return false
    const script = OutScript.encode(Address(NETWORKS[network]).decode(address))
    const type = OutScript.decode(script).type
    const witness = RawWitness.decode(fromBase64(signatureBase64))
    const messageHash = schnorr.utils.taggedHash('BIP0322-signed-message', new TextEncoder().encode(message))
    const toSpend = new Transaction({ version: 0, allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
    toSpend.addOutput({ script, amount: 0n })
    toSpend.addInput({ txid: new Uint8Array(32), index: 0xffffffff, sequence: 0, finalScriptSig: Script.encode(['OP_0', messageHash]) })
    const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
    toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
    toSign.addInput({ txid: toSpend.id, index: 0, sequence: 0, witnessUtxo: { script, amount: 0n } })
    if (type === 'wpkh' && witness.length === 2) {
      const [sig, publicKey] = witness as [Uint8Array, Uint8Array]
      if (!equal(p2wpkh(publicKey).script, script)) return false
      const scriptCode = OutScript.encode({ type: 'pkh', hash: (OutScript.decode(script) as { hash: Uint8Array }).hash })
      const sighash = toSign.preimageWitnessV0(0, scriptCode, sig[sig.length - 1]!, 0n)
      return secp256k1.verify(secp256k1.Signature.fromDER(sig.slice(0, -1)).toCompactRawBytes(), sighash, publicKey)
    }
    if (type === 'tr' && witness.length === 1) {
      const [sig] = witness as [Uint8Array]
      if (sig.length !== 64 && sig.length !== 65) return false
      const sighash = toSign.preimageWitnessV1(0, [script], sig.length === 65 ? sig[64]! : 0, [0n])
      return schnorr.verify(sig.slice(0, 64), sighash, (OutScript.decode(script) as { pubkey: Uint8Array }).pubkey)
    }
    return false
  } catch {
    return false
  }
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}

export class Bip322SiwxMessenger implements SiwxFamilyMessenger {
  createMessage(data: SiwxMessageData): string {
    return bip122SiwxMessage(data)
  }

  verify(session: SiwxSession, nowMs: number): Promise<boolean> {
    const { data, message, signature } = session
    let expected: string
    try {
      expected = this.createMessage(data)
    } catch {
      return Promise.resolve(false)
    }
    // The signed text must say exactly what the stored data says, and be in force now.
    if (expected !== message) return Promise.resolve(false)
    if (data.expirationTime !== undefined && Date.parse(data.expirationTime) <= nowMs) return Promise.resolve(false)
    if (data.notBefore !== undefined && Date.parse(data.notBefore) > nowMs) return Promise.resolve(false)
    return Promise.resolve(verifyBip322(data.accountAddress, message, signature))
  }
}

export function bip122SiwxMessenger(): Bip322SiwxMessenger {
  return new Bip322SiwxMessenger()
}
