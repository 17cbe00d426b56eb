/**
 * A stand-in for the WalletConnect Verify attestation page, for offline browsers.
 *
 * In a browser, SignClient.connect() loads `<verify server>/v3/attestation?...&id=...` in a hidden
 * iframe and waits (up to 5 s) for it to post `{type: 'verify_attestation', attestation}` to the
 * parent window, accepting only a JWT whose payload `id` equals the `id` it asked about. Offline
 * that page never answers and every connect() pays the full 5 s before the pairing URI exists.
 *
 * This page answers at once with an unsigned attestation that says "not verified". The relay
 * serves it at `/v3/attestation`, and a test browser routes the Verify URL there (Playwright:
 * `page.route('https://verify.walletconnect.org/v3/attestation*', ...)` fulfilled with this
 * body). The devnet relay then delivers every message with an empty attestation, so the wallet
 * side never tries to validate it against the hosted Verify key either (see README.md).
 */

/** The hosted attestation URL a browser loads (fixed inside @walletconnect/core), as a route glob. */
export const VERIFY_ATTESTATION_URL_GLOB = 'https://verify.walletconnect.org/v3/attestation*'

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url')
}

/**
 * The attestation JWT for one id: shaped like Verify's (header.payload.signature), origin as
 * given, isVerified false, never a scam, expiring in an hour. Not signed by any real key.
 */
export function standInAttestation(id: string, origin: string, nowMs: number): string {
  const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT' }))
  const payload = base64url(
    JSON.stringify({ id, origin, isScam: false, isVerified: false, exp: Math.floor(nowMs / 1000) + 3600 }),
  )
  return `${header}.${payload}.${base64url('walletgate-devnet-unsigned')}`
}

/** The HTML of the stand-in page; it builds the attestation in the page from its own query. */
export function verifyStandInHtml(): string {
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>Verify stand-in</title></head>
<body><script>
(function () {
  var q = new URLSearchParams(location.search);
  function b64u(s) { return btoa(unescape(encodeURIComponent(s))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, ''); }
  var header = b64u(JSON.stringify({ alg: 'ES256', typ: 'JWT' }));
  var payload = b64u(JSON.stringify({
    id: q.get('id') || '',
    origin: q.get('origin') || '',
    isScam: false,
    isVerified: false,
    exp: Math.floor(Date.now() / 1000) + 3600
  }));
  var jwt = header + '.' + payload + '.' + b64u('walletgate-devnet-unsigned');
  window.parent.postMessage(JSON.stringify({ type: 'verify_attestation', attestation: jwt }), '*');
})();
</script></body></html>
`
}
