/**
 * Clickjacking the wallet frame's Approve button. The host page (here the demo, turned hostile by
 * a script the test runs in it) asks the embedded wallet to send 1 ETH, then hides or disguises
 * the frame while it asks: 1 % opacity over a decoy, a transform that tilts and scales the frame
 * around the button, an overlay over the button that lets clicks through, or a click the moment
 * the approval appears. In each the visitor's clicks on the decoy must not approve the send; once
 * the frame is left fully visible for a moment, the same click approves it (so the attack tests
 * show the defence, not a broken button).
 *
 * The waits below are real time: whether the frame is visible is the browser's compositor's
 * verdict (IntersectionObserver v2), which a fake page clock does not drive.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from '../e2e/support/fixtures'
import { frame, fresh, signIn } from '../e2e/support/embedded-login'
import type { E2eWorld } from '../e2e/support/world'

interface Demo {
  walletgateDemo: { getProvider(n: string): Promise<{ request(a: { method: string; params: unknown[] }): Promise<string> }> }
  sendOutcome?: string
}

/** Signs a fresh visitor in and has the page ask the wallet to send 1 ETH; resolves once the approval shows. */
async function askToSend(page: Page, world: E2eWorld) {
  await page.goto('/')
  const address = await signIn(page, world, fresh('clickjack'))
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await page.evaluate(
    ([from, to]) => {
      const w = window as unknown as Demo
      w.sendOutcome = 'pending'
      void w.walletgateDemo
        .getProvider('eip155')
        .then((provider) => provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0xde0b6b3a7640000' }] }))
        .then(
          (hash) => (w.sendOutcome = hash),
          (error: unknown) => (w.sendOutcome = `failed: ${String(error)}`),
        )
    },
    [address, receiver] as const,
  )
  await expect(frame(page).getByText('Approve transaction')).toBeVisible()
  const chain = createPublicClient({ transport: http(world.rpcUrls[31337]) })
  return {
    outcome: () => page.evaluate(() => (window as unknown as Demo).sendOutcome),
    received: () => chain.getBalance({ address: receiver }),
  }
}

/** The centre of the frame's Approve button in the page's coordinates (the frame untransformed). */
async function approveCentre(page: Page): Promise<{ x: number; y: number }> {
  const box = await frame(page).getByTestId('frame-approve').boundingBox()
  if (box === null) throw new Error('the Approve button has no box')
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
}

/** A decoy button on the host page under the given point (below the frame, which is on top). */
async function putDecoy(page: Page, at: { x: number; y: number }): Promise<void> {
  await page.evaluate(({ x, y }) => {
    const decoy = document.createElement('button')
    decoy.textContent = 'Claim your free NFT'
    decoy.id = 'decoy'
    Object.assign(decoy.style, { position: 'fixed', left: `${x - 100}px`, top: `${y - 25}px`, width: '200px', height: '50px', zIndex: '2147483646' })
    document.body.append(decoy)
  }, at)
}

/**
 * The visitor clicks the decoy several times over more than the arming delay; then the request
 * still waits for the visitor: the approval is still shown and the page has no answer.
 */
async function clickDecoyRepeatedly(page: Page, at: { x: number; y: number }, send: Awaited<ReturnType<typeof askToSend>>) {
  for (let i = 0; i < 4; i++) {
    await page.mouse.click(at.x, at.y)
    await page.waitForTimeout(400)
  }
  await expect(frame(page).getByTestId('frame-approval')).toBeAttached({ timeout: 1_000 })
  await expect(page.getByTestId('embedded-approval')).toBeVisible({ timeout: 1_000 })
  expect(await send.outcome()).toBe('pending')
  expect(await send.received()).toBe(0n)
}

/** Puts the frame back as the modal placed it; the host script's styles go. */
async function restoreFrame(page: Page): Promise<void> {
  await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-walletgate-frame]')!
    iframe.style.removeProperty('transform')
    iframe.style.removeProperty('transform-origin')
    iframe.style.setProperty('opacity', '1')
    document.getElementById('decoy')?.remove()
    document.getElementById('overlay')?.remove()
  })
}

/** Once the frame is visible again, the visitor's own click on Approve sends. */
async function approveHonestly(page: Page, send: Awaited<ReturnType<typeof askToSend>>): Promise<void> {
  await frame(page).getByTestId('frame-approve').click()
  // The devnet answers the send once it is mined: slow on a loaded machine.
  await expect.poll(send.outcome, { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
  await expect.poll(send.received, { timeout: 15_000 }).toBe(parseEther('1'))
}

test.describe('clickjacking the wallet frame', () => {
  test('at 1 % opacity over a decoy, clicks on the decoy do not approve the send', async ({ page, world }) => {
    const send = await askToSend(page, world)
    const at = await approveCentre(page)
    await putDecoy(page, at)
    await page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe[data-walletgate-frame]')!.style.setProperty('opacity', '0.01', 'important'))
    await clickDecoyRepeatedly(page, at, send)
    await restoreFrame(page)
    await approveHonestly(page, send)
  })

  test('armed while honestly visible, then flipped to 1 % opacity just before the click: the click does not approve', async ({ page, world }) => {
    const send = await askToSend(page, world)
    await expect(frame(page).getByTestId('frame-approval')).toHaveAttribute('data-armed', 'true')
    const at = await approveCentre(page)
    await putDecoy(page, at)
    // The host flips the frame invisible as the pointer reaches the decoy; the click follows at once.
    await page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe[data-walletgate-frame]')!.style.setProperty('opacity', '0.01', 'important'))
    await page.mouse.click(at.x, at.y)
    await clickDecoyRepeatedly(page, at, send)
    await restoreFrame(page)
    await approveHonestly(page, send)
  })

  test('tilted and scaled by a CSS transform around the button, clicks on the decoy do not approve the send', async ({ page, world }) => {
    const send = await askToSend(page, world)
    const at = await approveCentre(page)
    await putDecoy(page, at)
    await page.evaluate(({ x, y }) => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-walletgate-frame]')!
      const rect = iframe.getBoundingClientRect()
      // Turned around the button's centre, the button stays under the visitor's pointer.
      iframe.style.setProperty('transform-origin', `${x - rect.left}px ${y - rect.top}px`)
      iframe.style.setProperty('transform', 'rotate(4deg) scale(1.3)')
    }, at)
    await clickDecoyRepeatedly(page, at, send)
    await restoreFrame(page)
    await approveHonestly(page, send)
  })

  test('under an overlay that covers the button and lets clicks through, clicks do not approve the send', async ({ page, world }) => {
    const send = await askToSend(page, world)
    const at = await approveCentre(page)
    await page.evaluate(({ x, y }) => {
      const overlay = document.createElement('div')
      overlay.id = 'overlay'
      overlay.textContent = 'Claim your free NFT'
      Object.assign(overlay.style, {
        position: 'fixed',
        left: `${x - 90}px`,
        top: `${y - 22}px`,
        width: '180px',
        height: '44px',
        background: 'gold',
        pointerEvents: 'none',
        zIndex: '2147483647',
      })
      document.body.append(overlay)
    }, at)
    await clickDecoyRepeatedly(page, at, send)
    await restoreFrame(page)
    await approveHonestly(page, send)
  })

  test('a click the moment the approval appears does not approve it; Approve says it is not armed yet', async ({ page, world }) => {
    const send = await askToSend(page, world)
    const at = await approveCentre(page)
    await page.mouse.click(at.x, at.y)
    await page.mouse.click(at.x, at.y)
    await expect(frame(page).getByTestId('frame-approval')).toBeAttached({ timeout: 1_000 })
    await expect(frame(page).getByTestId('frame-approve')).toBeDisabled({ timeout: 1_000 })
    expect(await send.outcome()).toBe('pending')
    // Left fully visible, it arms itself; the visitor's click then approves.
    await expect(frame(page).getByTestId('frame-approve')).toBeEnabled()
    await expect(frame(page).getByTestId('frame-approval')).toHaveAttribute('data-armed', 'true')
    await approveHonestly(page, send)
  })
})

test.describe('a browser that cannot tell the frame whether it is visible (no IntersectionObserver v2)', () => {
  test('the frame has no Approve to click: the visitor confirms in a popup of the auth origin, which sends', async ({ page, world, context }) => {
    const authOrigin = new URL(world.authUrl).origin
    // The wallet's pages (frame and popup) run as in a browser without v2: entries have no isVisible.
    await context.addInitScript((origin) => {
      if (window.location.origin === origin) delete (IntersectionObserverEntry.prototype as { isVisible?: boolean }).isVisible
    }, authOrigin)
    const send = await askToSend(page, world)
    await expect(frame(page).getByTestId('frame-approve')).toHaveCount(0)
    // Invisible or not, a click in the frame only opens the popup: nothing is sent from the frame.
    await page.evaluate(() => document.querySelector<HTMLIFrameElement>('iframe[data-walletgate-frame]')!.style.setProperty('opacity', '0.01', 'important'))
    const opened = context.waitForEvent('page')
    await frame(page).getByTestId('frame-confirm-popup').click()
    const popup = await opened
    expect(new URL(popup.url()).origin).toBe(authOrigin)
    expect(await send.outcome()).toBe('pending')
    await expect(popup.getByText('Approve transaction')).toBeVisible()
    await expect(popup.getByText('1 ETH on', { exact: false })).toBeVisible()
    const closed = popup.waitForEvent('close')
    await expect(popup.getByTestId('frame-approve')).toBeEnabled()
    // The popup closes itself as it answers: the click's own bookkeeping may find it gone.
    await popup
      .getByTestId('frame-approve')
      .click()
      .catch((error: unknown) => {
        if (!popup.isClosed()) throw error
      })
    await closed
    await expect.poll(send.outcome, { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(send.received, { timeout: 15_000 }).toBe(parseEther('1'))
  })
})
