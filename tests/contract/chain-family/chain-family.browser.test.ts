/**
 * The ChainFamily contract against the real eip155 wing in Debian's Chromium: Eip155ChainFamily
 * over Eip6963EvmWallets and a wallet announced through EIP-6963 that signs with devnet keys and
 * sends to the contract devnet's Hardhat chain. The wing, the wallet and the cases are bundled
 * with esbuild and served to a page on a routed origin (no server); the page's RPC calls go to
 * that origin and are forwarded to the devnet, so the page needs no CORS. Each case runs in its
 * own browser context and reports as its own test. Signatures are verified in Node with viem.
 */
import type { Browser, BrowserContext } from 'playwright-core'
import { createPublicClient, http, parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { bundleAndLaunch } from '../support/chromium'
import type { CaseOutcome, PageSetup } from './browser-entry'
import { chainFamilyCases } from './chain-family.cases'

const ORIGIN = 'http://chain-family-contract.localhost'

describe('ChainFamily contract: Eip155ChainFamily over an EIP-6963 wallet on the devnet, in Chromium', () => {
  const devnet = inject('devnet')
  let browser: Browser
  let script: string
  let context: BrowserContext | undefined
  let setup: PageSetup

  beforeAll(async () => {
    // Fresh accounts for this run, funded on Devnet A: no other contract test sends from them.
    const keys = [generatePrivateKey(), generatePrivateKey()]
    const chainA = createPublicClient({ transport: http(devnet.rpcUrls[31337]!, { retryCount: 0 }) })
    for (const key of keys) {
      await chainA.request({
        method: 'hardhat_setBalance',
        params: [privateKeyToAccount(key).address, toHex(parseEther('100'))],
      } as never)
    }
    setup = { keys, receiver: privateKeyToAccount(generatePrivateKey()).address }

    ;({ script, browser } = await bundleAndLaunch(new URL('./browser-entry.ts', import.meta.url)))
  })

  afterEach(async () => {
    await context?.close()
    context = undefined
  })

  afterAll(async () => {
    await browser?.close()
  })

  for (const c of chainFamilyCases) {
    it(c.name, async () => {
      // A context of its own: a fresh wallet that never authorised the site.
      context = await browser.newContext()
      await context.exposeFunction('verifyEip155Message', (address: Hex, message: string, signature: Hex) =>
        verifyMessage({ address, message, signature }),
      )
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
      const page = await context.newPage()
      await page.goto(`${ORIGIN}/`)
      const outcome = await page.evaluate(
        ([name, pageSetup]) =>
          (
            globalThis as unknown as { chainFamilyContract: { run(n: string, s: PageSetup): Promise<CaseOutcome> } }
          ).chainFamilyContract.run(name, pageSetup),
        [c.name, setup] as const,
      )
      expect(outcome).toEqual({ ok: true })
    })
  }
})
