/**
 * The devnet Bitcoin accounts: keys derived from fixed labels (private key = sha256(label)), each
 * with a native segwit payment address (P2WPKH, `bcrt1q…`) and a taproot ordinals address (P2TR
 * key path, `bcrt1p…`), as wallets such as Xverse pair them. Devnet keys only: never use elsewhere.
 */
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { secp256k1 } from '@noble/curves/secp256k1'
import { sha256 } from '@noble/hashes/sha2'
import { BITCOIN_DEVNET_BECH32_PREFIX } from './network'

/** Regtest's address and key prefixes in @scure/btc-signer's form. */
export const REGTEST = { bech32: BITCOIN_DEVNET_BECH32_PREFIX, pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef } as const

export interface BitcoinDevnetAccount {
  readonly payment: { readonly address: string; readonly privateKey: string; readonly publicKey: string }
  readonly ordinals: { readonly address: string; readonly privateKey: string; readonly publicKey: string }
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')

function keyOf(label: string): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const privateKey = sha256(new TextEncoder().encode(label))
  return { privateKey, publicKey: secp256k1.getPublicKey(privateKey, true) }
}

/** The devnet account `index`: payment key label 'walletgate devnet bitcoin payment <i>', ordinals '… ordinals <i>'. */
export function bitcoinDevnetAccount(index: number): BitcoinDevnetAccount {
  const pay = keyOf(`walletgate devnet bitcoin payment ${index}`)
  const ord = keyOf(`walletgate devnet bitcoin ordinals ${index}`)
  return {
    payment: { address: p2wpkh(pay.publicKey, REGTEST).address!, privateKey: hex(pay.privateKey), publicKey: hex(pay.publicKey) },
    // Taproot key path: the x-only internal key, tweaked with no script tree.
    ordinals: { address: p2tr(ord.publicKey.slice(1), undefined, REGTEST).address!, privateKey: hex(ord.privateKey), publicKey: hex(ord.publicKey.slice(1)) },
  }
}

/** How many devnet accounts the chain funds at start. */
export const BITCOIN_DEVNET_ACCOUNT_COUNT = 5

/**
 * Start funding, in sats: each payment address gets two outputs (in blocks 1 and 2), each ordinals
 * address one small output (an inscription-sized one, as an ordinals wallet would hold).
 */
export const BITCOIN_DEVNET_FUNDING = { payment: [150_000_000n, 25_000_000n], ordinals: [10_000n] } as const
