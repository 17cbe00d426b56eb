/** Email login into the embedded wallet, for the e2e files that need a signed-in visitor. */
import type { Page } from '@playwright/test'
import type { Address } from 'viem'
import { expect } from './fixtures'
import type { E2eWorld } from './world'

export const fresh = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`
export const frame = (page: Page) => page.frameLocator('iframe[data-walletgate-frame]')

/** The newest login code emailed to `to` after `after` such emails, waiting for it to arrive. */
export async function loginCode(world: E2eWorld, to: string, after = 0): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${world.authUrl}/devnet/mail?to=${encodeURIComponent(to)}`)).json()) as { subject: string }[]
        const logins = mails.filter((m) => /login code/.test(m.subject))
        code = logins.length > after ? logins[0]?.subject.match(/\d{6}/)?.[0] : undefined
        return code
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/)
  return code!
}

/**
 * Opens Connect and waits for the email field. Nothing above it moves once it shows: with a browser
 * wallet Connect holds its first wallet rows (placeholders count until the catalogue answers) and
 * "More wallets"; without one the email field comes first.
 */
export async function openConnect(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('email-input')).toBeVisible()
}

/** Signs `email` in from the Connect view (on the page as it is) and resolves the address the demo shows. */
export async function signIn(page: Page, world: E2eWorld, email: string, codesBefore = 0): Promise<Address> {
  await openConnect(page)
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('view-EmailVerifyOtp')).toBeVisible()
  await page.getByTestId('otp-box-0').fill(await loginCode(world, email, codesBefore))
  await expect(page.getByTestId('demo-account')).toContainText('on eip155:')
  return addressShown(page)
}

export async function addressShown(page: Page): Promise<Address> {
  const text = (await page.getByTestId('demo-account').textContent()) ?? ''
  const address = text.match(/0x[0-9a-fA-F]{40}/)?.[0]
  if (address === undefined) throw new Error(`no address in "${text}"`)
  return address as Address
}
