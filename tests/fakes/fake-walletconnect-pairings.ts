import { BehaviorSubject, type SchedulerLike } from 'rxjs'
import { type WalletConnectPairingInfo, type WalletConnectPairings } from '../../src/ports/wallet-connectors'

/**
 * A scriptable {@link WalletConnectPairings}: `show(pairing)` plays the adapter's pairing;
 * `calls` records `preconnect`, `cancel` and `close` (with `prefix`, e.g. 'pairings.').
 */
export class FakeWalletConnectPairings implements WalletConnectPairings {
  readonly calls: string[]
  readonly subject = new BehaviorSubject<WalletConnectPairingInfo | null>(null)
  readonly pairing$ = this.subject.asObservable()

  constructor(
    private readonly prefix = '',
    calls: string[] = [],
  ) {
    this.calls = calls
  }

  get pairing(): WalletConnectPairingInfo | null {
    return this.subject.value
  }

  show(pairing: WalletConnectPairingInfo | null): void {
    this.subject.next(pairing)
  }

  preconnect(): Promise<void> {
    this.calls.push(`${this.prefix}preconnect`)
    return Promise.resolve()
  }

  cancel(): void {
    this.calls.push(`${this.prefix}cancel`)
  }

  close(): Promise<void> {
    this.calls.push(`${this.prefix}close`)
    return Promise.resolve()
  }
}

/**
 * Moves a VirtualTimeScheduler `ms` forward, running what falls due (virtual time only moves when
 * an action runs, so a no-op at the target carries it there).
 */
export function advanceVirtualTime(scheduler: SchedulerLike & { maxFrames: number; flush(): void }, ms: number): void {
  const target = scheduler.now() + ms
  scheduler.schedule(() => undefined, ms)
  scheduler.maxFrames = target
  scheduler.flush()
}
