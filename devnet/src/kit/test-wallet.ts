/**
 * The test kit's wallet, as a page script (`dist/testing/test-wallet.js`, one classic script that
 * `installTestWallet()` adds before any page script runs, as an extension's content script would).
 * It is the Devnet Wallet's EIP-1193 provider with a headless approver: no panel in the page; a
 * waiting request is answered by the test through `window.__walletgateTestWallet`. It announces
 * itself through EIP-6963 only (no `window.ethereum`), so a host page's other wallets are untouched.
 */
import type { Hex } from 'viem'
import type { TestWalletControl, TestWalletSettings } from '../../../src/testing/types'
import { DEVNET_ACCOUNTS, DEVNET_CHAIN_A, DEVNET_CHAIN_B, DEVNET_DEFAULT_PORTS, DEVNET_HOST, NATIVE_CURRENCY } from '../config'
import { DevWalletProvider, type ApprovalRequest, type Approver, type DevWalletState } from '../../../demo/src/dev-wallet/eip155/provider'

declare global {
  interface Window {
    __walletgateTestWalletSettings?: TestWalletSettings
    __walletgateTestWallet?: TestWalletControl
  }
}

const STORAGE_KEY = 'walletgate-test-wallet:state'
const MODE_KEY = 'walletgate-test-wallet:mode'

/** Requests wait in order until the test answers them. */
class QueueApprover implements Approver {
  private readonly queue: { request: ApprovalRequest; resolve(approved: boolean): void }[] = []

  ask(request: ApprovalRequest): Promise<boolean> {
    return new Promise((resolve) => this.queue.push({ request, resolve }))
  }

  dismissAll(): void {
    for (const waiting of this.queue.splice(0)) waiting.resolve(false)
  }

  answer(approved: boolean): boolean {
    const waiting = this.queue.shift()
    waiting?.resolve(approved)
    return waiting !== undefined
  }

  get waiting(): { method: string; summary: string }[] {
    return this.queue.map(({ request }) => ({ method: request.method, summary: request.summary }))
  }
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#3c6df0"/>' +
  '<path d="M24 30h48v36H24z" fill="#fff"/><path d="M38 48l8 8 14-16" fill="none" stroke="#3c6df0" stroke-width="6"/></svg>'

function readState(fallback: DevWalletState): DevWalletState {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<DevWalletState>
    return { ...fallback, authorized: stored.authorized === true, ...(stored.chainId === undefined ? {} : { chainId: stored.chainId }), ...(stored.accountIndex === undefined ? {} : { accountIndex: stored.accountIndex }) }
  } catch {
    return fallback
  }
}

function persist(state: DevWalletState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // storage blocked: the wallet forgets the site on reload
  }
}

function install(settings: TestWalletSettings): void {
  const chains = (
    settings.chains ?? [
      { id: DEVNET_CHAIN_A.id, name: DEVNET_CHAIN_A.name, rpcUrl: `http://${DEVNET_HOST}:${DEVNET_DEFAULT_PORTS.chainA}` },
      { id: DEVNET_CHAIN_B.id, name: DEVNET_CHAIN_B.name, rpcUrl: `http://${DEVNET_HOST}:${DEVNET_DEFAULT_PORTS.chainB}` },
    ]
  ).map((chain) => ({ ...chain, nativeCurrency: NATIVE_CURRENCY }))
  const keys = (settings.privateKeys ?? DEVNET_ACCOUNTS.map((a) => a.privateKey)) as readonly Hex[]
  const approver = new QueueApprover()
  const storedMode = sessionStorage.getItem(MODE_KEY)
  const mode = storedMode === 'approve' || storedMode === 'manual' || storedMode === 'reject' ? storedMode : (settings.mode ?? 'approve')
  const provider = new DevWalletProvider(
    keys,
    chains,
    readState({ authorized: false, chainId: settings.chainId ?? chains[0]?.id ?? DEVNET_CHAIN_A.id, accountIndex: settings.accountIndex ?? 0 }),
    approver,
    persist,
    mode,
  )
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: settings.name ?? 'Test Wallet',
    icon: `data:image/svg+xml;base64,${btoa(ICON_SVG)}`,
    rdns: settings.rdns ?? 'dev.walletgate.test-wallet',
  })
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  window.__walletgateTestWallet = {
    get address() {
      return provider.address
    },
    get chainId() {
      return provider.chainId
    },
    get authorized() {
      return provider.authorized
    },
    get waiting() {
      return approver.waiting
    },
    get requests() {
      return provider.log.map((entry) => ({ ...entry }))
    },
    setMode(next) {
      provider.mode = next
      // Kept for this tab across reloads, like the rest of the wallet's state.
      sessionStorage.setItem(MODE_KEY, next)
    },
    approve: () => approver.answer(true),
    reject: () => approver.answer(false),
    moveToChain: (chainId) => provider.moveToChain(chainId),
    useAccount: (index) => provider.useAccount(index),
    revoke: () => provider.revoke(),
  }
  announce()
}

install(window.__walletgateTestWalletSettings ?? {})
