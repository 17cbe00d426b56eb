import type { UniversalProviderWalletConnectOptions } from '../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'

type Listener = (...args: never[]) => void

/**
 * A stand-in for @walletconnect/universal-provider, enough for the adapter's pairing logic:
 * every `connect()` is one relay proposal (`proposals` records its URI) announced through
 * `display_uri`; it stays pending until `approve()`. `cleanups` counts cleanupPendingPairings().
 * `relayDown()` / `relayUp()` play the relay link dropping and coming back.
 */
export class FakeUniversalProvider {
  readonly proposals: string[] = []
  cleanups = 0
  session: undefined = undefined
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly pending: { resolve(session: unknown): void }[] = []
  /** While false, a proposal waits for the relay: its URI comes only once `relayUp()` is called. */
  relayReachable = true
  private readonly held: string[] = []
  private readonly relayListeners = new Map<string, Set<() => void>>()
  readonly client = {
    on: () => undefined,
    pairing: { getAll: () => this.proposals.map((uri) => ({ topic: uri.slice(3, uri.indexOf('@')) })) },
    core: {
      relayer: {
        connected: true,
        transportClose: () => Promise.resolve(),
        on: (event: string, listener: () => void) => {
          const set = this.relayListeners.get(event) ?? new Set<() => void>()
          set.add(listener)
          this.relayListeners.set(event, set)
        },
        off: (event: string, listener: () => void) => this.relayListeners.get(event)?.delete(listener),
      },
      heartbeat: { stop: () => undefined },
    },
  }

  on(event: string, listener: Listener): void {
    const set = this.listeners.get(event) ?? new Set<Listener>()
    set.add(listener)
    this.listeners.set(event, set)
  }

  removeListener(event: string, listener: Listener): void {
    this.listeners.get(event)?.delete(listener)
  }

  connect(): Promise<unknown> {
    const uri = `wc:${String(this.proposals.length + 1).padStart(64, '0')}@2?relay-protocol=irn&symKey=k`
    this.proposals.push(uri)
    if (this.relayReachable) this.announce(uri)
    else this.held.push(uri)
    return new Promise((resolve) => this.pending.push({ resolve }))
  }

  /** The relay link drops (`relayer_disconnect`); proposals from now on wait for it. */
  relayDown(): void {
    this.relayReachable = false
    for (const listener of this.relayListeners.get('relayer_disconnect') ?? []) listener()
  }

  /** The relay is back (`relayer_connect`): proposals that waited announce their URIs, oldest first. */
  relayUp(): void {
    this.relayReachable = true
    for (const listener of this.relayListeners.get('relayer_connect') ?? []) listener()
    for (const uri of this.held.splice(0)) this.announce(uri)
  }

  /** How many listeners follow the relay link (none once every attempt ended). */
  get relayWatchers(): number {
    return [...this.relayListeners.values()].reduce((n, set) => n + set.size, 0)
  }

  private announce(uri: string): void {
    for (const listener of this.listeners.get('display_uri') ?? []) (listener as (uri: string) => void)(uri)
  }

  cleanupPendingPairings(): Promise<void> {
    this.cleanups += 1
    return Promise.resolve()
  }

  /** The SDK's loader for the adapter's `load` option. */
  loader(): NonNullable<UniversalProviderWalletConnectOptions['load']> {
    return () => Promise.resolve({ UniversalProvider: { init: () => Promise.resolve(this) } as never })
  }
}

/** Lets the adapter's promise chains (SDK load, init) run. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve()
}
