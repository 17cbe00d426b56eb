/**
 * The modal in every language it ships, on a 360 px phone: Connect, Account and Send neither
 * overflow their sheet nor clip a text (screenshots of each in Arabic, Japanese and German land in
 * test-results/screenshots/i18n-*). One page and one devnet for all: each language is a reload
 * with `?lang=`. Then a switch of language at run time keeps what was typed, Arabic lays out right
 * to left, and axe finds no serious violation in Arabic and Japanese.
 */
import type { Page } from '@playwright/test'
import { seriousViolations } from './support/axe'
import { DEVNET_WALLET_RDNS, initDevWallet } from './support/dev-wallet'
import { expect, snapshot, test } from './support/fixtures'
import ar from '../../src/presentation/i18n/locales/ar'
import de from '../../src/presentation/i18n/locales/de'
import ja from '../../src/presentation/i18n/locales/ja'
import { en, type Translation } from '../../src/presentation/i18n/catalogue'
import { LANGUAGES } from '../../src/presentation/i18n/languages'

interface DemoWindow {
  walletgateDemo: { open(options?: { view?: string }): Promise<void>; close(): void; setLocale(locale: string): void }
}

const SCREENSHOTS = new Set(['ar', 'ja', 'de'])

/** Waits for the modal's finite animations to end (spinners run for ever and are left running). */
function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const root = document.querySelector('[data-walletgate]')?.shadowRoot
    const finite = (root?.getAnimations() ?? []).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
  })
}

/**
 * What in the modal is wider than its sheet (the dialog, the panel, any scroller), sticks out of
 * the panel, or is a text cut short (an element whose text is wider than its box and does not
 * show the rest). Data (names, addresses, amounts: `data-i18n-data`) may be shortened with an
 * ellipsis; a translated text may not.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-walletgate]')?.shadowRoot
    const panel = root?.querySelector<HTMLElement>('[data-testid="modal-panel"]')
    if (root === undefined || root === null || panel === null || panel === undefined) return ['no modal panel']
    const name = (el: Element) => el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}.${String(el.className)}`
    const problems: string[] = []
    const dialog = panel.closest('dialog')
    for (const box of [dialog, panel]) if (box !== null && box.scrollWidth > box.clientWidth) problems.push(`wide ${name(box)} ${box.scrollWidth}>${box.clientWidth}`)
    const edge = panel.getBoundingClientRect()
    for (const el of panel.querySelectorAll<HTMLElement>('*')) {
      const style = getComputedStyle(el)
      const rect = el.getBoundingClientRect()
      if (style.display === 'none' || style.visibility === 'hidden' || rect.width === 0 || el.closest('.wg-visually-hidden') !== null) continue
      if (/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth) problems.push(`scrolls sideways ${name(el)}`)
      if (rect.left < edge.left - 1 || rect.right > edge.right + 1) problems.push(`sticks out ${name(el)} ${Math.round(rect.left)}..${Math.round(rect.right)}`)
      const hasText = Array.from(el.childNodes).some((n) => n.nodeType === 3 && (n.textContent ?? '').trim() !== '')
      const data = el.closest('[data-i18n-data]') !== null
      const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis' || style.whiteSpace === 'nowrap'
      if (hasText && !data && clips && el.tagName !== 'SELECT' && el.tagName !== 'OPTION' && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`clipped ${name(el)}: ${(el.textContent ?? '').trim().slice(0, 40)}`)
      }
    }
    return problems
  })
}

async function openView(page: Page, view: string): Promise<void> {
  await page.evaluate((v) => (window as unknown as DemoWindow).walletgateDemo.open({ view: v }), view)
  await expect(page.getByTestId(`view-${view}`)).toBeVisible()
}

/** The language's own title of a view (its catalogue), English where it has none. */
function title(language: string, key: 'title.Connect' | 'title.Account' | 'title.Send'): string {
  const own: Translation = language === 'ar' ? ar : language === 'de' ? de : language === 'ja' ? ja : {}
  return own[key] ?? en[key]
}

test('every language at 360 px: Connect, Account and Send neither overflow nor clip a text', async ({ page, world }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 360, height: 740 })
  await initDevWallet(page, { mode: 'approve' })
  for (const language of LANGUAGES) {
    // A fresh visit each time: disconnected, so Connect shows the wallets.
    await page.goto('/')
    await page.evaluate(() => localStorage.clear())
    await page.goto(`/?lang=${language}`)
    const check = async (view: string) => {
      await settled(page)
      await expect(page.getByTestId('modal')).toHaveAttribute('lang', language)
      expect(await layoutProblems(page), `${language} ${view}`).toEqual([])
      if (SCREENSHOTS.has(language)) await snapshot(page, `i18n-${language}-${view}`)
    }

    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`)).toBeVisible()
    if (language !== 'en') await expect(page.locator('.wg-title')).not.toHaveText(en['title.Connect'])
    if (SCREENSHOTS.has(language)) await expect(page.locator('.wg-title')).toHaveText(title(language, 'title.Connect'))
    await check('Connect')

    await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
    await openView(page, 'Account')
    await expect(page.getByTestId('token-dUSD')).toBeVisible()
    if (SCREENSHOTS.has(language)) await expect(page.locator('.wg-title')).toHaveText(title(language, 'title.Account'))
    await check('Account')

    await openView(page, 'Send')
    const token = page.getByTestId('send-token')
    await expect(token.locator('option', { hasText: 'ETH' }).first()).toBeAttached()
    await token.selectOption({ index: 1 })
    await page.getByTestId('send-amount').fill('1')
    await page.getByTestId('send-receiver').fill(world.accounts[1]!.address)
    if (SCREENSHOTS.has(language)) await expect(page.locator('.wg-title')).toHaveText(title(language, 'title.Send'))
    await check('Send')
    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.close())
  }
})

test('switching the language at run time redraws the open modal and keeps what was typed; amounts read the new way', async ({ page, world }) => {
  await initDevWallet(page, { mode: 'approve' })
  await page.goto('/?lang=en')
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
  await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
  await openView(page, 'Send')
  const token = page.getByTestId('send-token')
  await token.selectOption({ label: (await token.locator('option', { hasText: 'ETH ·' }).first().textContent()) ?? '' })
  await page.getByTestId('send-amount').fill('0,25')
  await page.getByTestId('send-receiver').fill(world.accounts[1]!.address)
  await expect(page.locator('.wg-title')).toHaveText('Send')

  await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.setLocale('de-DE'))
  await expect(page.locator('.wg-title')).toHaveText(de['title.Send'] ?? '')
  await expect(page.getByTestId('send-review')).toHaveText(de['send.review'] ?? '')
  await expect(page.getByTestId('send-amount')).toHaveValue('0,25')
  await expect(page.getByTestId('send-receiver')).toHaveValue(world.accounts[1]!.address)
  // In German "0,25" is a quarter: the review shows it the German way.
  await page.getByTestId('send-review').click()
  await expect(page.getByTestId('send-preview-amount')).toHaveText('0,25 ETH')

  await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.setLocale('ar'))
  await expect(page.locator('.wg-title')).toHaveText(ar['title.SendPreview'] ?? '')
  await expect(page.getByTestId('modal')).toHaveAttribute('dir', 'rtl')
  await page.getByTestId('send-edit').click()
  await expect(page.getByTestId('send-amount')).toHaveValue('0,25')
})

test('Arabic lays out right to left (close on the left, back arrow turned), and axe finds nothing serious in Arabic and Japanese', async ({ page, world }) => {
  await initDevWallet(page, { mode: 'approve' })
  await page.goto('/?lang=ar')
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`)).toBeVisible()
  await expect(page.getByTestId('modal')).toHaveAttribute('dir', 'rtl')
  // Only the modal turns: the host page keeps its own direction.
  expect(await page.evaluate(() => document.documentElement.dir)).toBe('')
  const close = await page.getByTestId('modal-close').boundingBox()
  const heading = await page.locator('.wg-title').boundingBox()
  expect(close !== null && heading !== null && close.x + close.width <= heading.x + 1).toBe(true)
  expect(await seriousViolations(page)).toEqual([])

  await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
  await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
  await openView(page, 'Account')
  await expect(page.getByTestId('token-dUSD')).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  // Addresses and amounts read left to right inside the Arabic text.
  expect(await page.getByTestId('account-address').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr')
  await page.getByTestId('account-send').click()
  await expect(page.getByTestId('view-Send')).toBeVisible()
  const back = page.getByTestId('modal-back')
  const arrow = await back.locator('span').evaluate((el) => getComputedStyle(el).transform)
  expect(arrow).toBe('matrix(-1, 0, 0, 1, 0, 0)')
  const backBox = await back.boundingBox()
  const headingNow = await page.locator('.wg-title').boundingBox()
  expect(backBox !== null && headingNow !== null && backBox.x >= headingNow.x + headingNow.width - 1).toBe(true)

  await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.setLocale('ja'))
  await expect(page.getByTestId('modal')).toHaveAttribute('dir', 'ltr')
  await expect(page.locator('.wg-title')).toHaveText(ja['title.Send'] ?? '')
  expect(await seriousViolations(page)).toEqual([])
  await openView(page, 'Account')
  expect(await seriousViolations(page)).toEqual([])
})
