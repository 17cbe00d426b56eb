/**
 * When the frame's Approve button may take a click. A host page can make the frame invisible (1 %
 * opacity), disguise it (a transform), cover it (an overlay that lets clicks through) or have the
 * visitor click the moment it appears: a click it steers onto Approve must do nothing. So Approve
 * is armed only after the approval has been fully visible for ARM_DELAY_MS, as the browser itself
 * reports it (IntersectionObserver v2: `isVisible` is false under any opacity, filter, transform
 * other than a translation, or anything painted over the target), and disarmed at once when that
 * stops, the delay starting again. A browser that cannot report visibility (no v2) confirms in a
 * top-level window of the auth origin instead (confirm-popup.ts), which a host cannot cover.
 */

/** How long the approval must have been visible, without a break, before Approve takes a click. */
export const ARM_DELAY_MS = 500
/**
 * How long after a click on an armed Approve the approval must stay armed for the click to count.
 * Visibility reports arrive up to VISIBILITY_REPORT_DELAY_MS (and a frame) after a change, so a
 * host could hide the frame just before the click; a loss reported in this window voids the click.
 */
export const CLICK_SETTLE_MS = 300
/** IntersectionObserver v2's `delay`: the fastest it reports visibility changes (its minimum is 100). */
export const VISIBILITY_REPORT_DELAY_MS = 100

export interface Timers {
  set(fn: () => void, ms: number): unknown
  clear(handle: unknown): void
}

/** Where the visitor confirms: in the frame (its visibility can be known) or in a popup of the auth origin. */
export type ConfirmationPlace = 'frame' | 'popup'

/** What the decision reads of the window: IntersectionObserver and its entry's prototype. */
export interface VisibilityApi {
  readonly IntersectionObserver?: unknown
  readonly IntersectionObserverEntry?: { readonly prototype: object } | undefined
}

/** In the frame when the browser reports visibility (IntersectionObserver v2's `isVisible`), else in a popup. */
export function confirmationPlace(win: VisibilityApi): ConfirmationPlace {
  const entry = win.IntersectionObserverEntry
  const v2 = typeof win.IntersectionObserver === 'function' && entry !== undefined && 'isVisible' in entry.prototype
  return v2 ? 'frame' : 'popup'
}

/** Reports whether the approval can be seen and used; returns a function that stops watching. */
export type VisibilityWatch = (targets: readonly Element[], onChange: (visible: boolean) => void) => () => void

/**
 * Arms after `delayMs` of uninterrupted visibility, and disarms the moment visibility is lost
 * (the delay then starts again from the next report of visibility).
 */
export class ArmingGate {
  private timer: unknown
  private armed = false
  private stopped = false
  /** Counts the times the gate was disarmed: a click counts only if none happened since it. */
  private losses = 0

  constructor(
    private readonly timers: Timers,
    private readonly onChange: (armed: boolean) => void,
    private readonly delayMs = ARM_DELAY_MS,
  ) {}

  get isArmed(): boolean {
    return this.armed
  }

  visible(isVisible: boolean): void {
    if (this.stopped) return
    if (!isVisible) {
      this.cancel()
      this.losses++
      if (this.armed) {
        this.armed = false
        this.onChange(false)
      }
      return
    }
    if (this.armed || this.timer !== undefined) return
    this.timer = this.timers.set(() => {
      this.timer = undefined
      if (this.stopped) return
      this.armed = true
      this.onChange(true)
    }, this.delayMs)
  }

  /**
   * A click on Approve: `accept` runs after `settleMs` if the gate was armed at the click and no
   * loss of visibility was reported since; otherwise the click is dropped. Returns whether the
   * click was taken for checking (false: not armed).
   */
  click(accept: () => void, settleMs = CLICK_SETTLE_MS): boolean {
    if (!this.armed || this.stopped) return false
    const losses = this.losses
    this.timers.set(() => {
      if (!this.stopped && this.armed && this.losses === losses) accept()
    }, settleMs)
    return true
  }

  stop(): void {
    this.stopped = true
    this.cancel()
  }

  private cancel(): void {
    if (this.timer === undefined) return
    this.timers.clear(this.timer)
    this.timer = undefined
  }
}

/** The verdict on one target from its latest IntersectionObserver v2 entry. */
interface Verdict {
  readonly isVisible: boolean
  readonly ratio: number
}

/**
 * Visibility by IntersectionObserver v2: every target must be reported `isVisible`, and the last
 * target (Approve) wholly inside the viewport. Only for a window where confirmationPlace says 'frame'.
 */
export function intersectionVisibility(win: Window & typeof globalThis): VisibilityWatch {
  return (targets, onChange) => {
    const verdicts = new Map<Element, Verdict>()
    let last: boolean | undefined
    const observer = new win.IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const isVisible = (entry as IntersectionObserverEntry & { isVisible?: boolean }).isVisible === true
          verdicts.set(entry.target, { isVisible: isVisible && entry.isIntersecting, ratio: entry.intersectionRatio })
        }
        const button = targets.at(-1)
        const visible = targets.every((t) => verdicts.get(t)?.isVisible === true) && button !== undefined && (verdicts.get(button)?.ratio ?? 0) >= 0.99
        if (visible === last) return
        last = visible
        onChange(visible)
      },
      // trackVisibility and delay are v2's options (not yet in TypeScript's DOM types).
      { threshold: [0, 0.5, 0.99, 1], trackVisibility: true, delay: VISIBILITY_REPORT_DELAY_MS } as IntersectionObserverInit,
    )
    for (const target of targets) observer.observe(target)
    return () => observer.disconnect()
  }
}

/**
 * Visibility of a top-level window (the confirmation popup): shown and focused. A top-level
 * window cannot be covered or made transparent by another page, but a click meant for the page
 * below could land in it the moment it opens; the arming delay covers that.
 */
export function focusVisibility(win: Window): VisibilityWatch {
  return (_targets, onChange) => {
    const report = () => onChange(win.document.visibilityState === 'visible' && win.document.hasFocus())
    const events = ['focus', 'blur', 'visibilitychange'] as const
    for (const name of events) win.addEventListener(name, report)
    win.document.addEventListener('visibilitychange', report)
    report()
    return () => {
      for (const name of events) win.removeEventListener(name, report)
      win.document.removeEventListener('visibilitychange', report)
    }
  }
}
