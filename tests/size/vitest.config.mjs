// Runs the size-budget and bench-helper tests on their own:
//   npx vitest run --config tests/size/vitest.config.mjs
// (The same files can join the root config as a project: include 'tests/size/**/*.test.mjs'.)
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'size',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['tests/size/**/*.test.mjs'],
    environment: 'node',
    testTimeout: 30_000,
  },
})
