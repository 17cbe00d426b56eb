/**
 * One of the two places Walletgate overrides a method of the WalletConnect SDK (the other is
 * relay-decides-online.ts), and only when the host asks for it (`verifyAttestation: 'skip'`, meant
 * for offline devnets and tests).
 *
 * Why: in a browser, sign-client's connect() first asks WalletConnect's hosted Verify service for
 * an attestation of the page's origin, by loading `https://verify.walletconnect.org/v3/attestation`
 * (a URL fixed inside @walletconnect/core, no option moves it) in a hidden iframe and waiting for
 * a postMessage. Offline that never answers and every pairing URI arrives 5 s late, which the
 * person sees as a QR code that takes 5 s to draw. The library has no switch for this outside its
 * own test-run detection.
 *
 * What: replaces `core.verify.register` on this one client instance with a function that returns
 * the empty attestation, exactly what the library itself returns when Verify fails or is off.
 * Wallets then treat the origin as UNKNOWN, the same outcome as an unreachable Verify. Nothing
 * else changes and no module is patched: only this client's Core (shared solely with clients that
 * use the same customStoragePrefix) skips Verify.
 *
 * The supported alternative in tests is a Verify stand-in the browser is routed to (see
 * devnet/src/relay/README.md); both are documented there.
 */

interface VerifyLike {
  register: (...args: never[]) => Promise<string | undefined>
}

/** Makes the client's Verify registration answer '' at once. Returns a function that undoes it. */
export function skipVerifyAttestation(client: { core: { verify: object } }): () => void {
  const verify = client.core.verify as VerifyLike
  const original = verify.register
  verify.register = () => Promise.resolve('')
  return () => {
    verify.register = original
  }
}
