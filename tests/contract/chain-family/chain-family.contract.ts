/**
 * Runs the ChainFamily contract's cases (chain-family.cases.ts) under vitest, one test per case,
 * each on a fresh world.
 */
import { describe, it } from 'vitest'
import { chainFamilyCases, type ChainFamilyWorld } from './chain-family.cases'

export function chainFamilyContract(label: string, makeWorld: () => ChainFamilyWorld | Promise<ChainFamilyWorld>): void {
  describe(`ChainFamily contract: ${label}`, () => {
    for (const c of chainFamilyCases) {
      it(c.name, async () => {
        await c.run(await makeWorld())
      })
    }
  })
}
