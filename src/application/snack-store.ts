import { BehaviorSubject, distinctUntilChanged, map, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import type { Snack, SnackText, SnackVariant } from '../domain/entities'
import { SNACK_MESSAGES, type SnackMessageKey } from '../domain/messages'
import { INITIAL_SNACK_STATE, hideSnack, makeSnack, showSnack, tickSnack, type SnackState } from '../domain/snack/snack-queue'

/** How long an auto-closing snack stays (not a spec constant: Walletgate's own choice). */
export const SNACK_AUTO_CLOSE_MS = 2_200
/** A snack with a link stays longer: long enough to reach and follow the link. */
export const SNACK_WITH_LINK_AUTO_CLOSE_MS = 8_000

/**
 * The one snack of a modal (spec section 4): showing a snack while one is open closes the open one
 * and shows the new one 150 ms later (domain `snack-queue`). Time goes through the injected
 * Scheduler, so tests drive it with a TestScheduler or fake timers.
 *
 * Use `showMessage('tokenBalanceUnavailable', 'error')` for a spec message, or `show(text, variant)`.
 */
export class SnackStore {
  private readonly subject = new BehaviorSubject<SnackState>(INITIAL_SNACK_STATE)
  /** The snack to render; `open: false` means none is showing. Never errors. */
  readonly snack$: Observable<Snack> = this.subject.pipe(
    map((state) => state.current),
    distinctUntilChanged(),
  )
  private reshow: Subscription | undefined
  private autoClose: Subscription | undefined

  constructor(private readonly scheduler: SchedulerLike) {}

  get snapshot(): Snack {
    return this.subject.value.current
  }

  show(message: string, variant: SnackVariant, options: { autoClose?: boolean; svg?: string; link?: string | undefined; text?: SnackText | undefined } = {}): void {
    const next = showSnack(this.subject.value, makeSnack(message, variant, options), this.scheduler.now())
    this.autoClose?.unsubscribe()
    this.subject.next(next)
    if (next.pending !== undefined) this.reshow ??= this.scheduleReshow(next.pending.showAtMs)
    else this.armAutoClose()
  }

  /**
   * Shows the pending snack at `showAtMs`. A timer may fire a little before the clock says it is
   * due (browser timers against Date.now()); then nothing is due yet and it waits the rest, rather
   * than dropping the snack.
   */
  private scheduleReshow(showAtMs: number): Subscription {
    return this.scheduler.schedule(() => {
      const state = tickSnack(this.subject.value, this.scheduler.now())
      if (state.pending !== undefined) {
        this.reshow = this.scheduleReshow(state.pending.showAtMs)
        return
      }
      this.reshow = undefined
      this.apply(state)
    }, Math.max(0, showAtMs - this.scheduler.now()))
  }

  /** Shows one of the spec's snack messages (section 8) by key. */
  showMessage(key: SnackMessageKey, variant: SnackVariant = 'error'): void {
    this.show(SNACK_MESSAGES[key], variant, { text: { key: `snack.${key}` } })
  }

  /** With `text`, the views show the message by its catalogue key (`message` is its English). */
  showError(message: string, text?: SnackText): void {
    this.show(message, 'error', { text })
  }

  /** With `link`, the snack links to it (a sent transaction's explorer page). */
  showSuccess(message: string, link?: string, text?: SnackText): void {
    this.show(message, 'success', { link, text })
  }

  /** A loading snack stays until hidden or replaced. */
  showLoading(message: string): void {
    this.show(message, 'loading', { autoClose: false })
  }

  hide(): void {
    this.reshow?.unsubscribe()
    this.reshow = undefined
    this.autoClose?.unsubscribe()
    this.autoClose = undefined
    this.subject.next(hideSnack(this.subject.value))
  }

  private apply(state: SnackState): void {
    this.subject.next(state)
    this.armAutoClose()
  }

  private armAutoClose(): void {
    this.autoClose?.unsubscribe()
    this.autoClose = undefined
    const current = this.subject.value.current
    if (!current.open || !current.autoClose) return
    this.autoClose = this.scheduler.schedule(() => {
      this.autoClose = undefined
      if (this.subject.value.current === current) this.subject.next(hideSnack(this.subject.value))
    }, current.link === undefined ? SNACK_AUTO_CLOSE_MS : SNACK_WITH_LINK_AUTO_CLOSE_MS)
  }
}
