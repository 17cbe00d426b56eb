import { expect, snapshot, test } from './support/fixtures'

test.describe('modal shell', () => {
  test('the connect button opens the modal on Connect; Escape closes it and focus returns', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")

    const button = page.getByTestId('connect-button')
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog).toBeVisible()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await snapshot(page, 'shell-connect-dark')

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
  })

  test('the close button closes the modal and it opens again', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('modal-close').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
  })

  test('a plain HTML page mounts the modal inline and opens a second one as an overlay', async ({ page }) => {
    await page.goto('/plain.html')
    const inline = page.locator('#inline-modal').getByTestId('view-Connect')
    await expect(inline).toBeVisible()
    await page.getByTestId('plain-open').click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await snapshot(page, 'shell-plain-html')
  })
})
