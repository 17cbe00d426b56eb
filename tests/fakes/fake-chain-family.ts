import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { CaipNetwork, CaipNetworkId, ChainNamespace, Connector } from '../../src/domain/entities'
import {
  UnknownConnectorError,
  WalletRequestError,
  type ChainFamilies,
  type ChainFamily,
  type SwitchStep,
  type WalletAccount,
  type WalletErrorKind,
  type WalletEvent,
} from '../../src/ports/chain-family'
import { TransactionRejectedError } from '../../src/domain/errors'
import type { WalletCalls } from '../../src/ports/wallet-calls'
import { callsRequestProblem, type CallsCapabilities, type CallsRequest, type CallsStatus } from '../../src/domain/calls/wallet-calls'
import {
  UnsupportedTransferChainError,
  type GasEstimate,
  type ReceiptStatus,
  type SentTransfer,
  type TransferRequest,
} from '../../src/ports/token-transfers'

type Answer = WalletAccount | Error | Promise<WalletAccount>

/**
 * A scriptable {@link ChainFamily} of any namespace: `add(connector)` makes a wallet appear;
 * `answerNext(result)` decides what the next `connect` resolves or rejects with (default: the
 * wallet's account); `emit(event)` plays a wallet event; `switchAnswers` / `signAnswers` script the
 * next switch and signature. `calls` records every method call. It passes the chain-family contract
 * suite (tests/contract/chain-family).
 *
 * Beside those shortcuts it models one wallet the way the contract sees it: `announce(connector)`
 * (heard once discovery started), `answerNextPrompt(kind)` (the person's next answer, whatever is
 * asked, as the port's failure kind: `rejected` when they decline, `pending` when a request already
 * waits), `moveWallet` / `changeAccounts` (the person acting inside the wallet: reported only while
 * the wallet is followed), `unknownNetworks` (added before a switch), `requests` and `prompts`.
 */
export class FakeChainFamily implements ChainFamily, WalletCalls {
  readonly calls: string[] = []
  private readonly list = new BehaviorSubject<readonly Connector[]>([])
  readonly connectors$: Observable<readonly Connector[]> = this.list.asObservable()
  private readonly eventsSubject = new Subject<WalletEvent>()
  readonly events$: Observable<WalletEvent> = this.eventsSubject.asObservable()
  private readonly queued: Answer[] = []
  /** What `reconnect` answers per connector id (absent or null: not authorised). */
  readonly authorised = new Map<string, WalletAccount | null>()
  /** What the next switches do: an error to throw, or 'add' to report the add step first. */
  readonly switchAnswers: Array<Error | 'add' | Promise<void>> = []
  /** The signatures the next signMessage calls resolve (or errors they throw). */
  readonly signAnswers: Array<string | Error> = []
  /** What the next transfers do: an error, or nothing for success. */
  readonly transferAnswers: Array<Error | undefined> = []
  readonly sent: TransferRequest[] = []
  /** Batches sent with sendCalls (the WalletCalls port, which the fake also is), by id, and what the wallet offers for batches (an EOA's: not atomic). */
  readonly batches = new Map<string, CallsRequest>()
  batchSupport: CallsCapabilities | undefined = { atomic: 'unsupported' }
  private readonly receipts = new Map<string, ReceiptStatus>()
  private readonly connected = new Set<string>()
  /** The network each connected connector's wallet sits on. */
  private readonly networks = new Map<string, CaipNetworkId>()
  /** Networks the wallet does not know yet: a switch adds them first (steps 'add' then 'switch'). */
  readonly unknownNetworks = new Set<CaipNetworkId>()
  /** Requests that reached the wallet, by method name. */
  readonly requests: string[] = []
  /** How many times the wallet asked the person something (declined ones included). */
  prompts = 0
  /** The person's next answers, whatever is asked: how the request fails (`rejected`: declined, `pending`: one already waits). */
  private readonly promptAnswers: WalletErrorKind[] = []
  /** Wallets announced before discovery started: listed once it starts (wallets answer its request). */
  private readonly announced: Connector[] = []
  private discovering = false
  private hashes = 0

  constructor(
    readonly namespace: ChainNamespace = 'eip155',
    readonly address = namespace === 'eip155' ? '0x1111111111111111111111111111111111111111' : 'So1ana1111111111111111111111111111111111111',
    readonly caipNetworkId: CaipNetworkId = namespace === 'eip155' ? 'eip155:31337' : (`${namespace}:devnet` as CaipNetworkId),
  ) {}

  get connectors(): readonly Connector[] {
    return this.list.value
  }

  /**
   * Makes a wallet appear at once, as if discovery had already found it (its `chain` becomes this
   * family's namespace). A wallet listed already keeps its row: one row per wallet.
   */
  add(connector: Connector): void {
    if (this.list.value.some((c) => c.id === connector.id)) return
    this.list.next([...this.list.value, { ...connector, chain: this.namespace }])
  }

  /** A wallet on the page announces itself: listed once discovery started, one row however often. */
  announce(connector: Connector): void {
    if (this.discovering) this.add(connector)
    else if (!this.announced.some((c) => c.id === connector.id)) this.announced.push(connector)
  }

  /** The person's answer to the next request that asks them anything: the kind it fails with (`rejected`, `pending`). */
  answerNextPrompt(kind: WalletErrorKind): void {
    this.promptAnswers.push(kind)
  }

  /** The person moves the wallet to another network inside the wallet. */
  moveWallet(connectorId: string, caipNetworkId: CaipNetworkId): void {
    this.networks.set(connectorId, caipNetworkId)
    this.unknownNetworks.delete(caipNetworkId)
    if (this.connected.has(connectorId)) this.eventsSubject.next({ type: 'chainChanged', connectorId, caipNetworkId })
  }

  /** The person selects other accounts inside the wallet (the first is the selected one). */
  changeAccounts(connectorId: string, addresses: readonly string[]): void {
    const authorised = this.authorised.get(connectorId)
    if (authorised) this.authorised.set(connectorId, { ...authorised, addresses })
    if (this.connected.has(connectorId)) this.eventsSubject.next({ type: 'accountsChanged', connectorId, addresses })
  }

  answerNext(answer: Answer): void {
    this.queued.push(answer)
  }

  /**
   * The next connect fails with a WalletRequestError of `kind` (`rejected` declined, `pending` one
   * already waits, `failed` anything else, with `message` as the wallet's words); `code` is the
   * wallet's own code, which the port carries for diagnostics only.
   */
  rejectNext(kind: WalletErrorKind, message = 'rejected', code?: number | string): void {
    this.queued.push(new WalletRequestError(kind, message, code === undefined ? {} : { code }))
  }

  emit(event: WalletEvent): void {
    this.eventsSubject.next(event)
  }

  account(connectorId: string, caipNetworkId: CaipNetworkId = this.caipNetworkId): WalletAccount {
    return { connectorId, namespace: this.namespace, addresses: [this.address], caipNetworkId }
  }

  startDiscovery(): void {
    if (this.discovering) return
    this.discovering = true
    this.calls.push('startDiscovery')
    for (const connector of this.announced.splice(0)) this.add(connector)
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    this.calls.push(`connect:${connectorId}`)
    if (!this.connectors.some((c) => c.id === connectorId)) throw new UnknownConnectorError(connectorId)
    this.requests.push('connect')
    const next = this.queued.shift()
    if (next instanceof Error) throw next
    // A wallet asks the person only while the site is not authorised yet.
    if (next === undefined && !this.authorised.get(connectorId)) this.askPerson()
    const authorised = this.authorised.get(connectorId)
    const network = this.networks.get(connectorId)
    const account =
      (await next) ?? (authorised ? { ...authorised, ...(network ? { caipNetworkId: network } : {}) } : this.account(connectorId, network))
    this.connected.add(connectorId)
    this.networks.set(connectorId, account.caipNetworkId)
    this.authorised.set(connectorId, account)
    return account
  }

  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    this.calls.push(`reconnect:${connectorId}`)
    if (!this.connectors.some((c) => c.id === connectorId)) return null
    this.requests.push('reconnect')
    const authorised = this.authorised.get(connectorId) ?? null
    if (authorised === null) return null
    const network = this.networks.get(connectorId)
    this.connected.add(connectorId)
    return network === undefined ? authorised : { ...authorised, caipNetworkId: network }
  }

  /** Stops following the wallet, which forgets the site. */
  async disconnect(connectorId: string): Promise<void> {
    this.calls.push(`disconnect:${connectorId}`)
    this.connected.delete(connectorId)
    this.authorised.delete(connectorId)
  }

  async switchNetwork(connectorId: string, network: CaipNetwork, onStep?: (step: SwitchStep) => void): Promise<void> {
    this.calls.push(`switchNetwork:${connectorId}:${network.caipNetworkId}`)
    this.requireProvider(connectorId)
    this.requests.push('switchNetwork')
    if (network.chainNamespace !== this.namespace) throw new WalletRequestError('unknownNetwork', `Not a ${this.namespace} network`)
    const answer = this.switchAnswers.shift()
    if (answer instanceof Error) throw answer
    if (answer === 'add' || this.unknownNetworks.has(network.caipNetworkId)) {
      onStep?.('add')
      this.askPerson()
      this.unknownNetworks.delete(network.caipNetworkId)
      onStep?.('switch')
    } else if (answer !== undefined) await answer
    else if (this.networks.get(connectorId) !== network.caipNetworkId) this.askPerson()
    this.moveWallet(connectorId, network.caipNetworkId)
  }

  async signMessage(connectorId: string, address: string, message: string): Promise<string> {
    this.calls.push(`signMessage:${connectorId}:${address}`)
    this.requireProvider(connectorId)
    this.requests.push('signMessage')
    const answer = this.signAnswers.shift()
    if (answer instanceof Error) throw answer
    if (answer === undefined) this.askPerson()
    return answer ?? `signed(${address}):${message}`
  }

  async estimateTransfer(connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    this.calls.push(`estimateTransfer:${connectorId}`)
    this.checkChain(request.chainId)
    this.requests.push('estimateTransfer')
    return { gas: 21_000n, gasPrice: 1_000_000_000n, fee: 21_000n * 1_000_000_000n }
  }

  async sendTransfer(connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    this.calls.push(`sendTransfer:${connectorId}`)
    this.checkChain(request.chainId)
    this.requests.push('sendTransfer')
    const answer = this.transferAnswers.shift()
    if (answer instanceof Error) throw answer
    try {
      this.askPerson()
    } catch (error) {
      throw error instanceof WalletRequestError && error.kind === 'rejected' ? new TransactionRejectedError({ cause: error }) : error
    }
    this.sent.push(request)
    const hash = `0x${(++this.hashes).toString(16).padStart(64, '0')}`
    this.receipts.set(hash, 'confirmed')
    return { hash }
  }

  async receiptStatus(_connectorId: string, chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    this.checkChain(chainId)
    this.requests.push('receiptStatus')
    return this.receipts.get(hash) ?? 'pending'
  }

  async callsCapabilities(connectorId: string, _address: string, chainIds: readonly CaipNetworkId[]): Promise<Readonly<Partial<Record<CaipNetworkId, CallsCapabilities>>>> {
    this.requireProvider(connectorId)
    this.requests.push('callsCapabilities')
    const support = this.batchSupport
    return support === undefined ? {} : Object.fromEntries(chainIds.filter((id) => id.startsWith(`${this.namespace}:`)).map((id) => [id, support]))
  }

  async sendCalls(connectorId: string, request: CallsRequest): Promise<string> {
    this.calls.push(`sendCalls:${connectorId}`)
    const problem = callsRequestProblem(request)
    if (problem !== undefined) throw new WalletRequestError('failed', problem)
    this.requireProvider(connectorId)
    this.requests.push('sendCalls')
    this.askPerson()
    const id = `batch-${this.batches.size + 1}`
    this.batches.set(id, request)
    return id
  }

  async callsStatus(_connectorId: string, _chainId: CaipNetworkId, id: string): Promise<CallsStatus> {
    this.requests.push('callsStatus')
    const batch = this.batches.get(id)
    if (batch === undefined) throw new WalletRequestError('failed', 'Unknown bundle id')
    return { outcome: 'confirmed', transactionHashes: batch.calls.map(() => `0x${(++this.hashes).toString(16).padStart(64, '0')}`) }
  }

  getProvider(connectorId: string): unknown {
    return this.connectors.find((c) => c.id === connectorId)?.provider
  }

  /** The wallet asks the person; their scripted answer (if any) fails the request with its kind. */
  private askPerson(): void {
    this.prompts++
    const kind = this.promptAnswers.shift()
    if (kind !== undefined) throw new WalletRequestError(kind, `The person's answer: ${kind}`)
  }

  private requireProvider(connectorId: string): void {
    if (this.getProvider(connectorId) === undefined) throw new UnknownConnectorError(connectorId)
  }

  private checkChain(chainId: CaipNetworkId): void {
    if (!chainId.startsWith(`${this.namespace}:`)) throw new UnsupportedTransferChainError(chainId)
  }
}

/** The families of a test world, keyed by namespace. */
export function familiesOf(...families: ChainFamily[]): ChainFamilies {
  return { all: families, get: (namespace) => families.find((f) => f.namespace === namespace) }
}

/** An announced browser wallet connector. */
export function anAnnouncedConnector(rdns = 'dev.walletgate.devnet', name = 'Devnet Wallet', chain: ChainNamespace = 'eip155'): Connector {
  return {
    id: rdns,
    name,
    type: 'ANNOUNCED',
    chain,
    imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    info: { rdns },
    provider: { request: async () => null },
  }
}
