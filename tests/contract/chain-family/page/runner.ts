/**
 * The page side of chain-family.browser.test.ts, shared by every wing's page entry (page/<ns>.ts):
 * runs one case, by name, against a fresh world the entry builds, and reports how it went. Each
 * case gets a page of its own (a fresh browser context), so a world is built once per page.
 */
import { chainFamilyCases, type ChainFamilyWorld } from '../chain-family.cases'

export type CaseOutcome = { ok: true } | { ok: false; message: string }

/** What the test hands the page, per wing (keys funded on the devnet, a receiver...). */
export type PageSetup = object

/** Makes `makeWorld` the world of this page's cases (`globalThis.chainFamilyContract.run`). */
export function serveCases<S extends PageSetup>(makeWorld: (setup: S) => ChainFamilyWorld | Promise<ChainFamilyWorld>): void {
  async function run(name: string, setup: S): Promise<CaseOutcome> {
    const found = chainFamilyCases.find((c) => c.name === name)
    if (found === undefined) return { ok: false, message: `no case named ${name}` }
    try {
      await found.run(await makeWorld(setup))
      return { ok: true }
    } catch (error) {
      return { ok: false, message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }
    }
  }
  ;(globalThis as unknown as { chainFamilyContract: { run: typeof run } }).chainFamilyContract = { run }
}

/** The family's own signature check, which the test exposes to the page from Node (`verifyMessage`). */
export function verifyInNode(address: string, message: string, signature: string): Promise<boolean> {
  const verify = (globalThis as unknown as { verifyMessage: (a: string, m: string, s: string) => Promise<boolean> }).verifyMessage
  return verify(address, message, signature)
}
