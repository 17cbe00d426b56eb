/**
 * BIP-322 "simple" message signatures for P2WPKH and P2TR key-path addresses, as a wallet makes
 * them: a virtual `to_spend` transaction commits to the tagged hash of the message, a virtual
 * `to_sign` transaction spends it, and the signature is `to_sign`'s witness stack (base64).
 */
import { RawWitness, Script, Transaction } from '@scure/btc-signer'
import { sha256 } from '@noble/hashes/sha2'

const TAG = sha256(new TextEncoder().encode('BIP0322-signed-message'))

/** sha256(tag || tag || message), BIP-340's tagged hash. */
export function bip322MessageHash(message: Uint8Array): Uint8Array {
  return sha256(new Uint8Array([...TAG, ...TAG, ...message]))
}

/**
 * Signs `message` for the address whose output script is `script`.
 * @param internalKey the x-only internal key of a P2TR address (absent for P2WPKH).
 */
export function signBip322Witness(message: string, script: Uint8Array, privateKey: Uint8Array, internalKey?: Uint8Array): Uint8Array {
  const toSpend = new Transaction({ version: 0, allowUnknownOutputs: true, allowUnknownInputs: true, disableScriptCheck: true })
  toSpend.addOutput({ script, amount: 0n })
  toSpend.addInput({
    txid: new Uint8Array(32),
    index: 0xffffffff,
    sequence: 0,
    finalScriptSig: Script.encode(['OP_0', bip322MessageHash(new TextEncoder().encode(message))]),
  })
  const toSign = new Transaction({ version: 0, allowUnknownOutputs: true })
  toSign.addInput({
    txid: toSpend.id,
    index: 0,
    sequence: 0,
    witnessUtxo: { script, amount: 0n },
    ...(internalKey ? { tapInternalKey: internalKey } : {}),
  })
  toSign.addOutput({ script: Script.encode(['RETURN']), amount: 0n })
  toSign.signIdx(privateKey, 0)
  toSign.finalizeIdx(0)
  const witness = toSign.getInput(0).finalScriptWitness
  if (witness === undefined) throw new Error('BIP-322: no witness')
  return RawWitness.encode(witness)
}

/** The same signature as base64, the form wallets and verifiers exchange. */
export function signBip322(message: string, script: Uint8Array, privateKey: Uint8Array, internalKey?: Uint8Array): string {
  let binary = ''
  for (const byte of signBip322Witness(message, script, privateKey, internalKey)) binary += String.fromCharCode(byte)
  return btoa(binary)
}
