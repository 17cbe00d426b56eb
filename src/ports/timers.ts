/**
 * Timers for use cases that wait or poll on their own (the email device check, the social popup's
 * time limit): injected so that the application never reads the wall clock, and tests run them by hand.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}
