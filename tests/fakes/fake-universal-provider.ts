import type { UniversalProviderWalletConnectOptions } from '../../src/infrastructure/wallets/walletconnect/universal-provider-wallet-connect'

type Listener = (...args: never[]) => void

/**
 * A stand-in for @walletconnect/universal-provider, enough for the adapter's pairing logic:
 * every `connect()` is one relay proposal (`proposals` records its URI) announced through
 * `display_uri`; it stays pending until `approve()`. `cleanups` counts cleanupPendingPairings().
 */
export class FakeUniversalProvider {
  readonly proposals: string[] = []
  cleanups = 0
  session: undefined = undefined
  private readonly listeners = new Map<string, Set<Listener>>()
  private readonly pending: { resolve(session: unknown): void }[] = []
  readonly client = {
    on: () => undefined,
    core: { relayer: { connected: true, transportClose: () => Promise.resolve() }, heartbeat: { stop: () => undefined } },
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
    for (const listener of this.listeners.get('display_uri') ?? []) (listener as (uri: string) => void)(uri)
    return new Promise((resolve) => this.pending.push({ resolve }))
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
  for (let i = 0; i < 10; i++) await Promise.resolve()
}
