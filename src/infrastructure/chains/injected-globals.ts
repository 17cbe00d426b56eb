/**
 * Wallets that inject a global object (`window.injectedWeb3`, `window.keplr`) announce nothing:
 * a content script may add it after the modal started. The page is read now, when it has loaded,
 * and a few times in the first seconds; `read` publishes only when the list changed.
 */
const RESCANS_MS = [250, 1000, 3000] as const

export function watchInjected(read: () => void): void {
  read()
  if (document.readyState !== 'complete') window.addEventListener('load', read, { once: true })
  for (const ms of RESCANS_MS) setTimeout(read, ms)
}
