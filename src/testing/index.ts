/**
 * `walletgate/testing`: what a host's own Playwright tests need to drive the modal against a local
 * devnet. Node side only; nothing here loads into the host's page bundle.
 *
 *  - `startDevnet()`: the EVM devnet chains and the blockchain service on 127.0.0.1 (Solana and the
 *    WalletConnect relay on request). Anvil (@foundry-rs/anvil) and each part's packages are optional peer
 *    dependencies: a missing one is named, with the command that installs it.
 *  - `installTestWallet(page)`: a scriptable EIP-6963 wallet in the page (approve, reject, switch
 *    chain, change account, forget the site), signing with the devnet's funded keys.
 *  - `walletgate(page)`: locators for the modal's views, rows and buttons inside its shadow root.
 */
import { readFile } from 'node:fs/promises'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import type { StartTestDevnetOptions, TestChain, TestDevnetInfo, TestDevnetModule, TestWalletControl, TestWalletRequest, TestWalletSettings } from './types'

export type {
  StartTestDevnetOptions,
  TestAccount,
  TestChain,
  TestDevnetInfo,
  TestDevnetParts,
  TestDevnetPortName,
  TestWalletRequest,
  TestWalletSettings,
} from './types'

export interface TestDevnet extends TestDevnetInfo {
  /**
   * Carries the page's requests for the devnet's default addresses (127.0.0.1:8545, :8546, :8787,
   * and :8899 with Solana) to this devnet's ports, so an app built for `npm run devnet` talks to it.
   * (Playwright cannot carry a WebSocket to another port: with the relay, use `ports: 'default'`.)
   */
  route(target: BrowserContext | Page): Promise<void>
  /** The native balance of an address, in wei; default on Devnet A (31337). */
  balanceOf(address: string, chainId?: number): Promise<bigint>
  stop(): Promise<void>
}

/** The devnet bundle sits next to this file in dist/testing; a variable keeps bundlers from inlining it. */
const DEVNET_MODULE = './devnet.js'

/** Starts a devnet for a test run; `stop()` ends it and removes its data. */
export async function startDevnet(options: StartTestDevnetOptions = {}): Promise<TestDevnet> {
  const { startTestDevnet } = (await import(/* @vite-ignore */ DEVNET_MODULE)) as TestDevnetModule
  const core = await startTestDevnet(options)
  return {
    ...core,
    stop: () => core.stop(),
    route: (target) => routeDefaults(target, core.defaultOrigins),
    balanceOf: (address, chainId = core.chains[0]!.id) => nativeBalance(rpcUrlOf(core.chains, chainId), address),
  }
}

/** Sends the page's requests for each `from` origin to its `to` origin (HTTP; same origins are left alone). */
export async function routeDefaults(target: BrowserContext | Page, origins: Readonly<Record<string, string>>): Promise<void> {
  for (const [from, to] of Object.entries(origins)) {
    if (from === to || !from.startsWith('http')) continue
    await target.route(`${from}/**`, (route) => route.continue({ url: to + route.request().url().slice(from.length) }))
  }
}

/** The test devnet lacks what a test asked of it, or failed a read. */
export class DevnetError extends Error {
  override readonly name = 'DevnetError' as const
  constructor(
    readonly code: 'DEVNET_CHAIN_MISSING' | 'DEVNET_READ_FAILED',
    message: string,
  ) {
    super(message)
  }
}

function rpcUrlOf(chains: readonly TestChain[], chainId: number): string {
  const chain = chains.find((c) => c.id === chainId)
  if (chain === undefined) throw new DevnetError('DEVNET_CHAIN_MISSING', `this devnet has no chain ${chainId} (it has ${chains.map((c) => c.id).join(', ')})`)
  return chain.rpcUrl
}

async function nativeBalance(rpcUrl: string, address: string): Promise<bigint> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [address, 'latest'] }),
  })
  const body = (await response.json()) as { result?: string; error?: { message: string } }
  if (body.result === undefined) throw new DevnetError('DEVNET_READ_FAILED', `eth_getBalance failed: ${body.error?.message ?? response.status}`)
  return BigInt(body.result)
}

// ------------------------------------------------------------------ the test wallet

export interface TestWalletOptions extends TestWalletSettings {
  /** A devnet from `startDevnet()`: the wallet signs for its chains, at its ports, with its accounts. */
  devnet?: Pick<TestDevnetInfo, 'chains' | 'accounts'>
}

export interface TestWallet {
  /** The EIP-6963 name the modal lists it under. */
  readonly name: string
  readonly rdns: string
  /** Answer every request at once (true, the default) or wait for approve()/reject() (false). */
  setAutoApprove(on: boolean): Promise<void>
  /** Refuse every request at once (as a person clicking Reject each time). */
  rejectAll(): Promise<void>
  /** Waits for a request to wait for the person, then approves it; resolves with its method. */
  approve(): Promise<string>
  /** Waits for a request to wait for the person, then rejects it (EIP-1193 4001); resolves with its method. */
  reject(): Promise<string>
  /** The wallet moves itself to another chain and emits chainChanged. */
  switchChain(chainId: number): Promise<void>
  /** The wallet changes account (an index into its keys) and emits accountsChanged. */
  switchAccount(index: number): Promise<void>
  /** The wallet forgets the site and emits accountsChanged([]). */
  revoke(): Promise<void>
  address(): Promise<string>
  chainId(): Promise<number>
  /** Every request the page made, oldest first. */
  requests(): Promise<TestWalletRequest[]>
}

type WalletWindow = { __walletgateTestWallet?: TestWalletControl; __walletgateTestWalletSettings?: TestWalletSettings }

let walletScript: Promise<string> | undefined

/**
 * Puts the test wallet into the page before any of its scripts run (on every navigation of this
 * page), announced through EIP-6963. Call before `page.goto()`.
 */
export async function installTestWallet(page: Page, options: TestWalletOptions = {}): Promise<TestWallet> {
  const { devnet, ...own } = options
  const settings: TestWalletSettings = {
    ...(devnet ? { chains: devnet.chains.map(({ id, name, rpcUrl }) => ({ id, name, rpcUrl })), privateKeys: devnet.accounts.map((a) => a.privateKey) } : {}),
    ...own,
  }
  walletScript ??= readFile(new URL('./test-wallet.js', import.meta.url), 'utf8')
  await page.addInitScript((value) => {
    ;(window as WalletWindow).__walletgateTestWalletSettings = value
  }, settings)
  await page.addInitScript({ content: await walletScript })

  const ready = () => page.waitForFunction(() => (window as WalletWindow).__walletgateTestWallet !== undefined)
  /** Calls one of the wallet's commands in the page (by name: the page may forbid eval under its CSP). */
  const call = async (command: 'setMode' | 'moveToChain' | 'useAccount' | 'revoke', arg?: string | number): Promise<void> => {
    await ready()
    await page.evaluate(
      ([name, value]) => {
        const wallet = (window as WalletWindow).__walletgateTestWallet!
        ;(wallet[name] as (value: unknown) => void).call(wallet, value)
      },
      [command, arg] as const,
    )
  }
  const read = async <K extends 'address' | 'chainId' | 'requests'>(key: K): Promise<TestWalletControl[K]> => {
    await ready()
    return page.evaluate((name) => (window as WalletWindow).__walletgateTestWallet![name], key) as Promise<TestWalletControl[K]>
  }
  const answer = async (approved: boolean): Promise<string> => {
    await page.waitForFunction(() => ((window as WalletWindow).__walletgateTestWallet?.waiting.length ?? 0) > 0)
    return page.evaluate((yes) => {
      const wallet = (window as WalletWindow).__walletgateTestWallet!
      const method = wallet.waiting[0]!.method
      if (yes) wallet.approve()
      else wallet.reject()
      return method
    }, approved)
  }
  return {
    name: settings.name ?? 'Test Wallet',
    rdns: settings.rdns ?? 'dev.walletgate.test-wallet',
    setAutoApprove: (on) => call('setMode', on ? 'approve' : 'manual'),
    rejectAll: () => call('setMode', 'reject'),
    approve: () => answer(true),
    reject: () => answer(false),
    switchChain: (chainId) => call('moveToChain', chainId),
    switchAccount: (index) => call('useAccount', index),
    revoke: () => call('revoke'),
    address: () => read('address'),
    chainId: () => read('chainId'),
    requests: async () => [...(await read('requests'))],
  }
}

// ------------------------------------------------------------------ the modal's locators

/** The spec's view names, as the modal's `view-<name>` test ids carry them. */
export type ModalViewName =
  | 'Connect'
  | 'AllWallets'
  | 'ConnectingExternal'
  | 'Account'
  | 'Networks'
  | 'SwitchNetwork'
  | 'UnsupportedChain'
  | 'Send'
  | 'SendPreview'
  | 'ApproveTransaction'
  | 'WalletReceive'
  | 'SIWXSignMessage'
  | (string & {})

export interface WalletgateLocators {
  /** The modal's host element (its shadow root holds everything below). */
  readonly root: Locator
  /** A view by its spec name: `view('Connect')`. */
  view(name: ModalViewName): Locator
  /** A wallet's row by the name it is listed under. */
  walletRow(name: string): Locator
  /** A button of the modal by its accessible name. */
  button(name: string | RegExp): Locator
  /** Any element of the modal by its test id (`send-amount`, `snack`, ...). */
  byTestId(testId: string): Locator
  /** The snackbar's message. */
  readonly snack: Locator
  /** Chooses a token in the Send view by its symbol (its option reads "<symbol> · <n> available"). */
  chooseToken(symbol: string): Promise<void>
}

/**
 * The modal renders into an open shadow root; Playwright's CSS and role locators pierce open
 * shadow roots, so each locator here is scoped to the modal's host and finds what is inside.
 */
export function walletgate(page: Page): WalletgateLocators {
  const root = page.locator('[data-walletgate]')
  return {
    root,
    view: (name) => root.getByTestId(`view-${name}`),
    walletRow: (name) => root.locator('[data-testid^="wallet-"]').filter({ hasText: name }).first(),
    button: (name) => root.getByRole('button', { name }),
    byTestId: (testId) => root.getByTestId(testId),
    snack: root.getByTestId('snack'),
    async chooseToken(symbol) {
      const select = root.getByTestId('send-token')
      const label = await select.locator('option', { hasText: new RegExp(`^${symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ·`) }).textContent()
      await select.selectOption({ label: label ?? symbol })
    },
  }
}
