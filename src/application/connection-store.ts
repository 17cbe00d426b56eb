import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs'
import {
  INITIAL_CONNECTION_STATE,
  nextConnectionState,
  type ConnectionEvent,
  type ConnectionMachineState,
} from '../domain/connection/connection-status'
import type { AccountType, ChainNamespace, ConnectorType } from '../domain/entities'

/** One connected chain family's account (spec section 3: a chain record's account and network state). */
export interface ConnectedAccount {
  readonly connectorId: string
  readonly namespace: ChainNamespace
  /** CAIP-10, e.g. `eip155:31337:0xabc…` */
  readonly caipAddress: string
  readonly address: string
  /** CAIP-2 of the network the wallet reports, configured or not. */
  readonly caipNetworkId: string
  /** eoa, smartAccount, payment, ...: the family's rule when the wallet does not say. */
  readonly accountType?: AccountType
  /** The account types this connection can switch between (bip122 payment and ordinal), when more than one. */
  readonly accountTypes?: readonly AccountType[]
  /** The accounts this connection can move between (a polkadot extension's named accounts), in the wallet's order, when more than one. */
  readonly accounts?: readonly { readonly address: string; readonly name?: string }[]
  /** The connector's type (ANNOUNCED, INJECTED, EXTERNAL, MULTI_CHAIN, AUTH) when known. */
  readonly connectorType?: ConnectorType
  /** The networks the wallet approved for this session, when it says (WalletConnect). */
  readonly approvedCaipNetworkIds?: readonly string[]
}

/** The active namespace's connection: what the views and the host's `getState()` read. */
export type ConnectionState =
  | { readonly status: 'disconnected' }
  | { readonly status: 'connecting'; readonly connectorId: string }
  | ({ readonly status: 'connected' } & ConnectedAccount)

export type ConnectedState = Extract<ConnectionState, { status: 'connected' }>

/** Every connected namespace's account, keyed by namespace. */
export type NamespaceAccounts = Readonly<Partial<Record<ChainNamespace, ConnectedAccount>>>

interface Inner {
  readonly accounts: NamespaceAccounts
  readonly active: ChainNamespace | undefined
  /** The connection status machine of the domain: the connect use cases drive it. */
  readonly machine: ConnectionMachineState
  /** The connector of the attempt in flight. */
  readonly connectingId: string | undefined
}

const EMPTY: Inner = { accounts: {}, active: undefined, machine: INITIAL_CONNECTION_STATE, connectingId: undefined }

/**
 * The connection: one account per connected namespace, one of them active (spec sections 3 and 4),
 * and the status machine of the attempt in flight. `state$`/`snapshot` show the active namespace;
 * `accounts$`/`accounts` every connected one.
 */
export class ConnectionStore {
  private readonly subject = new BehaviorSubject<Inner>(EMPTY)
  private view: ConnectionState = { status: 'disconnected' }
  readonly state$: Observable<ConnectionState> = this.subject.pipe(
    map(() => this.snapshot),
    distinctUntilChanged(),
  )
  readonly accounts$: Observable<NamespaceAccounts> = this.subject.pipe(
    map((inner) => inner.accounts),
    distinctUntilChanged(),
  )

  /** The active namespace's connection; the same object while nothing about it changed. */
  get snapshot(): ConnectionState {
    const next = activeView(this.subject.value)
    if (!sameView(next, this.view)) this.view = next
    return this.view
  }

  get accounts(): NamespaceAccounts {
    return this.subject.value.accounts
  }

  get activeNamespace(): ChainNamespace | undefined {
    return this.subject.value.active
  }

  /** The connected namespaces, active first. */
  get connectedNamespaces(): ChainNamespace[] {
    const { accounts, active } = this.subject.value
    const all = Object.keys(accounts) as ChainNamespace[]
    return active === undefined ? all : [active, ...all.filter((n) => n !== active)]
  }

  account(namespace: ChainNamespace): ConnectedAccount | undefined {
    return this.subject.value.accounts[namespace]
  }

  /** Runs an event through the domain's status machine (connect requested, resolved, failed, ...). */
  dispatch(event: ConnectionEvent, connectorId?: string): void {
    const inner = this.subject.value
    const machine = nextConnectionState(inner.machine, event)
    const connectingId = machine.status === 'connecting' ? (connectorId ?? inner.connectingId) : undefined
    this.next({ ...inner, machine, connectingId })
  }

  /**
   * Stores a namespace's account (a new connection or a restored one) and, unless told otherwise,
   * makes its namespace the active one.
   */
  upsert(account: ConnectedAccount, options: { activate?: boolean } = {}): void {
    const inner = this.subject.value
    const accounts = { ...inner.accounts, [account.namespace]: account }
    const active = options.activate === false && inner.active !== undefined ? inner.active : account.namespace
    this.next({ ...inner, accounts, active, machine: nextConnectionState(inner.machine, { type: 'ACCOUNT_RESTORED' }), connectingId: undefined })
  }

  /** Changes fields of a connected namespace's account (the wallet reported a new account or network, or the visitor switched account type). */
  update(
    namespace: ChainNamespace,
    patch: Partial<Pick<ConnectedAccount, 'address' | 'caipAddress' | 'caipNetworkId' | 'accountType' | 'accountTypes' | 'accounts'>>,
  ): void {
    const inner = this.subject.value
    const current = inner.accounts[namespace]
    if (current === undefined) return
    this.next({ ...inner, accounts: { ...inner.accounts, [namespace]: { ...current, ...patch } } })
  }

  /** Makes a connected namespace the active one; ignored for a namespace that is not connected. */
  activate(namespace: ChainNamespace): void {
    const inner = this.subject.value
    if (inner.accounts[namespace] === undefined || inner.active === namespace) return
    this.next({ ...inner, active: namespace })
  }

  /** Forgets one namespace's account; another connected namespace becomes active. */
  remove(namespace: ChainNamespace): void {
    const inner = this.subject.value
    if (inner.accounts[namespace] === undefined) return
    const accounts = { ...inner.accounts }
    delete accounts[namespace]
    const remaining = Object.keys(accounts) as ChainNamespace[]
    const active = inner.active === namespace ? remaining[0] : inner.active
    const machine = remaining.length === 0 ? nextConnectionState(inner.machine, { type: 'DISCONNECTED' }) : inner.machine
    this.next({ ...inner, accounts, active, machine })
  }

  /** Forgets every namespace's account. */
  clear(): void {
    this.next(EMPTY)
  }

  /**
   * Sets the active connection in one call (tests and simple flows): `connected` stores that
   * namespace's account and activates it, `connecting` marks an attempt, `disconnected` forgets all.
   */
  set(next: ConnectionState): void {
    if (next.status === 'disconnected') this.clear()
    else if (next.status === 'connecting') {
      this.dispatch({ type: 'CONNECT_REQUESTED', path: 'injected', platform: { isSafariIos: false, isTelegram: false } }, next.connectorId)
    } else {
      const { status: _status, ...account } = next
      this.upsert(account)
    }
  }

  private next(inner: Inner): void {
    this.subject.next(inner)
  }
}

function activeView(inner: Inner): ConnectionState {
  const account = inner.active === undefined ? undefined : inner.accounts[inner.active]
  if (account !== undefined) return { status: 'connected', ...account }
  if (inner.machine.status === 'connecting' && inner.connectingId !== undefined) {
    return { status: 'connecting', connectorId: inner.connectingId }
  }
  return { status: 'disconnected' }
}

function sameView(a: ConnectionState, b: ConnectionState): boolean {
  const keysA = Object.keys(a) as (keyof ConnectionState)[]
  const keysB = Object.keys(b)
  return keysA.length === keysB.length && keysA.every((key) => a[key] === b[key])
}
