/**
 * Email login against the devnet: the auth service sends real emails to its SMTP sink, the test
 * reads them from the devnet mailbox like a person would, and the embedded wallet (a frame of the
 * auth origin) holds the keys. Each test signs in a fresh email, so the specs share nothing.
 */
import type { Browser, Page } from '@playwright/test'
import { createPublicClient, formatEther, http, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, snapshot, test } from './support/fixtures'
import { postgresBinaries } from '../../server/test/postgres-cluster'
import { dropExpectedNetworkErrors } from './support/faults'
import { openConnect } from './support/embedded-login'
import { frameAuthenticator } from '../support/virtual-authenticator'
import type { E2eWorld } from './support/world'
import { Keypair } from '@solana/web3.js'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/config'

const LAMPORTS_PER_SOL = 1_000_000_000n

async function solBalance(world: E2eWorld, address: string): Promise<bigint> {
  const res = await fetch(world.solanaRpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }) })
  return BigInt(((await res.json()) as { result: { value: number } }).result.value)
}

interface Mail {
  readonly subject: string
  readonly text: string
  readonly receivedAt: string
}

const fresh = (label: string) => `${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.test`

async function mailTo(world: E2eWorld, to: string): Promise<Mail[]> {
  const response = await fetch(`${world.authUrl}/devnet/mail?to=${encodeURIComponent(to)}`)
  return (await response.json()) as Mail[]
}

/** The newest code emailed to `to` matching `subject`, waiting for the email to arrive (`after`: that many such emails were there before). */
async function codeFrom(world: E2eWorld, to: string, subject: RegExp, after = 0): Promise<string> {
  let code: string | undefined
  await expect
    .poll(
      async () => {
        const mails = (await mailTo(world, to)).filter((m) => subject.test(m.subject))
        code = mails.length > after ? mails[0]?.subject.match(/\d{6}/)?.[0] : undefined
        return code
      },
      { timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/)
  return code!
}

const LOGIN_CODE = /login code/

async function startEmailLogin(page: Page, email: string): Promise<void> {
  await page.goto('/')
  await openConnect(page)
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
}

async function enterCode(page: Page, code: string): Promise<void> {
  await page.getByTestId('otp-box-0').fill(code)
}

/** Signs `email` in on a fresh page and resolves the embedded wallet's address. */
async function signIn(page: Page, world: E2eWorld, email: string): Promise<Address> {
  await startEmailLogin(page, email)
  await expect(page.getByTestId('view-EmailVerifyOtp')).toBeVisible()
  await enterCode(page, await codeFrom(world, email, LOGIN_CODE))
  await expect(page.getByTestId('demo-account')).toContainText('on eip155:')
  return addressShown(page)
}

async function addressShown(page: Page): Promise<Address> {
  const text = (await page.getByTestId('demo-account').textContent()) ?? ''
  const address = text.match(/0x[0-9a-fA-F]{40}/)?.[0]
  if (address === undefined) throw new Error(`no address in "${text}"`)
  return address as Address
}

/** Moves the page's (installed) clock on in small steps until `testId` shows. */
async function runClockUntilVisible(page: Page, testId: string): Promise<void> {
  await expect
    .poll(async () => {
      await page.clock.runFor(100)
      return page.getByTestId(testId).isVisible()
    }, { timeout: 15_000 })
    .toBe(true)
}

const frame = (page: Page) => page.frameLocator('iframe[data-walletgate-frame]')

async function freshContext(browser: Browser, world: E2eWorld) {
  return browser.newContext({ baseURL: world.baseUrl })
}

test('email login: the code from the mailbox connects; a send approved in the wallet frame lands on chain; a reload keeps the session; sign out', async ({ page, world }) => {
  // The server behind the wallet keeps accounts, sessions and sealed keys on a real PostgreSQL
  // (npm test installs it; only a hand-run world without it falls back to PGlite).
  const ready = (await (await fetch(`${world.serviceUrl}/readyz`)).json()) as { database: string }
  expect(ready.database).toBe(postgresBinaries() === undefined ? 'pglite' : 'postgres')
  const email = fresh('ada')
  const address = await signIn(page, world, email)
  const chain = createPublicClient({ transport: http(world.rpcUrls[31337]) })
  // A new embedded wallet is funded on the devnet, so it can send at once.
  expect(await chain.getBalance({ address })).toBeGreaterThan(parseEther('1'))

  // The Account view shows who is signed in.
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('account-email-address')).toHaveText(email)

  // Send 0.01 ETH: the frame shows over the modal and the visitor approves there.
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await page.getByTestId('account-send').click()
  const token = page.getByTestId('send-token')
  await token.selectOption({ label: (await token.locator('option', { hasText: 'ETH ·' }).textContent()) ?? '' })
  await page.getByTestId('send-amount').fill('0.01')
  await page.getByTestId('send-receiver').fill(receiver)
  await page.getByTestId('send-review').click()
  await page.getByTestId('send-confirm').click()
  await expect(page.getByTestId('embedded-approval')).toBeVisible()
  await expect(frame(page).getByText('Approve transaction')).toBeVisible()
  await snapshot(page, 'email-approve-send')
  await frame(page).getByTestId('frame-approve').click()
  await expect.poll(() => chain.getBalance({ address: receiver }), { timeout: 15_000 }).toBe(parseEther('0.01'))
  await expect(page.getByTestId('embedded-approval')).toBeHidden()

  // A reload restores the session from the frame, without a new code.
  const codesBefore = (await mailTo(world, email)).filter((m) => LOGIN_CODE.test(m.subject)).length
  await page.reload()
  await expect(page.getByTestId('demo-account')).toContainText(address)
  expect((await mailTo(world, email)).filter((m) => LOGIN_CODE.test(m.subject))).toHaveLength(codesBefore)

  // The host sends straight to the provider while the modal is closed: the modal opens with the
  // wallet's frame, the visitor approves there, and the host gets the transaction hash.
  // (`getProvider` is the public API's; the demo page exposes its modal as walletgateDemo.)
  const other = privateKeyToAccount(generatePrivateKey()).address
  const hash = page.evaluate(
    async ([from, to]) => {
      const demo = (window as unknown as { walletgateDemo: { getProvider(n: string): Promise<{ request(a: { method: string; params: unknown[] }): Promise<string> }> } }).walletgateDemo
      const provider = await demo.getProvider('eip155')
      return provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x2386f26fc10000' }] })
    },
    [address, other] as const,
  )
  await expect(frame(page).getByText('Approve transaction')).toBeVisible()
  await frame(page).getByTestId('frame-approve').click()
  expect(await hash).toMatch(/^0x[0-9a-f]{64}$/)
  await expect.poll(() => chain.getBalance({ address: other }), { timeout: 15_000 }).toBe(parseEther('0.01'))
  await expect(page.getByTestId('modal')).toBeHidden()

  // Sign out: the frame forgets the session; the next visit is signed out.
  await page.getByTestId('demo-disconnect').click()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  await page.reload()
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  console.log(`embedded wallet ${address} sent 0.01 ETH; balance now ${formatEther(await chain.getBalance({ address }))} ETH`)
})

test("the embedded wallet's Solana account connects with the email login; a SOL send approved in the frame lands on the Solana devnet", async ({ page, world }) => {
  const email = fresh('sol')
  await signIn(page, world, email)
  // Account, then the Solana devnet: the same login connected the wallet's Solana account.
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-network-button').click()
  await page.getByTestId(`network-${SOLANA_DEVNET_CAIP_NETWORK_ID}`).click()
  await expect(page.getByTestId('demo-account')).toContainText(`on ${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
  const sender = ((await page.getByTestId('demo-account').textContent()) ?? '').split(' on ')[0]!.trim()
  expect(sender).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  // A new embedded wallet gets SOL on the devnet, so it can send at once.
  await expect.poll(() => solBalance(world, sender), { timeout: 15_000 }).toBeGreaterThan(LAMPORTS_PER_SOL)
  const before = await solBalance(world, sender)

  const receiver = Keypair.generate().publicKey.toBase58()
  await page.getByTestId('account-send').click()
  const token = page.getByTestId('send-token')
  await token.selectOption({ label: (await token.locator('option', { hasText: 'SOL ·' }).textContent()) ?? '' })
  await page.getByTestId('send-amount').fill('0.5')
  await page.getByTestId('send-receiver').fill(receiver)
  await page.getByTestId('send-review').click()
  await page.getByTestId('send-confirm').click()
  // The frame shows what the transaction does, read from its bytes, and the visitor approves there.
  await expect(page.getByTestId('embedded-approval')).toBeVisible()
  await expect(frame(page).getByText(`send 0.5 SOL to ${receiver}`)).toBeVisible()
  await expect(frame(page).getByText('Solana Devnet')).toBeVisible()
  await expect(frame(page).getByTestId('frame-approve')).toBeEnabled()
  await frame(page).getByTestId('frame-approve').click()
  await expect.poll(() => solBalance(world, receiver), { timeout: 15_000 }).toBe(LAMPORTS_PER_SOL / 2n)
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
  // The sender paid the amount and one signature's fee.
  expect(before - (await solBalance(world, sender))).toBe(LAMPORTS_PER_SOL / 2n + 5000n)

  // A reload restores the Solana account from the frame's session, without a new code.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toContainText(sender)

  // Disconnecting signs the wallet out in every family at once; the next visit restores neither.
  await page.getByTestId('demo-disconnect').click()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  await page.reload()
  await page.waitForLoadState('networkidle')
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
})

test('a login from a new browser profile asks for the code, which comes once the emailed device approval is pressed; sign out everywhere ends both', async ({ page, world, browser }) => {
  const email = fresh('grace')
  const address = await signIn(page, world, email)

  const other = await freshContext(browser, world)
  try {
    const second = await other.newPage()
    await startEmailLogin(second, email)
    // The same step as for any email: the answer does not tell that this one has an account.
    await expect(second.getByTestId('view-EmailVerifyOtp')).toBeVisible()
    await snapshot(second, 'email-verify-new-device')
    let link: string | undefined
    await expect
      .poll(async () => {
        const approval = (await mailTo(world, email)).find((m) => /Approve this device/.test(m.subject))
        link = approval?.text.match(/https?:\/\/\S+device-approval\?token=[\w-]+/)?.[0]
        return link
      })
      .toBeTruthy()
    // The person opens the link from their email (here in a third page).
    // Opening it approves nothing (a mail scanner opens links too): the person presses the button.
    const mailPage = await other.newPage()
    await mailPage.goto(link!)
    await mailPage.getByRole('button', { name: 'Approve this device' }).click()
    await expect(mailPage.getByRole('heading', { name: 'Device approved' })).toBeVisible()
    await expect(second.getByTestId('view-EmailVerifyOtp')).toBeVisible({ timeout: 15_000 })
    await enterCode(second, await codeFrom(world, email, LOGIN_CODE, 1))
    await expect(second.getByTestId('demo-account')).toContainText(address)

    // Sign out everywhere, from the first profile's Account: the wallet frame asks, a decline ends nothing.
    await page.getByTestId('connect-button').click()
    await page.getByTestId('account-sign-out-everywhere').click()
    await expect(frame(page).getByText('Sign out everywhere')).toBeVisible()
    // Approve arms once the frame has shown, still, for a moment: the frame is in place by then.
    await expect(frame(page).getByTestId('frame-approve')).toBeEnabled()
    await frame(page).getByTestId('frame-reject').click()
    await expect(page.getByTestId('embedded-approval')).toBeHidden()
    await expect(page.getByTestId('demo-account')).toContainText(address)
    await page.getByTestId('account-sign-out-everywhere').click()
    await expect(frame(page).getByText('Sign out everywhere')).toBeVisible()
    await frame(page).getByTestId('frame-approve').click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    // The second profile's session ended too: its next request to the wallet finds it so, and the
    // page shows it signed out.
    await expect(second.getByTestId('demo-account')).toContainText(address)
    const answer = await second.evaluate(async () => {
      const demo = (window as unknown as { walletgateDemo: { getProvider(n: string): Promise<{ request(a: { method: string }): Promise<unknown> }> } }).walletgateDemo
      return (await demo.getProvider('eip155')).request({ method: 'eth_blockNumber' }).then(
        () => 'answered',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
    })
    expect(answer).not.toBe('answered')
    await expect(second.getByTestId('demo-account')).toHaveText('Not connected')
  } finally {
    await other.close()
  }
})

test('export the private keys after a fresh code: shown in the wallet frame only, a wrong code said so, the key is the wallet', async ({ page, world, pageProblems }) => {
  // The wrong code's answer is a 400 and the early resend's a 429, which the browser logs.
  dropExpectedNetworkErrors(pageProblems, /status of (400|429)/)
  const email = fresh('keys')
  await signIn(page, world, email)
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-export-keys').click()
  await expect(frame(page).getByTestId('frame-export-warning')).toContainText('controls this wallet')
  await snapshot(page, 'email-export-warning')
  await frame(page).getByTestId('frame-export-send').click()
  const code = await codeFrom(world, email, /key export code/)
  await frame(page).getByTestId('frame-export-code').fill(code === '000000' ? '111111' : '000000')
  await frame(page).getByTestId('frame-export-show').click()
  await expect(frame(page).getByTestId('frame-export-error')).toHaveText('That code is not valid (2 attempts left)')
  // Another code within 30 s of the first waits, as any code does; the first stays good.
  await frame(page).getByTestId('frame-export-resend').click()
  await expect(frame(page).getByTestId('frame-export-error')).toContainText('Please try again after')
  await frame(page).getByTestId('frame-export-code').fill(code)
  await frame(page).getByTestId('frame-export-show').click()
  const key = (await frame(page).getByTestId('frame-export-evm').inputValue()) as `0x${string}`
  expect(key).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await frame(page).getByTestId('frame-export-solana').inputValue()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/)
  await snapshot(page, 'email-export-keys')
  // The key is the wallet's own: its address holds what the devnet gave the new wallet.
  const chain = createPublicClient({ transport: http(world.rpcUrls[31337]) })
  expect(await chain.getBalance({ address: privateKeyToAccount(key).address })).toBe(parseEther('10'))
  // The host page never held it.
  expect(await page.content()).not.toContain(key.slice(2))
  await frame(page).getByTestId('frame-export-done').click()
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
  await expect(page.getByTestId('view-Account')).toBeVisible()
})

test('a passkey added from Account exports the keys with no code, logs a fresh browser profile in from Connect with no code as the same wallet, and confirms a send of most of the balance', async ({ page, world, browser }) => {
  const email = fresh('passkey')
  const address = await signIn(page, world, email)
  const first = await frameAuthenticator(page, `${world.authUrl}/frame`)
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-add-passkey').click()
  await expect(frame(page).getByRole('dialog', { name: 'Add a passkey' })).toBeVisible()
  await frame(page).getByTestId('frame-approve').click()
  await expect(page.getByTestId('account-add-passkey-done')).toHaveText('Passkey added: next time, sign in with it and no code.')
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
  // The passkey also proves it is them for a key export, instead of a code by email.
  const mailsBeforeExport = (await mailTo(world, email)).length
  await page.getByTestId('account-export-keys').click()
  await expect(frame(page).getByTestId('frame-export-warning')).toContainText('controls this wallet')
  await frame(page).getByTestId('frame-export-passkey').click()
  const key = (await frame(page).getByTestId('frame-export-evm').inputValue()) as `0x${string}`
  // The key is the wallet's own (its EOA, which the devnet funded; the demo shows the smart account).
  expect(await createPublicClient({ transport: http(world.rpcUrls[31337]) }).getBalance({ address: privateKeyToAccount(key).address })).toBe(parseEther('10'))
  expect((await mailTo(world, email)).length).toBe(mailsBeforeExport)
  await frame(page).getByTestId('frame-export-done').click()
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
  // The passkey as it is now (its signature counter moved with the export: a copy from before would be a clone).
  const { credentials } = (await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId })) as { credentials: { rpId: string; isResidentCredential: boolean }[] }
  expect(credentials.map((c) => [c.rpId, c.isResidentCredential])).toEqual([[new URL(world.authUrl).hostname, true]])

  // Another browser profile holding the same passkey (as a synced passkey would be): no code, no mail.
  const other = await freshContext(browser, world)
  try {
    const second = await other.newPage()
    await second.goto('/')
    await openConnect(second)
    // The wallet's frame starts with the first request (here an email login, then Back); the
    // authenticator joins it before the passkey is asked for.
    await second.getByTestId('email-input').fill(email)
    await second.getByTestId('email-submit').click()
    // (A code or, for a browser new to the wallet, an approval link: either view will do.)
    await expect(second.locator('[data-testid="view-EmailVerifyOtp"], [data-testid="view-EmailVerifyDevice"]')).toBeVisible()
    await second.getByTestId('modal-back').click()
    const authenticator = await frameAuthenticator(second, `${world.authUrl}/frame`)
    await authenticator.cdp.send('WebAuthn.addCredential', { authenticatorId: authenticator.authenticatorId, credential: credentials[0] as never })
    const mailsBefore = (await mailTo(world, email)).length
    await second.getByTestId('email-passkey').click()
    await expect(second.getByTestId('demo-account')).toContainText('on eip155:')
    expect(await addressShown(second)).toBe(address)
    expect((await mailTo(world, email)).length).toBe(mailsBefore)

    // Sending most of the balance asks the passkey too, after the frame's approval: a session
    // alone (a stolen token) cannot empty the wallet. The authenticator answers; the send lands.
    const chain = createPublicClient({ transport: http(world.rpcUrls[31337]) })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const value = ((await chain.getBalance({ address })) * 3n) / 4n
    const signCount = async (): Promise<number> =>
      ((await authenticator.cdp.send('WebAuthn.getCredentials', { authenticatorId: authenticator.authenticatorId })) as { credentials: { signCount: number }[] }).credentials[0]!.signCount
    const countBefore = await signCount()
    const hash = second.evaluate(
      async ([from, to, amount]) => {
        const demo = (window as unknown as { walletgateDemo: { getProvider(n: string): Promise<{ request(a: { method: string; params: unknown[] }): Promise<string> }> } }).walletgateDemo
        const provider = await demo.getProvider('eip155')
        return provider.request({ method: 'eth_sendTransaction', params: [{ from, to, value: amount }] })
      },
      [address, receiver, `0x${value.toString(16)}`] as const,
    )
    await expect(frame(second).getByText('Approve transaction')).toBeVisible()
    await frame(second).getByTestId('frame-approve').click()
    expect(await hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect.poll(() => chain.getBalance({ address: receiver }), { timeout: 15_000 }).toBe(value)
    expect(await signCount()).toBeGreaterThan(countBefore)
  } finally {
    await other.close()
  }
})

test('update the email through both codes; the next login uses the new address and the same wallet', async ({ page, world, browser }) => {
  const before = fresh('old')
  const after = fresh('new')
  const address = await signIn(page, world, before)
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-update-email').click()
  await page.getByTestId('update-email-input').fill(after)
  await page.getByTestId('update-email-submit').click()
  await expect(page.getByTestId('view-UpdateEmailPrimaryOtp')).toBeVisible()
  await enterCode(page, await codeFrom(world, before, /email change code/))
  await expect(page.getByTestId('view-UpdateEmailSecondaryOtp')).toBeVisible()
  await enterCode(page, await codeFrom(world, after, /email change code/))
  await expect(page.getByTestId('view-Account')).toBeVisible()
  await expect(page.getByTestId('account-email-address')).toHaveText(after)

  const other = await freshContext(browser, world)
  try {
    const second = await other.newPage()
    // A new profile: the device approval first, then the code, both to the new address.
    await startEmailLogin(second, after)
    await expect(second.getByTestId('view-EmailVerifyOtp')).toBeVisible()
    let link: string | undefined
    await expect
      .poll(async () => (link = (await mailTo(world, after)).find((m) => /Approve this device/.test(m.subject))?.text.match(/https?:\/\/\S+token=[\w-]+/)?.[0]))
      .toBeTruthy()
    const mailPage = await other.newPage()
    await mailPage.goto(link!)
    await mailPage.getByRole('button', { name: 'Approve this device' }).click()
    await expect(mailPage.getByRole('heading', { name: 'Device approved' })).toBeVisible()
    await enterCode(second, await codeFrom(world, after, LOGIN_CODE))
    await expect(second.getByTestId('demo-account')).toContainText(address)
  } finally {
    await other.close()
  }
})

test('a malformed email, a wrong code, an expired code and a resend within 30 s each say so in the spec words and keep what was typed', async ({ page, world, pageProblems }) => {
  // Refused codes answer 400/429 in the frame, which Chromium logs as failed resources.
  dropExpectedNetworkErrors(pageProblems, /status of (400|429)/)
  await page.clock.install()
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('email-input').fill('ada@')
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('email-error')).toHaveText('Invalid email')
  await expect(page.getByTestId('email-input')).toHaveValue('ada@')

  const email = fresh('lin')
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  // The frame becomes ready 500 ms after it says so, on the test's clock.
  await runClockUntilVisible(page, 'view-EmailVerifyOtp')
  // Resend within 30 s: refused with the seconds left, counting down. Asked at once: the page's clock
  // also runs in real time, so the mailbox and the wrong code below would eat into the 30 s.
  await page.getByTestId('otp-resend').click()
  await expect(page.getByTestId('otp-cooldown')).toHaveText(/^Please try again after (29|30) seconds$/)
  await page.clock.runFor(10_000)
  await expect(page.getByTestId('otp-cooldown')).toHaveText(/^Please try again after (19|20) seconds$/)

  const code = await codeFrom(world, email, LOGIN_CODE)
  const wrong = code === '000000' ? '111111' : '000000'
  await enterCode(page, wrong)
  await expect(page.getByTestId('otp-error')).toHaveText('That code is not valid (2 attempts left)')
  for (let i = 0; i < 6; i++) await expect(page.getByTestId(`otp-box-${i}`)).toHaveValue(wrong[i]!)

  // The code expires on the service (aged by the devnet control, not by waiting 10 minutes).
  const aged = await fetch(`${world.authUrl}/devnet/age-code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, ms: 11 * 60_000 }) })
  expect(await aged.json()).toEqual({ aged: true })
  await enterCode(page, code)
  await expect(page.getByTestId('otp-error')).toHaveText('That code has expired; request a new one')
  await expect(page.getByTestId('otp-email')).toHaveText(email)

  // After the cooldown a new code comes, and it signs in.
  await page.clock.runFor(21_000)
  await expect(page.getByTestId('otp-cooldown')).toBeHidden()
  await page.getByTestId('otp-resend').click()
  await enterCode(page, await codeFrom(world, email, LOGIN_CODE, 1))
  await expect
    .poll(async () => {
      await page.clock.runFor(100)
      return page.getByTestId('demo-account').textContent()
    }, { timeout: 15_000 })
    .toContain('on eip155:')
})

test('an unreachable wallet frame shows "Network Error - Could not load embedded wallet" after 20 s on the test clock, keeping the email', async ({ page, world, pageProblems }) => {
  dropExpectedNetworkErrors(pageProblems, /ERR_FAILED|net::/)
  await page.route(`${world.authUrl}/frame**`, (route) => route.abort())
  await page.clock.install()
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  const email = fresh('offline')
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  // The frame's 20 s start when it is put on the page, once the email login's chunk has arrived
  // (real time, which the test clock does not wait for): the clock runs from there.
  await expect(page.locator('iframe[data-walletgate-frame]')).toBeAttached()
  await page.clock.runFor(19_000)
  await expect(page.getByTestId('alert')).toBeHidden()
  await page.clock.runFor(1_500)
  await expect(page.getByTestId('alert')).toContainText('Network Error - Could not load embedded wallet')
  await expect(page.getByTestId('email-error')).toHaveText('Network Error - Could not load embedded wallet')
  await expect(page.getByTestId('email-input')).toHaveValue(email)
})

test('with sign-in required, the embedded wallet signs the sign-in message while connecting, with no second prompt', async ({ page, world }) => {
  const email = fresh('siwx')
  await page.goto('/?siwx=server')
  await openConnect(page)
  await page.getByTestId('email-input').fill(email)
  await page.getByTestId('email-submit').click()
  await expect(page.getByTestId('view-EmailVerifyOtp')).toBeVisible()
  await enterCode(page, await codeFrom(world, email, LOGIN_CODE))
  await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
  // Neither the modal's sign view nor the wallet's confirmation was needed.
  await expect(page.getByTestId('view-SIWXSignMessage')).toBeHidden()
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
  const address = await addressShown(page)
  // The devnet's sign-in server holds the session for that address.
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(':siwx:server-tokens'))
    return (JSON.parse((key === undefined ? null : localStorage.getItem(key)) ?? '[]') as { token: string }[])[0]?.token ?? null
  })
  expect(token).not.toBeNull()
  const me = await fetch(`${world.serviceUrl}/auth/v1/me`, { headers: { authorization: `Bearer ${token}` } })
  expect(((await me.json()) as { address: string }).address.toLowerCase()).toBe(address.toLowerCase())
})
