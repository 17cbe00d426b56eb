/**
 * The page side of chain-family.browser.test.ts, shared by every wing's page entry (page/<ns>.ts):
 * runs one case, by name, against a fresh world the entry builds, and reports how it went. Each
 * case gets a page of its own (a fresh browser context), so a world is built once per page.
 */
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../../../../src/domain/entities'
import { chainFamilyCases, type ChainFamilyWorld, type ContractWallet } from '../chain-family.cases'

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

export interface ScriptedPerson extends Pick<ContractWallet, 'declineNext' | 'pendingNext' | 'prompts'> {
  /** What a demo wallet's options take from the person (its state is kept nowhere). */
  readonly gate: {
    readonly approver: { ask(): Promise<boolean>; dismissAll(): void }
    readonly mode: () => 'manual' | 'pending'
    readonly persist: () => void
  }
}

/** The icon the page's wallets show. */
export const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'

/** The wallet as the cases drive it: its own hooks, and the person's answers. */
export function contractWallet(person: ScriptedPerson, wallet: Omit<ContractWallet, 'declineNext' | 'pendingNext' | 'prompts'>): ContractWallet {
  return { ...wallet, declineNext: person.declineNext, pendingNext: person.pendingNext, prompts: person.prompts }
}

/** The family's own signature check, which the test exposes to the page from Node (`verifyMessage`). */
export function verifyInNode(address: string, message: string, signature: string): Promise<boolean> {
  const verify = (globalThis as unknown as { verifyMessage: (a: string, m: string, s: string) => Promise<boolean> }).verifyMessage
  return verify(address, message, signature)
}

/**
 * The person behind a demo wallet that asks through an approval gate (demo/src/dev-wallet/approval-gate.ts):
 * approves whatever is asked unless the case scripted a decline; `pendingNext` makes the wallet
 * find a request already waiting (its own refusal, in its family's words).
 */
export function scriptedPerson(): ScriptedPerson {
  const declines: true[] = []
  let pending = false
  let prompts = 0
  return {
    gate: {
      approver: {
        ask() {
          prompts++
          return Promise.resolve(declines.shift() === undefined)
        },
        dismissAll: () => undefined,
      },
      // Read once by each request that would ask the person.
      mode() {
        if (!pending) return 'manual'
        pending = false
        return 'pending'
      },
      persist: () => undefined,
    },
    declineNext: () => void declines.push(true),
    pendingNext: () => void (pending = true),
    prompts: () => prompts,
  }
}

/** A configured network of a family, as a host configures it. */
export function networkOf(
  caipNetworkId: CaipNetworkId,
  name: string,
  nativeCurrency: CaipNetwork['nativeCurrency'],
  rpcUrls: string[] = [],
): CaipNetwork {
  const colon = caipNetworkId.indexOf(':')
  return {
    id: caipNetworkId.slice(colon + 1),
    caipNetworkId,
    chainNamespace: caipNetworkId.slice(0, colon) as ChainNamespace,
    name,
    nativeCurrency,
    rpcUrls,
  }
}
