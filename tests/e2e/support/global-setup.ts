import { startE2eWorld } from './e2e-world'
import { SHARED_WORLD_ENV } from './world'

/**
 * Playwright's global setup: the world of one run (see e2e-world.ts), handed to every test
 * through WALLETGATE_E2E. `npm test` starts that world once for its two Playwright runs (the lanes,
 * then the faults alone: scripts/test.mjs) and says so with WALLETGATE_E2E_SHARED; a run started
 * by hand (`npx playwright test`) starts its own.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (process.env[SHARED_WORLD_ENV] === '1' && process.env.WALLETGATE_E2E !== undefined) return async () => undefined
  const running = await startE2eWorld()
  process.env.WALLETGATE_E2E = JSON.stringify(running.world)
  return () => running.stop()
}
