/**
 * Name registration with the Devnet Wallet (account 6, which no other spec names): the wallet signs
 * the registration message for real and the devnet's name registry checks the signature. One
 * journey, to keep the suite short: suggestions, a refused short name, a name taken meanwhile, the
 * success, then the name in the Account view, the ConnectButton and Send's receiver resolution.
 */
import { privateKeyToAccount } from 'viem/accounts'
import { expect, snapshot, test } from './support/fixtures'
import { connectDevWallet, openAccount, serviceRequests } from './support/account-helpers'
import { dropExpectedNetworkErrors } from './support/faults'
import type { E2eWorld } from './support/world'

const ACCOUNT = 6
const OTHER = 5
const COIN_TYPE = (0x80000000 | 31337) >>> 0

/** Registers `name` for another account straight at the service, as someone else would. */
async function registerElsewhere(world: E2eWorld, name: string): Promise<void> {
  const account = privateKeyToAccount(world.accounts[OTHER]!.privateKey)
  const message = JSON.stringify({ name, coinType: COIN_TYPE, address: account.address, timestamp: Date.now() })
  const signature = await account.signMessage({ message })
  const response = await fetch(`${world.serviceUrl}/v1/profile/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ coin_type: COIN_TYPE, address: account.address, message, signature }),
  })
  expect(response.status).toBe(200)
}

test('register a name: taken names marked, a short name refused, a name taken meanwhile explained, then the name everywhere', async ({
  page,
  world,
  pageProblems,
}) => {
  // The refused registration answers 400, which Chromium logs as a failed resource.
  dropExpectedNetworkErrors(pageProblems, /status of 400/)
  const run = Date.now().toString(36)
  const taken = `taken-${run}`
  const meanwhile = `meanwhile-${run}`
  const mine = `mine-${run}`
  await registerElsewhere(world, `${taken}.wg.id`)

  await connectDevWallet(page, { accountIndex: ACCOUNT })
  await page.getByTestId('account-choose-name').click()
  await expect(page.getByTestId('view-RegisterAccountName')).toBeVisible()

  // Suggestions mark the taken name; Register stays off for it.
  const input = page.getByTestId('name-input')
  await input.fill(taken)
  await expect(page.getByTestId(`name-suggestion-${taken}.wg.id`)).toContainText('Taken')
  await expect(page.getByTestId(`name-suggestion-${taken}-wg.wg.id`)).toContainText('Available')
  await expect(page.getByTestId('name-hint')).toHaveText(`${taken}.wg.id is taken`)
  await expect(page.getByTestId('name-register')).toBeDisabled()
  await snapshot(page, 'register-name-taken')

  // Three letters: refused before any request.
  await fetch(`${world.serviceUrl}/__admin/requests`, { method: 'DELETE', headers: { authorization: `Bearer ${world.adminToken}` } })
  await input.fill('abc')
  await expect(page.getByTestId('name-hint')).toHaveText('Name must be at least 4 characters')
  await expect(page.getByTestId('name-register')).toBeDisabled()
  await input.press('Enter')
  expect(await serviceRequests(world, '/v1/profile/')).toEqual([])

  // Free when typed, taken by someone else before Register: the service's first reason shows.
  await input.fill(meanwhile)
  await expect(page.getByTestId(`name-suggestion-${meanwhile}.wg.id`)).toContainText('Available')
  await registerElsewhere(world, `${meanwhile}.wg.id`)
  await page.getByTestId('name-register').click()
  await expect(page.getByTestId('name-error')).toHaveText('Name is already taken')
  await expect(page.getByTestId('view-RegisterAccountName')).toBeVisible()

  // A free name: signed, registered, and the account's name from now on.
  await input.fill(mine)
  await expect(page.getByTestId('name-error')).toHaveCount(0)
  await expect(page.getByTestId(`name-suggestion-${mine}.wg.id`)).toContainText('Available')
  await page.getByTestId('name-register').click()
  await expect(page.getByTestId('view-RegisterAccountNameSuccess')).toContainText(`${mine}.wg.id`)
  await snapshot(page, 'register-name-success')
  await page.getByTestId('name-success-done').click()
  await expect(page.getByTestId('account-name')).toHaveText(`${mine}.wg.id`)
  await expect(page.getByTestId('account-choose-name')).toHaveCount(0)

  // Send resolves the name to this account's address.
  await page.getByTestId('account-send').click()
  await page.getByTestId('send-receiver').fill(`${mine}.wg.id`)
  await expect(page.getByTestId('send-resolved-address')).toHaveText(world.accounts[ACCOUNT]!.address)

  // The host page's ConnectButton shows it, and a new visit finds it by reverse lookup on connect.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('connect-button')).toContainText(`${mine}.wg.id`)
  await page.reload()
  await expect(page.getByTestId('connect-button')).toContainText(`${mine}.wg.id`)
  await openAccount(page)
  await expect(page.getByTestId('account-name')).toHaveText(`${mine}.wg.id`)
})
