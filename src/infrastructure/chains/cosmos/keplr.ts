/**
 * The Keplr-style wallet API (`window.keplr`; Leap's `window.leap` is the same), as
 * @keplr-wallet/types defines it, as far as the wing uses it (types only).
 */

/** An ADR-036 / amino signature: the signer's public key and the signature, both base64. */
export interface StdSignature {
  readonly pub_key: { readonly type: string; readonly value: string }
  readonly signature: string
}

/** The key a wallet holds for one chain. */
export interface KeplrKey {
  readonly name: string
  readonly algo: string
  readonly pubKey: Uint8Array
  readonly bech32Address: string
}

export interface Keplr {
  /** Not in the API: a display name some wallets set (the global's known name is shown otherwise). */
  readonly name?: unknown
  enable(chainIds: string | string[]): Promise<void>
  disable?(chainIds?: string | string[]): Promise<void>
  getKey(chainId: string): Promise<KeplrKey>
  signArbitrary(chainId: string, signer: string, data: string | Uint8Array): Promise<StdSignature>
}
