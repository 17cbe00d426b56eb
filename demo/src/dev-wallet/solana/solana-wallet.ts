/**
 * The Devnet Wallet's Solana side: a Wallet Standard wallet holding a devnet key. It signs in the
 * page (@solana/web3.js, @noble/curves for messages) and sends raw transactions to the Solana
 * devnet's RPC. Like the EVM side it asks the person to approve each request through the same
 * approval panel and follows the same modes; `standard:disconnect` forgets the site (requests still
 * waiting are taken off the panel and refused, an approval given across it is void).
 */
import { ed25519 } from '@noble/curves/ed25519'
import { Keypair, VersionedTransaction } from '@solana/web3.js'
import { createSignInMessageText } from '@solana/wallet-standard-util'
import { alreadyPending, invalidParams, unauthorized, userRejected, ProviderRpcError } from '../rpc-error'
import type { ApprovalMode, Approver, RequestLogEntry } from '../eip155/provider'
import { ApprovalGate, logRequest } from '../approval-gate'

export interface SolanaWalletState {
  authorized: boolean
  accountIndex: number
}

export interface SolanaWalletOptions {
  readonly name: string
  readonly icon: `data:image/${'svg+xml' | 'webp' | 'png' | 'gif'};base64,${string}`
  /** The rdns the EVM side announces with: both sides are one wallet row. */
  readonly rdns: string
  /** The chain this wallet works on (CAIP-2) and its RPC URL. */
  readonly chain: string
  readonly rpcUrl: string
  /** base58 64-byte secret keys of the devnet accounts. */
  readonly secretKeys: readonly string[]
  readonly approver: Approver
  readonly mode: () => ApprovalMode
  readonly persist: (state: SolanaWalletState) => void
  /**
   * Whether the person already let this site in through the wallet's other side: like a
   * multi-chain extension, one approval connects the site in every family it asks for.
   */
  readonly siteAuthorized?: () => boolean
}

interface Account {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly `${string}:${string}`[]
  readonly features: readonly `${string}:${string}`[]
}

type ChangeListener = (properties: { accounts?: readonly Account[] }) => void

const FEATURES = ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage', 'solana:signIn'] as const

/** The fields a site asks `solana:signIn` to sign (the Wallet Standard's SolanaSignInInput). */
interface SignInInput {
  readonly domain?: string
  readonly address?: string
  readonly statement?: string
  readonly uri?: string
  readonly version?: string
  readonly chainId?: string
  readonly nonce?: string
  readonly issuedAt?: string
  readonly expirationTime?: string
  readonly notBefore?: string
  readonly requestId?: string
  readonly resources?: readonly string[]
}

export class DevSolanaWallet {
  readonly version = '1.0.0' as const
  readonly log: RequestLogEntry[] = []
  private readonly listeners = new Set<ChangeListener>()
  private readonly keypairs: Keypair[]
  private accountCache: Account | undefined
  private nextId = 1
  /** Grows each time the site loses its access: an approval given across it is void. */
  private readonly gate = new ApprovalGate(
    () => this.options.mode(),
    () => this.options.approver,
    { rejected: userRejected, pending: alreadyPending, revoked: unauthorized },
  )

  constructor(
    private readonly options: SolanaWalletOptions,
    private state: SolanaWalletState,
  ) {
    this.keypairs = options.secretKeys.map((key) => Keypair.fromSecretKey(base58Decode(key)))
  }

  get name(): string {
    return this.options.name
  }

  get icon(): SolanaWalletOptions['icon'] {
    return this.options.icon
  }

  get chains(): readonly `${string}:${string}`[] {
    return [this.options.chain as `${string}:${string}`]
  }

  get accounts(): readonly Account[] {
    return this.state.authorized ? [this.account] : []
  }

  get address(): string {
    return this.keypair.publicKey.toBase58()
  }

  get authorized(): boolean {
    return this.state.authorized
  }

  /** The same object while the account does not change (the standard wants stable references). */
  private get account(): Account {
    const address = this.address
    if (this.accountCache?.address !== address) {
      this.accountCache = Object.freeze({
        address,
        publicKey: this.keypair.publicKey.toBytes(),
        chains: this.chains,
        features: FEATURES,
      })
    }
    return this.accountCache
  }

  private get keypair(): Keypair {
    const keypair = this.keypairs[this.state.accountIndex] ?? this.keypairs[0]
    if (keypair === undefined) throw new Error('The Devnet Wallet has no Solana keys')
    return keypair
  }

  /** Built once (wallets keep stable feature objects). */
  get features(): ReturnType<DevSolanaWallet['buildFeatures']> {
    this.featureCache ??= this.buildFeatures()
    return this.featureCache
  }

  private featureCache: ReturnType<DevSolanaWallet['buildFeatures']> | undefined

  private buildFeatures() {
    return {
      'standard:connect': { version: '1.0.0', connect: (input?: { silent?: boolean }) => logRequest(this.log, 'standard:connect', undefined, () => this.connect(input)) },
      'standard:disconnect': { version: '1.0.0', disconnect: () => logRequest(this.log, 'standard:disconnect', undefined, () => Promise.resolve(this.revoke())) },
      'standard:events': { version: '1.0.0', on: (_event: 'change', listener: ChangeListener) => this.on(listener) },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        signAndSendTransaction: (...inputs: { account: Account; transaction: Uint8Array; chain: string }[]) =>
          logRequest(this.log, 'solana:signAndSendTransaction', undefined, () => this.signAndSend(inputs)),
      },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0] as const,
        signTransaction: (...inputs: { account: Account; transaction: Uint8Array }[]) =>
          logRequest(this.log, 'solana:signTransaction', undefined, () => this.signTransactions(inputs)),
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: (...inputs: { account: Account; message: Uint8Array }[]) => logRequest(this.log, 'solana:signMessage', undefined, () => this.signMessages(inputs)),
      },
      'solana:signIn': {
        version: '1.0.0',
        signIn: (...inputs: SignInInput[]) => logRequest(this.log, 'solana:signIn', undefined, () => this.signIn(inputs)),
      },
      // Names the rdns the EVM side announces, so a site lists both sides as one wallet.
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
    if (index < 0 || index >= this.keypairs.length || index === this.state.accountIndex) return
    this.update({ accountIndex: index })
    if (this.state.authorized) this.emit({ accounts: this.accounts })
  }

  reset(state: SolanaWalletState): void {
    this.state = { ...state }
    this.options.persist(this.state)
  }

  // ------------------------------------------------------------------ features

  private async connect(input?: { silent?: boolean }): Promise<{ accounts: readonly Account[] }> {
    if (!this.state.authorized) {
      // A silent connect never asks: an unknown site gets no account.
      if (input?.silent === true) return { accounts: [] }
      if (this.options.siteAuthorized?.() !== true) {
        await this.gate.approve('standard:connect', `Connect to ${location.host} with ${short(this.address)} (Solana)`)
      }
      this.update({ authorized: true })
      this.emit({ accounts: this.accounts })
    }
    return { accounts: this.accounts }
  }

  private async signAndSend(inputs: readonly { account: Account; transaction: Uint8Array; chain: string }[]): Promise<{ signature: Uint8Array }[]> {
    const [input] = inputs
    if (input === undefined || inputs.length !== 1) throw invalidParams('Exactly one transaction')
    this.requireOwn(input.account)
    if (input.chain !== this.options.chain) throw invalidParams(`The Devnet Wallet does not know ${input.chain}`)
    const transaction = VersionedTransaction.deserialize(input.transaction)
    await this.gate.approve('solana:signAndSendTransaction', `Send a Solana transaction (${transaction.message.compiledInstructions.length} instructions)`)
    transaction.sign([this.keypair])
    await this.rpc('sendTransaction', [base64(transaction.serialize()), { encoding: 'base64', preflightCommitment: 'confirmed' }])
    const signature = transaction.signatures[0]
    if (signature === undefined) throw new ProviderRpcError(-32603, 'No signature')
    return [{ signature }]
  }

  private async signTransactions(inputs: readonly { account: Account; transaction: Uint8Array }[]): Promise<{ signedTransaction: Uint8Array }[]> {
    for (const input of inputs) this.requireOwn(input.account)
    await this.gate.approve('solana:signTransaction', `Sign ${inputs.length} Solana transaction(s)`)
    return inputs.map(({ transaction }) => {
      const parsed = VersionedTransaction.deserialize(transaction)
      parsed.sign([this.keypair])
      return { signedTransaction: parsed.serialize() }
    })
  }

  private async signMessages(inputs: readonly { account: Account; message: Uint8Array }[]): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]> {
    for (const input of inputs) this.requireOwn(input.account)
    const preview = new TextDecoder().decode(inputs[0]?.message ?? new Uint8Array())
    await this.gate.approve('solana:signMessage', `Sign a message: ${preview.length > 80 ? `${preview.slice(0, 80)}…` : preview}`)
    const secret = this.keypair.secretKey.slice(0, 32)
    return inputs.map(({ message }) => ({ signedMessage: message, signature: ed25519.sign(message, secret) }))
  }

  /**
   * Sign-In-With-Solana: the wallet writes the message from the site's fields (its own address and
   * the page's host where the site left them out) and shows it whole before signing.
   */
  private async signIn(inputs: readonly SignInInput[]): Promise<{ account: Account; signedMessage: Uint8Array; signature: Uint8Array }[]> {
    if (!this.state.authorized) throw unauthorized()
    const texts = inputs.map((input) => {
      if (input.address !== undefined && input.address !== this.address) throw unauthorized()
      return createSignInMessageText({ ...input, domain: input.domain ?? location.host, address: this.address })
    })
    await this.gate.approve('solana:signIn', `Sign in with Solana:\n${texts.join('\n\n')}`)
    const secret = this.keypair.secretKey.slice(0, 32)
    return texts.map((text) => {
      const signedMessage = new TextEncoder().encode(text)
      return { account: this.account, signedMessage, signature: ed25519.sign(signedMessage, secret) }
    })
  }

  // ------------------------------------------------------------------ plumbing

  private requireOwn(account: Account | undefined): void {
    if (!this.state.authorized || account?.address !== this.address) throw unauthorized()
  }

  private async rpc(method: string, params: unknown[]): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(this.options.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
      })
    } catch (error) {
      throw new ProviderRpcError(-32603, `The Solana devnet is unreachable: ${String(error)}`)
    }
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    if (body.error !== undefined) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
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
        console.warn('[Devnet Wallet] listener failed', error)
      }
    }
  }

  private update(patch: Partial<SolanaWalletState>): void {
    this.state = { ...this.state, ...patch }
    this.options.persist(this.state)
  }
}

/**
 * Registers the wallet with the page's Wallet Standard apps: now (apps already listening) and
 * whenever an app says it is ready (apps that load later).
 */
export function registerWallet(wallet: object): void {
  const callback = ({ register }: { register(wallet: object): unknown }) => register(wallet)
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
  window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent<{ register(wallet: object): unknown }>).detail))
}

function short(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`
}

function base64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function base58Decode(text: string): Uint8Array {
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new Error('Not base58')
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}
