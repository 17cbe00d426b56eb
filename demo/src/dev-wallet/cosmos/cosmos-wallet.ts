/**
 * The Devnet Wallet's Cosmos side: a Keplr-style wallet (`window.keplr`) holding the devnet's test
 * mnemonic (@cosmjs/amino's Secp256k1HdWallet, loaded with the first request). `enable(chainId)`
 * asks the person once per site and chain (the answer is kept, as Keplr keeps it), `getKey`
 * answers the chain's account, `signArbitrary` signs an ADR-036 document, and `disable` forgets the
 * site; a change of key fires `keplr_keystorechange` on the window.
 */
import type { Secp256k1HdWallet } from '@cosmjs/amino'
import type { ApprovalMode, Approver, RequestLogEntry } from '../eip155/provider'
import { ApprovalGate, logRequest } from '../approval-gate'

export interface CosmosWalletState {
  /** The chain ids the site may use. */
  enabled: string[]
}

export interface CosmosWalletOptions {
  readonly name: string
  readonly mnemonic: string
  /** The bech32 prefix of each chain the wallet knows, by chain id. */
  readonly chains: Readonly<Record<string, string>>
  readonly approver: Approver
  readonly mode: () => ApprovalMode
  readonly persist: (state: CosmosWalletState) => void
}

/** Keplr refuses with plain Errors and words. */
const rejected = () => new Error('Request rejected')
const pending = () => new Error('A request is already pending')
const notAllowed = (chainId: string) => new Error(`The site is not allowed to use ${chainId}`)

export class DevCosmosWallet {
  readonly version = '0.13.41'
  readonly mode = 'extension'
  readonly log: RequestLogEntry[] = []
  private readonly gate = new ApprovalGate(
    () => this.options.mode(),
    () => this.options.approver,
    { rejected, pending: () => pending(), revoked: () => notAllowed('this chain') },
  )

  constructor(
    private readonly options: CosmosWalletOptions,
    private state: CosmosWalletState,
  ) {}

  get name(): string {
    return this.options.name
  }

  get enabledChains(): readonly string[] {
    return this.state.enabled
  }

  enable = (chainIds: string | string[]) =>
    logRequest(this.log, 'enable', chainIds, async () => {
      const wanted = (Array.isArray(chainIds) ? chainIds : [chainIds]).filter((id) => !this.state.enabled.includes(id))
      for (const id of wanted) if (this.options.chains[id] === undefined) throw new Error(`There is no chain info for ${id}`)
      if (wanted.length === 0) return
      await this.gate.approve('enable', `Allow this site to use your Cosmos account on ${wanted.join(', ')}`)
      this.setState({ enabled: [...this.state.enabled, ...wanted] })
    })

  disable = (chainIds?: string | string[]) =>
    logRequest(this.log, 'disable', chainIds, () => {
      const gone = chainIds === undefined ? this.state.enabled : Array.isArray(chainIds) ? chainIds : [chainIds]
      this.gate.revoke()
      this.setState({ enabled: this.state.enabled.filter((id) => !gone.includes(id)) })
      return Promise.resolve()
    })

  getKey = (chainId: string) =>
    logRequest(this.log, 'getKey', chainId, async () => {
      const account = await this.account(chainId)
      return {
        name: 'Devnet account',
        algo: account.algo,
        pubKey: account.pubkey,
        // A limit given: @cosmjs/encoding's default (Infinity) is refused by @scure/base 2.
        address: (await import('@cosmjs/encoding')).fromBech32(account.address, 256).data,
        bech32Address: account.address,
        ethereumHexAddress: '',
        isNanoLedger: false,
        isKeystone: false,
      }
    })

  signArbitrary = (chainId: string, signer: string, data: string | Uint8Array) =>
    logRequest(this.log, 'signArbitrary', { chainId, signer }, async () => {
      const account = await this.account(chainId)
      if (signer !== account.address) throw new Error(`Unknown signer ${signer}`)
      const [{ makeSignDoc }, { toBase64 }] = await Promise.all([import('@cosmjs/amino'), import('@cosmjs/encoding')])
      const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
      await this.gate.approve('signArbitrary', `Sign: ${new TextDecoder().decode(bytes).slice(0, 200)}`)
      // ADR-036: an amino document with one MsgSignData, no chain id, fee or sequence.
      const doc = makeSignDoc([{ type: 'sign/MsgSignData', value: { signer, data: toBase64(bytes) } }], { gas: '0', amount: [] }, '', '', 0, 0)
      return (await (await this.hdWallet(chainId)).signAmino(signer, doc)).signature
    })

  /** Forgets the site on every chain and tells it its key changed (as Keplr does when an account is removed). */
  revoke(): void {
    this.gate.revoke()
    this.options.approver.dismissAll()
    this.setState({ enabled: [] })
    window.dispatchEvent(new Event('keplr_keystorechange'))
  }

  reset(state: CosmosWalletState): void {
    this.gate.revoke()
    this.setState(state)
  }

  private async account(chainId: string) {
    if (!this.state.enabled.includes(chainId)) throw notAllowed(chainId)
    const [account] = await (await this.hdWallet(chainId)).getAccounts()
    if (account === undefined) throw new Error('The wallet has no account')
    return account
  }

  private readonly wallets = new Map<string, Promise<Secp256k1HdWallet>>()

  private hdWallet(chainId: string): Promise<Secp256k1HdWallet> {
    const prefix = this.options.chains[chainId]
    if (prefix === undefined) return Promise.reject(new Error(`There is no chain info for ${chainId}`))
    let wallet = this.wallets.get(prefix)
    if (wallet === undefined) {
      wallet = import('@cosmjs/amino').then(({ Secp256k1HdWallet }) => Secp256k1HdWallet.fromMnemonic(this.options.mnemonic, { prefix }))
      this.wallets.set(prefix, wallet)
    }
    return wallet
  }

  private setState(state: CosmosWalletState): void {
    this.state = state
    this.options.persist(state)
  }

}
