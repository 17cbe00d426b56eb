/**
 * The ChainFamily contract against every real wing in Debian's Chromium, each over a wallet of its
 * family on the page (page/<namespace>.ts): eip155 over an EIP-6963 wallet on the contract
 * devnet's Anvil chain, solana over a Wallet Standard wallet on its Solana chain, bip122 over a
 * Wallet Standard Bitcoin wallet, polkadot over an injected extension, cosmos over a Keplr-style
 * wallet (the demo's dev wallets). Each wing's page entry is bundled with esbuild and served to a
 * page on a routed origin (no server); the page's RPC calls go to that origin and are forwarded to
 * the devnet, so the page needs no CORS. Each case runs in its own browser context and reports as
 * its own test; a wing runs the cases chain-family.wings.ts says it can, and prints its count.
 * Signatures are checked in Node, with each family's own verifier.
 */
import { ed25519 } from '@noble/curves/ed25519'
import { Secp256k1HdWallet } from '@cosmjs/amino'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { Keypair } from '@solana/web3.js'
import type { Browser, BrowserContext } from 'playwright-core'
import { createPublicClient, http, parseEther, toHex, verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, inject } from 'vitest'
import type { DevnetInfo } from '../../../devnet/src/index'
import { base58Decode, base58Encode } from '../../../src/domain/format/base58'
import { verifyBip322 } from '../../../src/infrastructure/chains/bip122/siwx/bip322-siwx-messenger'
import { verifyAdr36 } from '../../../src/infrastructure/chains/cosmos/siwx/cosmos-siwx-messenger'
import { bundle, launchChromium } from '../support/chromium'
import { wingCases } from './chain-family.contract'
import { WINGS } from './chain-family.wings'
import type { CaseOutcome, PageSetup } from './page/runner'

// On the project's devnet: balances of fresh keys on Devnet A and SOL airdropped to fresh Solana keys.
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
        await chainA.request({ method: 'anvil_setBalance', params: [privateKeyToAccount(key).address, toHex(parseEther('100'))] } as never)
      }
      return { keys, receiver: privateKeyToAccount(generatePrivateKey()).address }
    },
    verify: (address, message, signature) => verifyMessage({ address: address as Hex, message, signature: signature as Hex }),
  },
  solana: {
    entry: new URL('./page/solana.ts', import.meta.url),
    async setup(devnet) {
      // Fresh accounts for this run, funded on the devnet's Solana chain; the receiver holds
      // lamports already (a transfer to a new account must cover its rent).
      const [first, second, receiver] = [Keypair.generate(), Keypair.generate(), Keypair.generate()]
      for (const [account, sol] of [[first, 10], [second, 10], [receiver, 1]] as const) {
        await solanaRpc(devnet, 'requestAirdrop', [account.publicKey.toBase58(), sol * 1_000_000_000])
      }
      return { secretKeys: [first, second].map((k) => base58Encode(k.secretKey)), receiver: receiver.publicKey.toBase58() }
    },
    verify: (address, message, signature) =>
      checked(() => ed25519.verify(base58Decode(signature), new TextEncoder().encode(message), base58Decode(address))),
  },
  bip122: {
    entry: new URL('./page/bip122.ts', import.meta.url),
    setup: () => Promise.resolve({}),
    verify: (address, message, signature) => checked(() => verifyBip322(address, message, signature)),
  },
  polkadot: {
    entry: new URL('./page/polkadot.ts', import.meta.url),
    async setup() {
      await cryptoWaitReady()
      return {}
    },
    verify: (address, message, signature) => checked(() => signatureVerify(message, signature, address).isValid),
  },
  cosmos: {
    entry: new URL('./page/cosmos.ts', import.meta.url),
    async setup() {
      const other = await Secp256k1HdWallet.generate(12, { prefix: 'cosmos' })
      const [account] = await other.getAccounts()
      return { otherMnemonic: other.mnemonic, otherAddress: account!.address }
    },
    verify: (address, message, signature) => verifyAdr36(address, message, signature),
  },
}

async function solanaRpc(devnet: DevnetInfo, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(devnet.solanaRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error !== undefined) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

function checked(verify: () => boolean): Promise<boolean> {
  try {
    return Promise.resolve(verify())
  } catch {
    return Promise.resolve(false)
  }
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
        const rpc = /^\/rpc\/(\w+)$/.exec(path)
        if (rpc) {
          const target = rpc[1] === 'solana' ? devnet.solanaRpcUrl : devnet.rpcUrls[Number(rpc[1])]
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
