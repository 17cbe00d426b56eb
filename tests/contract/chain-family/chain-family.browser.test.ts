/**
 * The ChainFamily contract against the real wings in Debian's Chromium, each over a wallet of its
 * family on the page (page/<namespace>.ts): eip155 over an EIP-6963 wallet on the contract
 * devnet's Hardhat chain. Each wing's page entry is bundled with esbuild and served to a
 * page on a routed origin (no server); the page's RPC calls go to that origin and are forwarded to
 * the devnet, so the page needs no CORS. Each case runs in its own browser context and reports as
 * its own test; a wing runs the cases chain-family.wings.ts says it can, and prints its count.
 * Signatures are checked in Node, with each family's own verifier (viem's for eip155).
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { createPublicClient, http, parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest'
import type { DevnetInfo } from '../../../devnet/src/index'
import { bundle, launchChromium } from '../support/chromium'
import { wingCases } from './chain-family.contract'
import { WINGS } from './chain-family.wings'
import type { CaseOutcome, PageSetup } from './page/runner'

const ORIGIN = 'http://chain-family-contract.localhost'

/** How one wing's page is made: its entry, what the test prepares for it, and its signature check. */
interface WingPage {
  readonly entry: URL
  /** Done once per wing, before its cases (fresh funded accounts, keys...). */
  setup(devnet: DevnetInfo): Promise<PageSetup>
  /** Whether `signature` is `address`'s signature of `message`; false for anything malformed. */
  verify(address: string, message: string, signature: string): Promise<boolean>
}

const PAGES: Readonly<Record<string, WingPage>> = {
  eip155: {
    entry: new URL('./page/eip155.ts', import.meta.url),
    async setup(devnet) {
      // Fresh accounts for this run, funded on Devnet A: no other contract test sends from them.
      const keys = [generatePrivateKey(), generatePrivateKey()]
      const chainA = createPublicClient({ transport: http(devnet.rpcUrls[31337]!, { retryCount: 0 }) })
      for (const key of keys) {
        await chainA.request({ method: 'hardhat_setBalance', params: [privateKeyToAccount(key).address, toHex(parseEther('100'))] } as never)
      }
      return { keys, receiver: privateKeyToAccount(generatePrivateKey()).address }
    },
    verify: (address, message, signature) => verifyMessage({ address: address as Hex, message, signature: signature as Hex }),
  },
}

const devnet = inject('devnet')
let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

for (const wing of WINGS) {
  describe(`ChainFamily contract: the ${wing.label} wing over a wallet of its family, in Chromium`, () => {
    const page = PAGES[wing.label]
    if (page === undefined) throw new Error(`no page for the ${wing.label} wing`)
    let script: string
    let setup: PageSetup
    let context: BrowserContext | undefined

    beforeAll(async () => {
      ;[script, setup] = await Promise.all([bundle(page.entry), page.setup(devnet)])
    })

    afterEach(async () => {
      await context?.close()
      context = undefined
    })

    wingCases(wing, async (c) => {
      // A context of its own: a fresh wallet that never authorised the site.
      context = await browser.newContext()
      await context.exposeFunction('verifyMessage', (address: string, message: string, signature: string) => page.verify(address, message, signature))
      await context.route(`${ORIGIN}/**`, async (route) => {
        const path = new URL(route.request().url()).pathname
        const rpc = /^\/rpc\/(\d+)$/.exec(path)
        if (rpc) {
          const target = devnet.rpcUrls[Number(rpc[1])]
          if (target === undefined) return route.fulfill({ status: 404, body: 'no such chain' })
          return route.fulfill({ response: await route.fetch({ url: target }) })
        }
        return path === '/contract.js'
          ? route.fulfill({ contentType: 'text/javascript', body: script })
          : route.fulfill({ contentType: 'text/html', body: '<!doctype html><script src="/contract.js"></script>' })
      })
      const tab = await context.newPage()
      await tab.goto(`${ORIGIN}/`)
      const outcome = await tab.evaluate(
        ([name, pageSetup]) =>
          (
            globalThis as unknown as { chainFamilyContract: { run(n: string, s: PageSetup): Promise<CaseOutcome> } }
          ).chainFamilyContract.run(name, pageSetup),
        [c.name, setup] as const,
      )
      expect(outcome).toEqual({ ok: true })
    })
  })
}
