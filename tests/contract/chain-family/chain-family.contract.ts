/**
 * Runs the ChainFamily contract's cases (chain-family.cases.ts) under vitest, one test per case the
 * wing runs (chain-family.wings.ts), each on a fresh world; a known failure runs as a test that
 * must fail. Prints the wing's count line once its cases ran.
 */
import { afterAll, describe, it } from 'vitest'
import type { ChainFamilyCase } from './chain-family.cases'
import { countLine, planOf, type WingDeclaration } from './chain-family.wings'

/** Registers one test per case `wing` runs; `run` runs one case against a fresh world of the wing. */
export function wingCases(wing: WingDeclaration, run: (c: ChainFamilyCase) => Promise<void>): void {
  const plan = planOf(wing)
  for (const c of plan.run) {
    if (plan.knownFailures[c.name] === undefined) it(c.name, () => run(c))
    else it.fails(`${c.name} [known failure: ${plan.knownFailures[c.name]}]`, () => run(c))
  }
  afterAll(() => {
    console.log(countLine(wing, plan))
  })
}

export function chainFamilyContract(
  wing: WingDeclaration,
  label: string,
  makeWorld: () => Parameters<ChainFamilyCase['run']>[0] | Promise<Parameters<ChainFamilyCase['run']>[0]>,
): void {
  describe(`ChainFamily contract: ${label}`, () => {
    wingCases(wing, async (c) => c.run(await makeWorld()))
  })
}
