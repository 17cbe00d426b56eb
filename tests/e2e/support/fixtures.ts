import { mkdirSync } from 'node:fs'
import { test as base, expect, type Page } from '@playwright/test'
import { world, type E2eWorld } from './world'

export interface Fixtures {
  world: E2eWorld
  /** Every console error and uncaught page error of the test; asserted empty after it. */
  pageProblems: string[]
}

export const test = base.extend<Fixtures>({
  world: async ({}, use) => {
    await use(world())
  },
  baseURL: async ({}, use) => {
    await use(world().baseUrl)
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console.error: ${message.text()}`)
      })
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
      await use(problems)
      expect(problems, 'no console errors or page errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

const SCREENSHOT_DIR = 'test-results/screenshots'

/** Saves a screenshot with the results (test-results/screenshots/<name>.png). */
export async function snapshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` })
}
