/** The demo page's theme, for the e2e files that check both (axe judges contrast in each). */
import type { Page } from '@playwright/test'
import { expect } from './fixtures'

/** Sets the demo's theme with its toggle (outside the modal: call it while the modal is closed). */
export async function setTheme(page: Page, mode: 'dark' | 'light'): Promise<void> {
  const toggle = page.getByTestId('theme-toggle')
  if (!(await toggle.textContent())?.includes(mode)) await toggle.click()
  await expect(toggle).toContainText(mode)
}
