/**
 * The ChainFamily contract's plan (chain-family.wings.ts) holds together: every family has a wing
 * in it, every wing runs every core case (connect, reconnect, disconnect, events, sign), each
 * capability is exercised by some case, and what a wing does not run is said, not skipped.
 */
import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from '../../../src/domain/entities'
import { CORE_CAPABILITIES, chainFamilyCases, type Capability } from './chain-family.cases'
import { FAKE_WING, WINGS, missingCore, planOf } from './chain-family.wings'

const EVERY_WING = [FAKE_WING, ...WINGS]
const coreCases = chainFamilyCases.filter((c) => c.requires.every((r) => CORE_CAPABILITIES.includes(r)))

describe('ChainFamily contract: which cases each wing runs', () => {
  it('has one wing for each chain family', () => {
    expect(WINGS.map((w) => w.label).sort()).toEqual([...CHAIN_NAMESPACES].sort())
  })

  it('has core cases for each core capability', () => {
    for (const capability of CORE_CAPABILITIES) {
      expect(coreCases.filter((c) => c.requires.includes(capability)).map((c) => c.name), capability).not.toEqual([])
    }
  })

  it.each(EVERY_WING.map((w) => [w.label, w] as const))('%s declares the core capabilities and runs every core case', (_, wing) => {
    expect(missingCore(wing)).toEqual([])
    const run = new Set(planOf(wing).run)
    expect(coreCases.filter((c) => !run.has(c)).map((c) => c.name)).toEqual([])
  })

  it.each(EVERY_WING.map((w) => [w.label, w] as const))('%s says why for each capability it lacks, and its known failures are cases it runs', (_, wing) => {
    for (const [capability, has] of Object.entries(wing.capabilities)) {
      if (has !== true) expect(has.trim().length, `${wing.label} lacks ${capability} without a reason`).toBeGreaterThan(10)
    }
    const plan = planOf(wing)
    expect(plan.run.length + plan.notApplicable.length).toBe(chainFamilyCases.length)
    const runs = new Set(plan.run.map((c) => c.name))
    expect(Object.keys(plan.knownFailures).filter((name) => !runs.has(name))).toEqual([])
  })

  it('exercises every capability in some case, and each case names what it requires', () => {
    const required = new Set<Capability>(chainFamilyCases.flatMap((c) => c.requires))
    expect([...Object.keys(FAKE_WING.capabilities)].filter((c) => !required.has(c as Capability))).toEqual([])
    expect(chainFamilyCases.filter((c) => c.requires.length === 0).map((c) => c.name)).toEqual([])
  })
})
