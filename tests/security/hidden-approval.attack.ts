/**
 * Attack: a long approval opens past what it asks. The page asks the embedded wallet to sign a
 * Permit2 PermitBatch (an unlimited dUSD allowance first, then more tokens): its dialog is taller
 * than the frame the modal shows, and the frame drew it while still hidden (0 px high), so the
 * dialog's focus scrolled it to its end. The visitor saw the last rows and Approve, with the title
 * and the summary ("unlimited amount of dUSD") scrolled away above.
 */
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { expect, test } from '../e2e/support/fixtures'
import { frame, fresh, signIn } from '../e2e/support/embedded-login'

const ATTACKER = '0xBAdBadbADBaDBADBadbADbaDBadBaDBADBadBAD0'
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'
const MAX_UINT160 = ((1n << 160n) - 1n).toString()

const permitBatch = (chainId: number) => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    PermitBatch: [
      { name: 'details', type: 'PermitDetails[]' },
      { name: 'spender', type: 'address' },
      { name: 'sigDeadline', type: 'uint256' },
    ],
    PermitDetails: [
      { name: 'token', type: 'address' },
      { name: 'amount', type: 'uint160' },
      { name: 'expiration', type: 'uint48' },
      { name: 'nonce', type: 'uint48' },
    ],
  },
  primaryType: 'PermitBatch',
  domain: { name: 'Permit2', chainId, verifyingContract: PERMIT2 },
  message: {
    details: [
      { token: DEVNET_CONTRACTS.dUSD, amount: MAX_UINT160, expiration: '1900000000', nonce: '0' },
      { token: DEVNET_CONTRACTS.DVT, amount: MAX_UINT160, expiration: '1900000000', nonce: '0' },
      { token: DEVNET_CONTRACTS.pixels, amount: '1', expiration: '1900000000', nonce: '0' },
    ],
    spender: ATTACKER,
    sigDeadline: '1900000000',
  },
})

test('a long Permit2 approval opens on its title and its summary: token, spender, "unlimited"', async ({ page, world }) => {
  await page.goto('/')
  const address = await signIn(page, world, fresh('permit-batch'))
  const account = (await page.getByTestId('demo-account').textContent()) ?? ''
  const chainId = Number(account.match(/eip155:(\d+)/)?.[1] ?? 31337)

  void page.evaluate(
    async ([from, typed]) => {
      const demo = (window as unknown as { walletgateDemo: { getProvider(ns: string): Promise<{ request(a: { method: string; params: unknown[] }): Promise<unknown> }> } }).walletgateDemo
      const provider = await demo.getProvider('eip155')
      return provider.request({ method: 'eth_signTypedData_v4', params: [from, typed] }).catch(() => undefined)
    },
    [address, JSON.stringify(permitBatch(chainId))] as const,
  )

  const wallet = frame(page)
  const dialog = wallet.getByRole('dialog', { name: 'Sign typed data' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('an unlimited amount of dUSD')
  await expect(dialog).toContainText(ATTACKER)
  // What the visitor sees first: the title and the summary, not the dialog's end.
  await expect(wallet.getByRole('heading', { name: 'Sign typed data' })).toBeInViewport()
  await expect(wallet.getByText('Summary', { exact: true })).toBeInViewport()
  const walletFrame = page.frames().find((f) => f.url().startsWith(`${world.authUrl}/frame`))
  expect(await walletFrame?.evaluate(() => window.scrollY)).toBe(0)

  // The visitor reads down to the buttons, then rejects. Chromium drops clicks on a frame that
  // watches its visibility (IntersectionObserver v2) for a moment after the frame moved, so a click
  // sent the instant the frame was placed may never arrive: click once Approve has been seen (armed).
  await wallet.getByTestId('frame-reject').scrollIntoViewIfNeeded()
  await expect(dialog).toHaveAttribute('data-armed', 'true')
  await wallet.getByTestId('frame-reject').click()
  await expect(dialog).toBeHidden()
})
