/**
 * The injected extension API (`window.injectedWeb3[name]`), as @polkadot/extension-inject defines
 * it, typed here (types only: nothing of it reaches the page).
 */

/** One account an extension shares with the site. */
export interface InjectedAccount {
  readonly address: string
  readonly name?: string
  /** `sr25519`, `ed25519`, `ecdsa` or `ethereum`. */
  readonly type?: string
  /** The network the account is restricted to; null or absent for any. */
  readonly genesisHash?: string | null
}

export interface SignerPayloadRaw {
  readonly address: string
  /** 0x-hex of the bytes to sign. */
  readonly data: string
  readonly type: 'bytes'
}

/** What `enable(originName)` resolves: the site's view of the extension. */
export interface Injected {
  readonly accounts: {
    get(anyType?: boolean): Promise<readonly InjectedAccount[]>
    subscribe?(listener: (accounts: readonly InjectedAccount[]) => void): () => void
  }
  readonly signer: {
    signRaw?(payload: SignerPayloadRaw): Promise<{ readonly id: number; readonly signature: string }>
    signPayload?(payload: unknown): Promise<{ readonly id: number; readonly signature: string }>
  }
}

/** One entry of `window.injectedWeb3`. */
export interface InjectedExtension {
  readonly version?: string
  /** Not in the standard: a display name some extensions set (the key is shown otherwise). */
  readonly name?: unknown
  enable(originName: string): Promise<Injected>
}

export type InjectedWeb3 = Readonly<Record<string, InjectedExtension | undefined>>
