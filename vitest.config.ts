import { defineConfig } from 'vitest/config'

// Five projects; e2e runs through Playwright (scripts/test.mjs), not vitest.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        test: {
          name: 'property',
          include: ['tests/property/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // The size budget and package scripts and the bench's helpers (plain .mjs, run in Node).
          name: 'size',
          include: ['tests/size/**/*.test.mjs', 'tests/package/**/*.test.mjs'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          // walletgate-server's own tests (server/): on PGlite in the process, and on a throwaway
          // PostgreSQL cluster that the project starts and removes (server/test/global-setup.ts).
          name: 'server',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'contract',
          // The adversarial suite's browserless attacks (tests/security) share the contract project's devnet.
          include: ['tests/contract/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['tests/setup.ts'],
          globalSetup: ['tests/contract/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
