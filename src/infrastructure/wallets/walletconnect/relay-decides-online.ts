/**
 * Lets the relay, not the browser's `navigator.onLine`, say whether WalletConnect can work.
 *
 * Why: @walletconnect/core's relayer asks `confirmOnlineStateOrThrow()` before it opens its socket,
 * subscribes, publishes or answers (sign-client's connect, pair, approve, request ... all call it),
 * and in a browser that check is `navigator.onLine` alone (@walletconnect/utils `isOnline`). When
 * the browser believes it is offline (a machine with only loopback, a captive or VPN-only
 * network) although the relay answers, every connect fails at once with "No internet connection
 * detected" without the relay being asked, and the visitor is told the connection service cannot
 * be reached (WalletConnect/walletconnect-monorepo#3855). No option turns the check off.
 *
 * What: replaces `confirmOnlineStateOrThrow` on this one relayer instance (a public method of the
 * SDK's IRelayer) with one that lets every attempt through. The relayer then tries its socket as it
 * does online, and the relay's real answer decides: a session, or a socket that does not open,
 * which the adapter's bounded relay wait (RELAY_WAIT_MS) reports as RelayUnreachableError. Nothing
 * else changes and no module is patched; the SDK's reaction to the browser's own `offline` and
 * `online` events (dropping and reopening the socket) stays as it is.
 *
 * When the browser says offline, the relayer's first connection (a session restored at start) was
 * already refused by the check while the SDK started; it is opened here, as the SDK does online
 * (otherwise the SDK's heartbeat or the first request would open it, seconds later).
 */

interface RelayerLike {
  readonly connected: boolean
  readonly connecting: boolean
  confirmOnlineStateOrThrow: () => Promise<void>
  transportOpen: () => Promise<void>
}

/**
 * Makes the relayer's online check always pass and, when `browserOffline` (the check refused the
 * SDK's start), opens the connection a restored session needs. Returns a function that undoes
 * the override. `onOpenFailed` hears a failed open (the relay is unreachable; the next request,
 * or the SDK's heartbeat, tries again).
 */
export function relayDecidesOnline(relayer: object, browserOffline: boolean, onOpenFailed: (error: unknown) => void): () => void {
  const target = relayer as RelayerLike
  const original = target.confirmOnlineStateOrThrow
  target.confirmOnlineStateOrThrow = () => Promise.resolve()
  // transportOpen() does nothing without a topic (no session, no pairing).
  if (browserOffline && !target.connected && !target.connecting) target.transportOpen().catch(onOpenFailed)
  return () => {
    target.confirmOnlineStateOrThrow = original
  }
}
