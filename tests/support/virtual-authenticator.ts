/**
 * Chromium's virtual authenticator (the DevTools WebAuthn domain) for the wallet frame: a platform
 * authenticator with resident keys and user verification that answers at once. The frame is a
 * cross-site child of the host page (an out-of-process iframe), so the authenticator is attached to
 * the frame's own target, found by its URL once it has loaded.
 */
import type { CDPSession, Page } from 'playwright-core'

export async function frameAuthenticator(page: Page, frameUrl: string): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const deadline = Date.now() + 15_000
  let frame = page.frames().find((f) => f.url().startsWith(frameUrl))
  while (frame === undefined) {
    if (Date.now() > deadline) throw new Error(`no frame at ${frameUrl} on the page`)
    await new Promise((resolve) => setTimeout(resolve, 100))
    frame = page.frames().find((f) => f.url().startsWith(frameUrl))
  }
  const cdp = await page.context().newCDPSession(frame)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  })
  return { cdp, authenticatorId }
}
