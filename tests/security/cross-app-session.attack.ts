/**
 * The wallet session is the app's, not the auth origin's. A visitor signs in by email in one app
 * (the demo); a page of another app on another port of the same site (127.0.0.1, which the devnet
 * project allows on any port) frames the wallet for itself, as any allowed app can, and asks it who
 * is signed in, whether it is connected, and for a sign-in-shaped signature of the visitor's
 * address. It must learn nothing and get nothing signed until the visitor signs in there.
 */
import { createServer, type Server } from 'node:http'
import { createSiweMessage } from 'viem/siwe'
import { expect, test } from '../e2e/support/fixtures'
import { fresh, signIn } from '../e2e/support/embedded-login'
import { freePort } from '../e2e/support/free-port'

const PROJECT_ID = 'walletgate-test'

/** The other app's page: frames the wallet for its own origin and keeps every answer it gets. */
function attackerPage(authUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another app</title></head><body>
<h1>Another app</h1>
<script>
  const answers = {}
  let n = 0
  const frame = document.createElement('iframe')
  frame.src = ${JSON.stringify(authUrl)} + '/frame?projectId=${PROJECT_ID}&origin=' + encodeURIComponent(location.origin)
  window.ready = new Promise((resolve) => {
    window.addEventListener('message', (event) => {
      const m = event.data
      if (m === null || typeof m !== 'object' || m.channel !== 'walletgate-frame/1') return
      if (m.kind === 'event' && m.event === 'READY') resolve()
      if (m.kind === 'response') answers[m.id] = m
    })
  })
  window.answers = answers
  window.ask = (action, payload) => {
    const id = 'a' + ++n
    frame.contentWindow.postMessage({ channel: 'walletgate-frame/1', kind: 'request', id, action, payload }, ${JSON.stringify(new URL(authUrl).origin)})
    return id
  }
  document.body.append(frame)
</script></body></html>`
}

let server: Server | undefined
test.afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())))
  server = undefined
})

test('another app on another port of the same site learns nothing of the visitor signed in to this app and gets nothing signed', async ({ context, page, world }) => {
  test.setTimeout(90_000)
  const email = fresh('cross-app')
  await page.goto('/')
  const address = await signIn(page, world, email)

  const port = await freePort()
  const html = attackerPage(world.authUrl)
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(html)
  })
  await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${port}`
  expect(origin).not.toBe(new URL(world.baseUrl).origin)

  // The same browser (the visitor's), another app's page.
  const other = await context.newPage()
  await other.goto(`${origin}/`)
  await other.evaluate(() => (window as unknown as { ready: Promise<void> }).ready)
  const ask = (action: string, payload: unknown) => other.evaluate(([a, p]) => (window as unknown as { ask(a: string, p: unknown): string }).ask(a, p), [action, payload] as const)
  const answer = async (id: string) => {
    await expect.poll(() => other.evaluate((i) => (window as unknown as { answers: Record<string, unknown> }).answers[i] !== undefined, id), { timeout: 15_000 }).toBe(true)
    return other.evaluate((i) => (window as unknown as { answers: Record<string, { ok: boolean; payload?: unknown; error?: unknown }> }).answers[i]!, id)
  }

  const connected = await answer(await ask('IS_CONNECTED', {}))
  const user = await answer(await ask('GET_USER', {}))
  const message = createSiweMessage({
    domain: new URL(origin).host,
    address,
    uri: origin,
    version: '1',
    chainId: 31337,
    nonce: 'crossapp12345678',
    issuedAt: new Date(),
    expirationTime: new Date(Date.now() + 5 * 60_000),
  })
  const signature = await answer(await ask('RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: [message, address], signIn: true }))

  expect(connected).toMatchObject({ ok: true, payload: { isConnected: false } })
  expect(user.ok).toBe(false)
  expect(signature.ok).toBe(false)
  // Nothing of the visitor anywhere in what the other app heard.
  const heard = JSON.stringify([connected, user, signature]).toLowerCase()
  expect(heard).not.toContain(email.toLowerCase())
  expect(heard).not.toContain(address.toLowerCase().slice(2))

  // The visitor is still signed in to the app they signed in to.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toContainText(address, { timeout: 20_000 })
})
