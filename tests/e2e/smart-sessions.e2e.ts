/**
 * Smart sessions on the devnet (feature `smartSessions`): an email-login visitor's smart account
 * grants a session key to the host (`modal.grantPermissions`, confirmed in the wallet frame); the
 * key sends within its limit through the bundler; the Account view's Sessions list shows it with
 * its limit and expiry; Revoke (the owner's own transaction, confirmed in the frame, then the auth
 * service's confirmation) takes it off the list, and the chain refuses the key from then on.
 */
import { serviceRequests } from './support/account-helpers'
import { createPublicClient, http, parseEther, toHex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { GrantedPermissions, PermissionsRequest, WalletModal } from '../../src/index'
import { sessionKeyClient } from '../../devnet/src/auth/smart-account'
import { expect, snapshot, test } from './support/fixtures'
import { frame, fresh, signIn } from './support/embedded-login'
import type { E2eWorld } from './support/world'

const chainA = (world: E2eWorld) => createPublicClient({ transport: http(world.rpcUrls[31337]) })

test('a smart account grants a session key to the app, sees it under Sessions, revokes it, and the chain refuses the key', async ({ page, world }) => {
  await page.goto('/?smartSessions=on')
  const smart = await signIn(page, world, fresh('sessions'))
  await page.keyboard.press('Escape')

  const sessionKey = generatePrivateKey()
  const keyAddress = privateKeyToAccount(sessionKey).address
  const expiry = Number((await chainA(world).getBlock()).timestamp) + 3600
  const request: PermissionsRequest = {
    chainId: toHex(31337),
    expiry,
    signer: { type: 'key', data: { type: 'secp256k1', id: keyAddress } },
    permissions: [{ type: 'native-token-transfer', data: { ticker: 'ETH' }, policies: [{ type: 'token-allowance', data: { allowance: toHex(parseEther('0.05')) } }] }],
  }
  // The host asks; the modal opens on the wallet's confirmation, which names the key and its limit.
  const granted = page.evaluate(
    (r) => (window as unknown as { walletgateDemo: WalletModal }).walletgateDemo.grantPermissions(r),
    request,
  ) as Promise<GrantedPermissions>
  await expect(frame(page).getByText('Grant permissions')).toBeVisible()
  await expect(frame(page).getByText('0.05 ETH')).toBeVisible()
  await frame(page).getByTestId('frame-approve').click()
  const answer = await granted
  expect(answer.context).toBe(`${smart}${keyAddress.slice(2)}`.toLowerCase())

  // The app, holding the key, sends within the limit: the bundler puts it on chain.
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  const app = await sessionKeyClient(sessionKey, smart, { chainId: 31337, rpcUrl: world.rpcUrls[31337], bundlerUrl: world.bundlerUrls[31337] })
  expect((await app.waitForCalls(await app.sendCalls([{ to: receiver, value: parseEther('0.01') }]))).success).toBe(true)
  expect(await chainA(world).getBalance({ address: receiver })).toBe(parseEther('0.01'))

  // The Account view leads to the sessions list.
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
  await page.evaluate(() => (window as unknown as { walletgateDemo: WalletModal }).walletgateDemo.open({ view: 'Account' }))
  await page.getByTestId('account-sessions').click()
  const row = page.getByTestId('session-row')
  await expect(row).toHaveCount(1)
  await expect(row.getByTestId('session-limit')).toHaveText('Limit 0.050 ETH (spent 0.010)')
  await expect(row.getByTestId('session-expiry')).toContainText('Expires')
  await expect(row.getByTestId('session-key')).toContainText(keyAddress.slice(0, 6))
  await snapshot(page, 'smart-sessions-list')

  // Revoke: the owner's own transaction, confirmed in the frame; then the list is read again.
  await row.getByTestId('session-revoke').dblclick()
  await expect(frame(page).getByText('Approve transaction')).toBeVisible()
  await frame(page).getByTestId('frame-approve').click()
  await expect(page.getByTestId('sessions-empty')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('sessions-revoke-error')).toHaveCount(0)
  const listed = (await (await fetch(`${world.serviceUrl}/v1/sessions/${smart}?projectId=walletgate-test&st=walletgate&sv=e2e`)).json()) as { sessions: unknown[] }
  expect(listed.sessions).toEqual([])
  // The modal asked the blockchain service, the base of its calls (spec section 7): the list, then the revocation's confirmation.
  const asked = await serviceRequests(world, '/v1/sessions/')
  expect(asked.map((r) => r.method)).toContain('GET')
  expect(asked.filter((r) => r.method === 'POST' && r.path.endsWith('/revoke'))).toHaveLength(1)

  // The chain refuses the revoked key (its signature no longer validates).
  await expect(app.sendCalls([{ to: receiver, value: 1n }])).rejects.toThrow('AA24 signature error')
  expect(await chainA(world).getBalance({ address: receiver })).toBe(parseEther('0.01'))
})

test('with smartSessions off (the default) the host is told so and Account offers no Sessions', async ({ page, world }) => {
  await page.goto('/')
  await signIn(page, world, fresh('no-sessions'))
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('view-Account')).toBeVisible()
  await expect(page.getByTestId('account-kind-type')).toHaveText('Smart account')
  await expect(page.getByTestId('account-sessions')).toHaveCount(0)
  const refused = await page.evaluate(() =>
    (window as unknown as { walletgateDemo: WalletModal }).walletgateDemo
      .grantPermissions({ expiry: 1, signer: { type: 'key', data: {} }, permissions: [] })
      .then(
        () => 'granted',
        (error: Error) => error.message,
      ),
  )
  expect(refused).toBe('Smart sessions are not enabled')
})

