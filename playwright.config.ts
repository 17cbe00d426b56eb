import { defineConfig } from '@playwright/test'

/**
 * End-to-end: Debian's Chromium (no browser download) against the production build of the demo,
 * served by `vite preview` with the strict CSP, on its own ports next to its own devnet.
 * Two projects on that one global setup: the product's e2e suite and the adversarial suite
 * (tests/security: attacks a hostile page, link or frame would run against a visitor).
 */
export default defineConfig({
  projects: [
    { name: 'e2e', testDir: 'tests/e2e', testMatch: '**/*.e2e.ts' },
    { name: 'security', testDir: 'tests/security', testMatch: '**/*.attack.ts' },
  ],
  outputDir: 'test-results/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    browserName: 'chromium',
    headless: true,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
})
