import { defineConfig } from '@playwright/test'

/**
 * The e2e files that change nothing the first lane reads and read nothing it changes: they connect
 * EVM accounts 0 to 2 and check addresses, views and texts, never an EVM or Solana balance or nonce;
 * they set no fault in the devnet service (its fault list is one for everybody); they alone use the
 * Bitcoin, Polkadot and Cosmos devnet wallets and the packed examples.
 */
const E2E_VIEWS = ['a11y', 'bitcoin', 'connect', 'connect-layout', 'cosmos', 'demo', 'examples', 'i18n', 'polkadot', 'screens', 'shell'].map((f) => `**/${f}.e2e.ts`)
/** The e2e files that break the devnet for a moment (see the project below). */
const E2E_FAULTS = ['account', 'faults', 'networks'].map((f) => `**/${f}.e2e.ts`)

/**
 * End-to-end: Debian's Chromium (no browser download) against the production build of the demo,
 * served by `vite preview` with the strict CSP, on its own ports next to its own devnet.
 * One world (tests/e2e/support/e2e-world.ts) for the product's e2e suite (three projects: two
 * lanes side by side, then the faults alone) and the adversarial suite (tests/security: attacks a
 * hostile page, link or frame would run against a visitor); under `npm test` the vitest contract
 * project has run on its devnet first and put its EVM chains back. A new e2e file joins the first
 * lane unless it is listed below.
 */
export default defineConfig({
  projects: [
    // Files that send from devnet accounts, register names, buy, swap, log in, sign in, pair over the
    // relay or set faults in the devnet service. One worker: they share accounts, pools, the auth
    // service and the service's fault list, in file order.
    { name: 'e2e', testDir: 'tests/e2e', testMatch: '**/*.e2e.ts', testIgnore: [...E2E_VIEWS, ...E2E_FAULTS], workers: 1 },
    // Files that connect and look but change nothing another file reads: beside the first lane.
    { name: 'e2e-views', testDir: 'tests/e2e', testMatch: E2E_VIEWS, workers: 1 },
    // The attacks time clicks against the wallet frame's 500 ms arming: on a machine the lanes keep
    // busy they would time the machine. After the lanes, one file at a time.
    { name: 'security', testDir: 'tests/security', testMatch: '**/*.attack.ts', workers: 1, dependencies: ['e2e', 'e2e-views'] },
    // Files that kill Devnet A's RPC proxy or Devnet B, or revert Devnet B to a snapshot: every
    // open page would feel it, so they run alone, last. (`npm test` runs these two projects in a
    // second Playwright run with --no-deps, so a failure in a lane does not skip them.)
    { name: 'e2e-faults', testDir: 'tests/e2e', testMatch: E2E_FAULTS, workers: 1, dependencies: ['security'] },
  ],
  outputDir: process.env.WALLETGATE_E2E_OUTPUT ?? 'test-results/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  // Two lanes at once (each project takes one worker), on the one devnet the global setup starts.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: process.env.WALLETGATE_E2E_REPORT ?? 'test-results/e2e-results.json' }]],
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
