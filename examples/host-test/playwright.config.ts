import { defineConfig } from '@playwright/test'

// A host's own Playwright config, as short as it can be. Point `baseURL` at your app (or start it
// with `webServer`); the test starts its own devnet through walletgate/testing.
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  timeout: 120_000,
  workers: 1,
  reporter: 'list',
  use: {
    baseURL: process.env.HOST_URL ?? 'http://127.0.0.1:5173',
    // Playwright's own Chromium by default; a system one when CHROMIUM_PATH names it.
    ...(process.env.CHROMIUM_PATH ? { launchOptions: { executablePath: process.env.CHROMIUM_PATH } } : {}),
  },
})
