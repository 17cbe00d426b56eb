import { defineConfig } from 'vitest/config'

/**
 * The fault and load suite (tests/scale): one file, one world of child processes, run alone.
 * `npx vitest run --config tests/scale/vitest.config.ts`
 */
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/scale/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
    teardownTimeout: 30_000,
  },
})
