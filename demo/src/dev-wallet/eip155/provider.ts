import { createWalletClient, defineChain, http, type Chain, type Hex, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  ProviderRpcError,
  alreadyPending,
  invalidParams,
  unauthorized,
  unknownChain,
  userRejected,
} from '../rpc-error'

/** How the wallet answers requests that need the person's approval. */
export type ApprovalMode = 'manual' | 'approve' | 'reject' | 'pending'

export interface DevChain {
  readonly id: number
  readonly name: string
  readonly rpcUrl: string
  readonly nativeCurrency: { name: string; symbol: string; decimals: number }
}

/** What the person is asked to approve. */
export interface ApprovalRequest {
  readonly id: number
  readonly method: string
  readonly summary: string
}

/**
 * Shows a request to a person and resolves true (approve) or false (reject). `dismissAll` takes
 * every request still waiting off the screen (each resolves false): the site lost its access.
 */
export interface Approver {
  ask(request: ApprovalRequest): Promise<boolean>
  dismissAll(): void
}

export interface DevWalletState {
  authorized: boolean
  chainId: number
  accountIndex: number
}

export interface RequestLogEntry {
  readonly method: string
  readonly params: unknown
  outcome: 'pending' | 'ok' | 'error'
  errorCode?: number
}

type Listener = (...args: unknown[]) => void

const APPROVAL_METHODS = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_requestPermissions',
  'wallet_sendCalls',
])

/** EIP-5792 error codes. */
const UNSUPPORTED_CAPABILITY = 5700
const UNSUPPORTED_CHAIN = 5710
const UNKNOWN_BUNDLE = 5730
const ATOMICITY_NOT_SUPPORTED = 5760

/** A batch sent by wallet_sendCalls: its chain and the hashes of the calls sent so far, in order. */
interface SentBatch {
  readonly chainId: number
  readonly hashes: Hex[]
  /** How many calls the batch asked for (fewer hashes: a send failed and the rest were not sent). */
  readonly size: number
}

interface BatchCall {
  to: Hex
  value?: Hex
  data?: Hex
}

/**
 * The Devnet Wallet's EIP-1193 provider: a local account (devnet key) that signs in the page and
 * sends raw transactions to the current chain's RPC. Reads are forwarded to that RPC.
 */
export class DevWalletProvider {
  readonly isDevnetWallet = true
  mode: ApprovalMode
  readonly log: RequestLogEntry[] = []
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly chains = new Map<number, DevChain>()
  private awaitingPerson = 0
  private nextId = 1
  /** Grows each time the site loses its access: an approval given across it is void. */
  private grant = 0
  /** wallet_sendCalls batches by id (the page's lifetime: a reload forgets them, as the id space is the wallet's). */
  private readonly sentBatches = new Map<string, SentBatch>()

  constructor(
    private readonly keys: readonly Hex[],
    chains: readonly DevChain[],
    private state: DevWalletState,
    private readonly approver: Approver,
    private readonly persist: (state: DevWalletState) => void,
    mode: ApprovalMode,
    /** False: a wallet without EIP-5792 (its methods answer 4200, as most wallets' still do). */
    private readonly batches = true,
  ) {
    for (const chain of chains) this.chains.set(chain.id, chain)
    this.mode = mode
  }

  get account(): LocalAccount {
    const key = this.keys[this.state.accountIndex] ?? this.keys[0]
    if (key === undefined) throw new Error('Devnet Wallet has no keys')
    return privateKeyToAccount(key)
  }

  get address(): Hex {
    return this.account.address
  }

  get chainId(): number {
    return this.state.chainId
  }

  get authorized(): boolean {
    return this.state.authorized
  }

  // ------------------------------------------------------------------ EIP-1193

  async request(args: { method: string; params?: unknown }): Promise<unknown> {
    if (typeof args !== 'object' || args === null || typeof args.method !== 'string') {
      throw invalidParams('Expected { method, params }')
    }
    const entry: RequestLogEntry = { method: args.method, params: args.params, outcome: 'pending' }
    this.log.push(entry)
    try {
      const result = await this.handle(args.method, Array.isArray(args.params) ? (args.params as unknown[]) : [])
      entry.outcome = 'ok'
      return result
    } catch (error) {
      entry.outcome = 'error'
      if (error instanceof ProviderRpcError) entry.errorCode = error.code
      throw error
    }
  }

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event)
    if (set === undefined) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener)
    return this
  }

  off(event: string, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  private emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (error) {
        console.warn('[Devnet Wallet] listener failed', error)
      }
    }
  }

  // ------------------------------------------------------------------ controls (tests, the panel)

  /** The wallet moves itself to another chain (as if the person switched in the extension). */
  moveToChain(chainId: number): void {
    if (chainId === this.state.chainId) return
    this.update({ chainId })
    this.emit('chainChanged', toHex(chainId))
  }

  useAccount(index: number): void {
    if (index < 0 || index >= this.keys.length || index === this.state.accountIndex) return
    this.update({ accountIndex: index })
    if (this.state.authorized) this.emit('accountsChanged', [this.address])
  }

  /** Forgets the site (like "disconnect this site" in an extension). */
  revoke(): void {
    // Like an extension that forgets a site: whatever the site still has waiting is taken off the
    // screen and refused, and an approval already given cannot be used (see approve()).
    this.grant++
    this.approver.dismissAll()
    if (!this.state.authorized) return
    this.update({ authorized: false })
    this.emit('accountsChanged', [])
  }

  /** Reports a disconnect from the chain (EIP-1193 `disconnect`). */
  emitDisconnect(): void {
    this.emit('disconnect', new ProviderRpcError(4900, 'The provider is disconnected from all chains.'))
  }

  reset(state: DevWalletState): void {
    this.state = { ...state }
    this.persist(this.state)
  }

  // ------------------------------------------------------------------ methods

  private async handle(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_chainId':
        return toHex(this.state.chainId)
      case 'net_version':
        return String(this.state.chainId)
      case 'eth_accounts':
        return this.state.authorized ? [this.address] : []
      case 'eth_coinbase':
        return this.state.authorized ? this.address : null
      case 'eth_requestAccounts':
      case 'wallet_requestPermissions': {
        if (!this.state.authorized) {
          await this.approve(method, `Connect to ${location.host} with ${short(this.address)}`)
          this.update({ authorized: true })
          this.emit('connect', { chainId: toHex(this.state.chainId) })
          this.emit('accountsChanged', [this.address])
        }
        return method === 'eth_requestAccounts' ? [this.address] : [{ parentCapability: 'eth_accounts' }]
      }
      case 'wallet_getPermissions':
        return this.state.authorized ? [{ parentCapability: 'eth_accounts' }] : []
      case 'wallet_revokePermissions':
        this.revoke()
        return null
      case 'personal_sign': {
        this.requireAuthorized()
        const [message, address] = params as [Hex, string]
        this.requireOwnAddress(address)
        await this.approve(method, `Sign a message: ${preview(message)}`)
        return this.account.signMessage({ message: { raw: message } })
      }
      case 'eth_signTypedData_v4': {
        this.requireAuthorized()
        const [address, json] = params as [string, string | object]
        this.requireOwnAddress(address)
        const typed = (typeof json === 'string' ? JSON.parse(json) : json) as {
          domain: Record<string, unknown>
          types: Record<string, { name: string; type: string }[]>
          primaryType: string
          message: Record<string, unknown>
        }
        await this.approve(method, `Sign typed data: ${typed.primaryType}`)
        const { EIP712Domain: _domainType, ...types } = typed.types
        return this.account.signTypedData({
          domain: typed.domain,
          types,
          primaryType: typed.primaryType,
          message: typed.message,
        } as never)
      }
      case 'eth_sendTransaction': {
        this.requireAuthorized()
        const [tx] = params as [{ from?: string; to?: Hex; value?: Hex; data?: Hex; gas?: Hex }]
        if (tx === undefined) throw invalidParams('Missing transaction')
        if (tx.from !== undefined) this.requireOwnAddress(tx.from)
        const chain = this.currentChain()
        await this.approve(
          method,
          `Send a transaction on ${chain.name} to ${tx.to === undefined ? 'a new contract' : short(tx.to)}` +
            (tx.value !== undefined && BigInt(tx.value) > 0n ? ` with ${BigInt(tx.value)} wei` : ''),
        )
        const client = createWalletClient({
          account: this.account,
          chain: viemChain(chain),
          transport: http(chain.rpcUrl, { retryCount: 0 }),
        })
        try {
          return await client.sendTransaction({
            to: tx.to ?? null,
            value: tx.value === undefined ? undefined : BigInt(tx.value),
            data: tx.data,
            gas: tx.gas === undefined ? undefined : BigInt(tx.gas),
          } as never)
        } catch (error) {
          const cause = findRpcCause(error)
          throw cause ?? new ProviderRpcError(-32603, error instanceof Error ? error.message : String(error))
        }
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId } = { chainId: '' }] = params as [{ chainId: string }]
        const id = parseChainId(chainId)
        if (!this.chains.has(id)) throw unknownChain(chainId)
        if (id === this.state.chainId) return null
        await this.approve(method, `Switch to ${this.chains.get(id)?.name ?? id}`)
        this.moveToChain(id)
        return null
      }
      case 'wallet_addEthereumChain': {
        const [chain] = params as [
          { chainId: string; chainName?: string; rpcUrls?: string[]; nativeCurrency?: DevChain['nativeCurrency'] },
        ]
        if (chain === undefined) throw invalidParams('Missing chain')
        const id = parseChainId(chain.chainId)
        const rpcUrl = chain.rpcUrls?.[0]
        if (!this.chains.has(id)) {
          if (rpcUrl === undefined) throw invalidParams('rpcUrls is required')
          await this.approve(method, `Add network ${chain.chainName ?? id}`)
          this.chains.set(id, {
            id,
            name: chain.chainName ?? `Chain ${id}`,
            rpcUrl,
            nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
          })
        }
        // Like common wallets, adding a chain also offers to switch to it.
        this.moveToChain(id)
        return null
      }
      case 'wallet_getCapabilities':
      case 'wallet_sendCalls':
      case 'wallet_getCallsStatus':
        if (!this.batches) throw new ProviderRpcError(4200, `The Devnet Wallet does not support ${method}`)
        return method === 'wallet_getCapabilities' ? this.capabilities(params) : method === 'wallet_sendCalls' ? this.sendCalls(params) : this.callsStatus(params)
      case 'eth_sign':
        throw new ProviderRpcError(4200, 'eth_sign is not supported by the Devnet Wallet')
      default:
        if (method.startsWith('wallet_') || method.startsWith('eth_sign')) {
          throw new ProviderRpcError(4200, `The Devnet Wallet does not support ${method}`)
        }
        return this.forward(method, params)
    }
  }

  // ------------------------------------------------------------------ EIP-5792 (an EOA: never atomic)

  /** Every chain the wallet knows, with atomic batches honestly unsupported: an EOA sends one call per transaction. */
  private capabilities(params: unknown[]): Record<Hex, { atomic: { status: 'unsupported' } }> {
    this.requireAuthorized()
    const [address, chainIds] = params as [string | undefined, unknown]
    this.requireOwnAddress(address)
    const wanted = Array.isArray(chainIds) ? new Set(chainIds.map((id) => parseChainId(id))) : undefined
    const out: Record<Hex, { atomic: { status: 'unsupported' } }> = {}
    for (const id of this.chains.keys()) if (wanted === undefined || wanted.has(id)) out[toHex(id)] = { atomic: { status: 'unsupported' } }
    return out
  }

  /** One approval, then the calls one after another as transactions on the current chain. */
  private async sendCalls(params: unknown[]): Promise<{ id: string }> {
    this.requireAuthorized()
    const [request] = params as [{ chainId?: unknown; from?: string; calls?: unknown; atomicRequired?: unknown; capabilities?: Record<string, { optional?: boolean }> } | undefined]
    if (request === undefined || typeof request !== 'object') throw invalidParams('Missing calls request')
    if (request.from !== undefined) this.requireOwnAddress(request.from)
    const chain = this.currentChain()
    if (request.chainId !== undefined && parseChainId(request.chainId) !== chain.id) {
      throw new ProviderRpcError(UNSUPPORTED_CHAIN, `The Devnet Wallet is on ${chain.name}; switch chains before sending these calls`)
    }
    if (request.atomicRequired === true) throw new ProviderRpcError(ATOMICITY_NOT_SUPPORTED, 'The Devnet Wallet cannot send calls atomically')
    for (const [name, capability] of Object.entries(request.capabilities ?? {})) {
      if (capability?.optional !== true) throw new ProviderRpcError(UNSUPPORTED_CAPABILITY, `The Devnet Wallet does not support the ${name} capability`)
    }
    const calls = checkCalls(request.calls)
    const total = calls.reduce((sum, c) => sum + (c.value === undefined ? 0n : BigInt(c.value)), 0n)
    await this.approve('wallet_sendCalls', `Send ${calls.length} call${calls.length === 1 ? '' : 's'} on ${chain.name}, one transaction each` + (total > 0n ? ` with ${total} wei in all` : ''))
    const client = createWalletClient({ account: this.account, chain: viemChain(chain), transport: http(chain.rpcUrl, { retryCount: 0 }) })
    const hashes: Hex[] = []
    for (const call of calls) {
      try {
        hashes.push(await client.sendTransaction({ to: call.to, value: call.value === undefined ? undefined : BigInt(call.value), data: call.data } as never))
      } catch (error) {
        // Nothing sent: the request fails as eth_sendTransaction would. Later failures leave a
        // partial batch, which its status reports.
        if (hashes.length === 0) throw findRpcCause(error) ?? new ProviderRpcError(-32603, error instanceof Error ? error.message : String(error))
        break
      }
    }
    const id = randomId()
    this.sentBatches.set(id, { chainId: chain.id, hashes, size: calls.length })
    return { id }
  }

  private async callsStatus(params: unknown[]): Promise<Record<string, unknown>> {
    const [id] = params as [unknown]
    const batch = typeof id === 'string' ? this.sentBatches.get(id) : undefined
    if (batch === undefined) throw new ProviderRpcError(UNKNOWN_BUNDLE, 'This calls id is unknown to the Devnet Wallet')
    const chain = this.chains.get(batch.chainId)
    if (chain === undefined) throw new ProviderRpcError(4901, `The Devnet Wallet has no RPC for chain ${batch.chainId}`)
    const receipts = (await Promise.all(batch.hashes.map((hash) => this.forward('eth_getTransactionReceipt', [hash], chain)))) as (
      | { status: Hex; logs: unknown[]; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex }
      | null
    )[]
    const mined = receipts.filter((r) => r !== null)
    const succeeded = mined.filter((r) => r.status === '0x1').length
    const status =
      mined.length < batch.hashes.length
        ? 100
        : succeeded === batch.size
          ? 200
          : succeeded === 0 && mined.length === batch.size
            ? 500
            : 600
    return {
      version: '2.0.0',
      id,
      chainId: toHex(batch.chainId),
      status,
      atomic: false,
      receipts: mined.map((r) => ({ logs: r.logs, status: r.status, blockHash: r.blockHash, blockNumber: r.blockNumber, gasUsed: r.gasUsed, transactionHash: r.transactionHash })),
    }
  }

  private async approve(method: string, summary: string): Promise<void> {
    if (!APPROVAL_METHODS.has(method)) return
    if (this.mode === 'approve') return
    if (this.mode === 'reject') throw userRejected()
    if (this.mode === 'pending' || this.awaitingPerson > 0) throw alreadyPending(method)
    const grant = this.grant
    this.awaitingPerson++
    try {
      const approved = await this.approver.ask({ id: this.nextId++, method, summary })
      if (!approved) throw userRejected()
      // The site lost its access while the person was deciding: nothing is signed or sent.
      if (grant !== this.grant) throw unauthorized()
    } finally {
      this.awaitingPerson--
    }
  }

  private requireAuthorized(): void {
    if (!this.state.authorized) throw unauthorized()
  }

  private requireOwnAddress(address: string | undefined): void {
    if (address === undefined || address.toLowerCase() !== this.address.toLowerCase()) throw unauthorized()
  }

  private currentChain(): DevChain {
    const chain = this.chains.get(this.state.chainId)
    if (chain === undefined) throw new ProviderRpcError(4901, `The Devnet Wallet has no RPC for chain ${this.state.chainId}`)
    return chain
  }

  private async forward(method: string, params: unknown[], chain: DevChain = this.currentChain()): Promise<unknown> {
    let response: Response
    try {
      response = await fetch(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
      })
    } catch (error) {
      throw new ProviderRpcError(4901, `Chain ${chain.id} is unreachable: ${String(error)}`)
    }
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
    if (body.error !== undefined) throw new ProviderRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  private update(patch: Partial<DevWalletState>): void {
    this.state = { ...this.state, ...patch }
    this.persist(this.state)
  }
}

function toHex(n: number): Hex {
  return `0x${n.toString(16)}`
}

/** The calls of a wallet_sendCalls request; each `to` must be an address written with 0x. */
function checkCalls(calls: unknown): BatchCall[] {
  if (!Array.isArray(calls) || calls.length === 0) throw invalidParams('The request has no calls')
  return calls.map((raw: unknown, i) => {
    const call = (typeof raw === 'object' && raw !== null ? raw : {}) as { to?: unknown; value?: unknown; data?: unknown }
    if (typeof call.to !== 'string' || !call.to.startsWith('0x')) throw invalidParams(`Call ${i + 1} needs a "to" address starting with 0x`)
    if (!/^0x[0-9a-fA-F]{40}$/.test(call.to)) throw invalidParams(`Call ${i + 1} has a "to" that is not an address`)
    if (call.value !== undefined && (typeof call.value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(call.value))) throw invalidParams(`Call ${i + 1} has a value that is not a hex quantity`)
    if (call.data !== undefined && (typeof call.data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(call.data))) throw invalidParams(`Call ${i + 1} has data that is not hex`)
    return { to: call.to as Hex, ...(call.value === undefined ? {} : { value: call.value as Hex }), ...(call.data === undefined ? {} : { data: call.data as Hex }) }
  })
}

function randomId(): Hex {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `0x${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`
}

function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw invalidParams(`Invalid chainId ${String(value)}`)
  return Number.parseInt(value, 16)
}

function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`
}

function preview(message: string): string {
  try {
    const bytes = message.startsWith('0x') ? hexToText(message) : message
    return bytes.length > 80 ? `${bytes.slice(0, 80)}…` : bytes
  } catch {
    return message.slice(0, 80)
  }
}

function hexToText(hex: string): string {
  const clean = hex.slice(2)
  const bytes = new Uint8Array(clean.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16)
  return new TextDecoder().decode(bytes)
}

function viemChain(chain: DevChain): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}

/** The JSON-RPC error inside a viem error chain (e.g. insufficient funds), if any. */
function findRpcCause(error: unknown): ProviderRpcError | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 8 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, details } = current as { code?: unknown; message?: unknown; details?: unknown }
    if (typeof code === 'number' && code !== 0 && typeof message === 'string') {
      return new ProviderRpcError(code, typeof details === 'string' && details !== '' ? details : message)
    }
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
