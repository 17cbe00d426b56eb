// What the modal asks of the page's browser, where there is one (a modal can be created during
// server rendering).

/** Runs `run` once the page is idle (at the latest 2 s later); nothing without a window. */
export function whenIdle(run: () => void): void {
  if (typeof window === 'undefined') return
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 })
  else setTimeout(run, 200)
}

/** The browser's language, where there is a browser. */
export function browserLocale(): string | undefined {
  return typeof navigator !== 'undefined' && navigator.language ? navigator.language : undefined
}
