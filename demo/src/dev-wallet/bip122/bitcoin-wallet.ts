/**
 * The Devnet Bitcoin Wallet: a Wallet Standard Bitcoin wallet holding the devnet's Bitcoin keys
 * (devnet/src/chains/bip122/keys.ts), a row of its own beside the Devnet Wallet. It shares the Devnet
 * Wallet's approval panel and mode: each request is approved by the person (or by the test's mode).
 * Features: `bitcoin:connect` (the payment P2WPKH and the ordinals P2TR address, each with its
 * `purpose`), `bitcoin:signMessage` (BIP-322 simple signatures, the witness bytes), and the
 * standard's disconnect and change events.
 */
import { p2tr, p2wpkh } from '@scure/btc-signer'
import { BITCOIN_DEVNET_ACCOUNT_COUNT, REGTEST, bitcoinDevnetAccount, type BitcoinDevnetAccount } from '../../../../devnet/src/chains/bip122/keys'
import { alreadyPending, invalidParams, unauthorized, userRejected } from '../rpc-error'
import type { ApprovalMode, Approver, RequestLogEntry } from '../eip155/provider'
import { ApprovalGate, logRequest } from '../approval-gate'
import { signBip322Witness } from '../../../../devnet/src/chains/bip122/bip322'

export interface BitcoinWalletState {
  authorized: boolean
  accountIndex: number
}

export interface BitcoinWalletOptions {
  readonly name: string
  readonly icon: `data:image/${'svg+xml' | 'webp' | 'png' | 'gif'};base64,${string}`
  readonly rdns: string
  readonly approver: Approver
  readonly mode: () => ApprovalMode
  readonly persist: (state: BitcoinWalletState) => void
}

interface Account {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly purpose: 'payment' | 'ordinals'
  readonly chains: readonly `${string}:${string}`[]
  readonly features: readonly `${string}:${string}`[]
}

type ChangeListener = (properties: { accounts?: readonly Account[] }) => void

const CHAIN = 'bitcoin:regtest' as const
const FEATURES = ['bitcoin:connect', 'bitcoin:signMessage'] as const
const fromHex = (hex: string): Uint8Array => Uint8Array.from(hex.match(/../g) ?? [], (b) => parseInt(b, 16))

export class DevBitcoinWallet {
  readonly version = '1.0.0' as const
  readonly log: RequestLogEntry[] = []
  private readonly listeners = new Set<ChangeListener>()
  private readonly keys: BitcoinDevnetAccount[]
  private accountCache: readonly Account[] | undefined
  private cachedIndex = -1
  /** Grows each time the site loses its access: an approval given across it is void. */
  private readonly gate = new ApprovalGate(
    () => this.options.mode(),
    () => this.options.approver,
    { rejected: userRejected, pending: alreadyPending, revoked: unauthorized },
  )

  constructor(
    private readonly options: BitcoinWalletOptions,
    private state: BitcoinWalletState,
  ) {
    this.keys = Array.from({ length: BITCOIN_DEVNET_ACCOUNT_COUNT }, (_, i) => bitcoinDevnetAccount(i))
  }

  get name(): string {
    return this.options.name
  }

  get icon(): BitcoinWalletOptions['icon'] {
    return this.options.icon
  }

  get chains(): readonly `${string}:${string}`[] {
    return [CHAIN]
  }

  get accounts(): readonly Account[] {
    return this.state.authorized ? this.ownAccounts : []
  }

  get authorized(): boolean {
    return this.state.authorized
  }

  get key(): BitcoinDevnetAccount {
    const key = this.keys[this.state.accountIndex] ?? this.keys[0]
    if (key === undefined) throw new Error('The Devnet Bitcoin Wallet has no keys')
    return key
  }

  /** The same objects while the account does not change (the standard wants stable references). */
  private get ownAccounts(): readonly Account[] {
    if (this.accountCache === undefined || this.cachedIndex !== this.state.accountIndex) {
      const { payment, ordinals } = this.key
      this.cachedIndex = this.state.accountIndex
      this.accountCache = Object.freeze([
        Object.freeze({ address: payment.address, publicKey: fromHex(payment.publicKey), purpose: 'payment' as const, chains: this.chains, features: FEATURES }),
        Object.freeze({ address: ordinals.address, publicKey: fromHex(ordinals.publicKey), purpose: 'ordinals' as const, chains: this.chains, features: FEATURES }),
      ])
    }
    return this.accountCache
  }

  /** Built once (wallets keep stable feature objects). */
  get features(): ReturnType<DevBitcoinWallet['buildFeatures']> {
    this.featureCache ??= this.buildFeatures()
    return this.featureCache
  }

  private featureCache: ReturnType<DevBitcoinWallet['buildFeatures']> | undefined

  private buildFeatures() {
    return {
      'bitcoin:connect': {
        version: '1.0.0',
        connect: (input?: { purposes?: readonly string[] }) => logRequest(this.log, 'bitcoin:connect', undefined, () => this.connect(input)),
      },
      'bitcoin:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { account: Account; message: Uint8Array; protocol?: string }[]) =>
          logRequest(this.log, 'bitcoin:signMessage', undefined, () => this.signMessages(inputs)),
      },
      'standard:disconnect': { version: '1.0.0', disconnect: () => logRequest(this.log, 'standard:disconnect', undefined, () => Promise.resolve(this.revoke())) },
      'standard:events': { version: '1.0.0', on: (_event: 'change', listener: ChangeListener) => this.on(listener) },
      'walletgate:rdns': { version: '1.0.0', rdns: this.options.rdns },
    }
  }

  // ------------------------------------------------------------------ controls (tests, the panel)

  /** Forgets the site (like "disconnect this site" in an extension). */
  revoke(): void {
    this.gate.revoke()
    this.options.approver.dismissAll()
    if (!this.state.authorized) return
    this.update({ authorized: false })
    this.emit({ accounts: [] })
  }

  useAccount(index: number): void {
    if (index < 0 || index >= this.keys.length || index === this.state.accountIndex) return
    this.update({ accountIndex: index })
    if (this.state.authorized) this.emit({ accounts: this.accounts })
  }

  reset(state: BitcoinWalletState): void {
    this.state = { ...state }
    this.options.persist(this.state)
  }

  // ------------------------------------------------------------------ features

  private async connect(input?: { purposes?: readonly string[] }): Promise<{ accounts: readonly Account[] }> {
    const purposes = input?.purposes ?? ['payment']
    if (!this.state.authorized) {
      await this.gate.approve('bitcoin:connect', `Connect to ${location.host} with ${short(this.key.payment.address)} (Bitcoin)`)
      this.update({ authorized: true })
      this.emit({ accounts: this.accounts })
    }
    return { accounts: this.accounts.filter((a) => purposes.includes(a.purpose)) }
  }

  private async signMessages(
    inputs: readonly { account: Account; message: Uint8Array; protocol?: string }[],
  ): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]> {
    for (const input of inputs) {
      this.requireOwn(input.account)
      // This wallet signs BIP-322 only (what the modal asks for).
      if (input.protocol !== undefined && input.protocol !== 'BIP322') throw invalidParams(`Unsupported protocol ${input.protocol}`)
    }
    const preview = new TextDecoder().decode(inputs[0]?.message ?? new Uint8Array())
    await this.gate.approve('bitcoin:signMessage', `Sign a message (BIP-322): ${preview.length > 80 ? `${preview.slice(0, 80)}…` : preview}`)
    return inputs.map(({ account, message }) => ({ signedMessage: message, signature: this.sign(account, new TextDecoder().decode(message)) }))
  }

  /** The BIP-322 witness bytes for `account`'s address. */
  private sign(account: Account, message: string): Uint8Array {
    const { payment, ordinals } = this.key
    if (account.purpose === 'ordinals') {
      const internal = fromHex(ordinals.publicKey)
      return signBip322Witness(message, p2tr(internal, undefined, REGTEST).script, fromHex(ordinals.privateKey), internal)
    }
    const key = fromHex(payment.publicKey)
    return signBip322Witness(message, p2wpkh(key, REGTEST).script, fromHex(payment.privateKey))
  }

  // ------------------------------------------------------------------ plumbing

  private requireOwn(account: Account | undefined): void {
    if (!this.state.authorized || !this.ownAccounts.some((a) => a.address === account?.address)) throw unauthorized()
  }

  private on(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private emit(properties: { accounts?: readonly Account[] }): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(properties)
      } catch (error) {
        console.warn('[Devnet Bitcoin Wallet] listener failed', error)
      }
    }
  }

  private update(patch: Partial<BitcoinWalletState>): void {
    this.state = { ...this.state, ...patch }
    this.options.persist(this.state)
  }
}

function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}
