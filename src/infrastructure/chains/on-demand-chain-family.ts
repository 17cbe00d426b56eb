/**
 * The page-side shell of the bip122, polkadot and cosmos wings: with their discovery (each wing's
 * `watch`, over the helpers of family-discovery.ts), the only part of them that loads with the
 * page, one class for the three so the page carries it once. The family's session, with its SDK,
 * loads with the first request through the wing's on-demand part; a failed import is tried again
 * next time.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import type { CaipNetwork, Connector } from '../../domain/entities'
import type { ChainFamily, WalletEvent } from '../../ports/chain-family'
import type { Logger } from '../../ports/logger'
import type { ChainWing, FamilyOptions, FamilySession } from './wing'

/** What the shell needs of a wing: its namespace, its on-demand part, and how it finds the page's wallets (handing each list to `publish`). */
export interface FamilyShell extends Pick<ChainWing, 'namespace' | 'parts'> {
  watch(options: FamilyOptions, publish: (connectors: Connector[]) => void): Promise<void>
}

/** A wing on the shell. */
export type OnDemandWing = ChainWing & FamilyShell

export class OnDemandChainFamily implements ChainFamily {
  readonly connectors$ = new BehaviorSubject<readonly Connector[]>([])
  readonly events$ = new Subject<WalletEvent>()
  private started = false
  private loading: Promise<FamilySession> | undefined

  /**
   * @param networks the family's configured networks, the host's default first when it is one.
   * @param options what tests and hosts may set: the page read (by default `window`, read again
   * while the page loads), the Wallet Standard registry, the name the wallet shows.
   */
  readonly namespace: FamilyShell['namespace']

  constructor(
    private readonly wing: FamilyShell,
    private readonly networks: readonly CaipNetwork[],
    private readonly logger: Logger,
    private readonly options: FamilyOptions = {},
  ) {
    this.namespace = wing.namespace
  }

  get connectors(): readonly Connector[] {
    return this.connectors$.value
  }

  startDiscovery(): void {
    if (this.started || (this.options.root === undefined && this.options.registry === undefined && typeof window === 'undefined')) return
    this.started = true
    this.wing.watch(this.options, (list) => this.publish(list)).catch((error: unknown) => {
      // The registry's chunk could not load (offline, a deploy replaced it), or a hostile page
      // object threw: no wallets of this family for now; the next start tries again.
      this.started = false
      this.logger.warn(`Walletgate: ${this.namespace} wallet discovery failed`, error)
    })
  }

  /** A new list of the family's wallets, kept when it lists other wallets than the one before. */
  protected publish(list: readonly Connector[]): void {
    if (list.map((c) => c.id).join() !== this.connectors.map((c) => c.id).join()) this.connectors$.next(list)
  }

  /** The wallet's own object (an extension, a Wallet Standard wallet, a provider). */
  getProvider(connectorId: string): unknown {
    return this.connectors.find((c) => c.id === connectorId)?.provider
  }

  connect(...args: Parameters<ChainFamily['connect']>): ReturnType<ChainFamily['connect']> {
    return this.call('connect', args)
  }

  reconnect(...args: Parameters<ChainFamily['reconnect']>): ReturnType<ChainFamily['reconnect']> {
    return this.call('reconnect', args).catch(() => null)
  }

  disconnect(...args: Parameters<ChainFamily['disconnect']>): ReturnType<ChainFamily['disconnect']> {
    return this.call('disconnect', args).catch(() => undefined)
  }

  switchNetwork(...args: Parameters<ChainFamily['switchNetwork']>): ReturnType<ChainFamily['switchNetwork']> {
    return this.call('switchNetwork', args)
  }

  signMessage(...args: Parameters<ChainFamily['signMessage']>): ReturnType<ChainFamily['signMessage']> {
    return this.call('signMessage', args)
  }

  estimateTransfer(...args: Parameters<ChainFamily['estimateTransfer']>): ReturnType<ChainFamily['estimateTransfer']> {
    return this.call('estimateTransfer', args)
  }

  sendTransfer(...args: Parameters<ChainFamily['sendTransfer']>): ReturnType<ChainFamily['sendTransfer']> {
    return this.call('sendTransfer', args)
  }

  receiptStatus(...args: Parameters<ChainFamily['receiptStatus']>): ReturnType<ChainFamily['receiptStatus']> {
    return this.call('receiptStatus', args)
  }

  switchAccountType(...args: Parameters<NonNullable<ChainFamily['switchAccountType']>>): ReturnType<NonNullable<ChainFamily['switchAccountType']>> {
    return this.call('switchAccountType', args)
  }

  /** Polkadot's choice among the extension's accounts; the other families reject it as unsupported. */
  chooseAddress(...args: Parameters<NonNullable<ChainFamily['chooseAddress']>>): ReturnType<NonNullable<ChainFamily['chooseAddress']>> {
    return this.call('chooseAddress', args)
  }

  /** @internal */
  call(method: keyof FamilySession, args: unknown[]): Promise<never> {
    this.loading ??= this.wing.parts().then((parts) =>
      parts.session!({ providers: (id) => this.getProvider(id), networks: this.networks, events: this.events$, logger: this.logger, options: this.options }),
    )
    this.loading.catch(() => (this.loading = undefined))
    return this.loading.then((session) => (session[method] as (...a: unknown[]) => Promise<never>).apply(session, args))
  }
}

