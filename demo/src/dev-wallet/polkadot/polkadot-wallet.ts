/**
 * The Devnet Wallet's Polkadot side: an injected extension (`window.injectedWeb3['devnet-polkadot']`,
 * the API @polkadot/extension-inject defines) holding the devnet's test keys. `enable()`
 * asks the person once per site (the answer is kept, as extensions keep it), accounts come with
 * their names, and `signRaw` signs the `<Bytes>`-wrapped data as extensions do. The keys load with
 * the first request, through @polkadot/util-crypto's pure-JS modules: its package entry starts the
 * WebAssembly build, which a strict CSP (no 'wasm-unsafe-eval') refuses with a console error.
 */
import type { ApprovalMode, Approver, RequestLogEntry } from '../eip155/provider'
import { ApprovalGate, logRequest } from '../approval-gate'

export interface PolkadotWalletState {
  authorized: boolean
}

export interface PolkadotWalletOptions {
  readonly name: string
  readonly accounts: readonly { readonly seed: `0x${string}`; readonly name: string; readonly type: 'sr25519' | 'ed25519' }[]
  readonly approver: Approver
  readonly mode: () => ApprovalMode
  readonly persist: (state: PolkadotWalletState) => void
}

interface Pair {
  readonly address: string
  readonly name: string
  readonly type: 'sr25519' | 'ed25519'
  sign(message: Uint8Array): Uint8Array
}

interface InjectedAccount {
  readonly address: string
  readonly name: string
  readonly type: string
  readonly genesisHash: null
}

type AccountsListener = (accounts: InjectedAccount[]) => void

/** Extensions refuse with plain Errors and words, not codes. */
const rejected = () => new Error('Rejected by user')
const pending = () => new Error('A request is already pending')
const notAllowed = () => new Error('The site is not allowed to use this wallet')

export class DevPolkadotExtension {
  readonly version = '0.63.1'
  readonly log: RequestLogEntry[] = []
  private readonly listeners = new Set<AccountsListener>()
  private pairs: Promise<Pair[]> | undefined
  private nextId = 1
  private readonly gate = new ApprovalGate(
    () => this.options.mode(),
    () => this.options.approver,
    { rejected, pending: () => pending(), revoked: () => notAllowed() },
  )

  constructor(
    private readonly options: PolkadotWalletOptions,
    private state: PolkadotWalletState,
  ) {}

  get name(): string {
    return this.options.name
  }

  get authorized(): boolean {
    return this.state.authorized
  }

  /** The accounts' generic-format addresses, in order. */
  async addresses(): Promise<string[]> {
    return (await this.keys()).map((p) => p.address)
  }

  enable = (originName: string) =>
    logRequest(this.log, 'enable', originName, async () => {
      if (!this.state.authorized) {
        await this.gate.approve('enable', `Allow ${originName} to see your Polkadot accounts`)
        this.setState({ authorized: true })
      }
      return {
        accounts: {
          get: () => this.accountsForSite(),
          subscribe: (listener: AccountsListener) => {
            this.listeners.add(listener)
            void this.accountsForSite().then(listener, () => listener([]))
            return () => this.listeners.delete(listener)
          },
        },
        signer: {
          signRaw: (payload: { address: string; data: string; type: 'bytes' }) => this.signRaw(payload),
        },
      }
    })

  /** Forgets the site: its account subscriptions get an empty list, requests still waiting are refused. */
  revoke(): void {
    this.gate.revoke()
    this.options.approver.dismissAll()
    this.setState({ authorized: false })
    for (const listener of [...this.listeners]) listener([])
  }

  reset(state: PolkadotWalletState): void {
    this.gate.revoke()
    this.setState(state)
  }

  private signRaw(payload: { address: string; data: string; type: 'bytes' }) {
    return logRequest(this.log, 'signRaw', payload, async () => {
      if (!this.state.authorized) throw notAllowed()
      const { decodeAddress } = await import('@polkadot/util-crypto/address/decode')
      const { hexToU8a, u8aToHex, u8aWrapBytes, u8aToString, u8aEq } = await import('@polkadot/util')
      if (payload.type !== 'bytes' || !/^0x([0-9a-fA-F]{2})*$/.test(payload.data)) throw new Error('Invalid signRaw payload')
      const pair = (await this.keys()).find((p) => u8aEq(decodeAddress(p.address), decodeAddress(payload.address)))
      if (pair === undefined) throw new Error(`Unable to find an account for ${payload.address}`)
      const bytes = hexToU8a(payload.data)
      await this.gate.approve('signRaw', `${pair.name} signs: ${u8aToString(bytes).slice(0, 200)}`)
      return { id: this.nextId++, signature: u8aToHex(pair.sign(u8aWrapBytes(bytes))) }
    })
  }

  private async accountsForSite(): Promise<InjectedAccount[]> {
    if (!this.state.authorized) return []
    return (await this.keys()).map((p) => ({ address: p.address, name: p.name, type: p.type, genesisHash: null }))
  }

  private keys(): Promise<Pair[]> {
    this.pairs ??= (async () => {
      const [{ hexToU8a }, { encodeAddress }, sr, srSign, ed, edSign] = await Promise.all([
        import('@polkadot/util'),
        import('@polkadot/util-crypto/address/encode'),
        import('@polkadot/util-crypto/sr25519/pair/fromSeed'),
        import('@polkadot/util-crypto/sr25519/sign'),
        import('@polkadot/util-crypto/ed25519/pair/fromSeed'),
        import('@polkadot/util-crypto/ed25519/sign'),
      ])
      return this.options.accounts.map(({ seed, name, type }) => {
        const pair = type === 'sr25519' ? sr.sr25519PairFromSeed(hexToU8a(seed)) : ed.ed25519PairFromSeed(hexToU8a(seed))
        const sign = (message: Uint8Array) => (type === 'sr25519' ? srSign.sr25519Sign(message, pair) : edSign.ed25519Sign(message, pair, true))
        return { address: encodeAddress(pair.publicKey, 42), name, type, sign }
      })
    })()
    return this.pairs
  }

  private setState(state: PolkadotWalletState): void {
    this.state = state
    this.options.persist(state)
  }

}
