/**
 * The KeyValueStorage contract against BrowserKeyValueStorage in Debian's Chromium: the adapter
 * and the cases are bundled with esbuild and served to a page on a routed origin (no server), and
 * each case runs in its own browser context and reports as its own test.
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { bundleAndLaunch } from '../support/chromium'
import type { CaseOutcome } from './browser-entry'
import { keyValueStorageCases } from './key-value-storage.cases'

const ORIGIN = 'http://storage-contract.localhost'

describe('KeyValueStorage contract: BrowserKeyValueStorage in Chromium', () => {
  let browser: Browser
  let script: string
  let context: BrowserContext | undefined

  beforeAll(async () => {
    ;({ script, browser } = await bundleAndLaunch(new URL('./browser-entry.ts', import.meta.url)))
  })

  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  afterAll(async () => {
    await browser?.close()
  })

  for (const c of keyValueStorageCases) {
    it(c.name, async () => {
      // A context of its own: storage starts empty, and a full or blocked one ends with the case.
      context = await browser.newContext()
      await context.route(`${ORIGIN}/**`, (route) =>
        new URL(route.request().url()).pathname === '/contract.js'
          ? route.fulfill({ contentType: 'text/javascript', body: script })
          : route.fulfill({ contentType: 'text/html', body: '<!doctype html><script src="/contract.js"></script>' }),
      )
      const page = await context.newPage()
      await page.goto(`${ORIGIN}/`)
      const outcome = await page.evaluate(
        (name) =>
          (globalThis as unknown as { keyValueStorageContract: { run(n: string): Promise<CaseOutcome> } }).keyValueStorageContract.run(name),
        c.name,
      )
      expect(outcome).toEqual({ ok: true })
    })
  }
})
