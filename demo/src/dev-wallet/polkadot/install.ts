/**
 * Puts the Devnet Wallet's Polkadot side on the page as extensions do (`window.injectedWeb3`),
 * with its state kept across reloads, and returns its test hooks (`window.devWallet.polkadot`).
 */
import { DEVNET_POLKADOT_ACCOUNTS } from '../../../../devnet/src/chains/polkadot/network'
import type { ApprovalMode, Approver } from '../eip155/provider'
import { DevPolkadotExtension, type PolkadotWalletState } from './polkadot-wallet'

/** The key under `window.injectedWeb3`, which is also the connector id. */
export const POLKADOT_EXTENSION_KEY = 'devnet-polkadot'
const STORAGE_KEY = 'devnet-wallet:polkadot'

export interface PolkadotControl {
  readonly extension: DevPolkadotExtension
  readonly authorized: boolean
  /** The accounts' addresses in the generic SS58 format (prefix 42). */
  addresses(): Promise<string[]>
  readonly requests: readonly { method: string; outcome: string }[]
  /** Forgets the site: subscriptions get no accounts, waiting requests are refused. */
  revoke(): void
  reset(): void
}

function load(): PolkadotWalletState {
  try {
    return { authorized: (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { authorized?: unknown }).authorized === true }
  } catch {
    return { authorized: false }
  }
}

function save(state: PolkadotWalletState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // storage blocked: the wallet forgets on reload
  }
}

export function installPolkadot(approver: Approver, mode: () => ApprovalMode): PolkadotControl {
  const extension = new DevPolkadotExtension(
    { name: 'Devnet Wallet (Polkadot)', accounts: DEVNET_POLKADOT_ACCOUNTS, approver, mode, persist: save },
    load(),
  )
  const page = window as { injectedWeb3?: Record<string, unknown> }
  page.injectedWeb3 = { ...page.injectedWeb3, [POLKADOT_EXTENSION_KEY]: extension }
  return {
    extension,
    get authorized() {
      return extension.authorized
    },
    addresses: () => extension.addresses(),
    get requests() {
      return extension.log.map(({ method, outcome }) => ({ method, outcome }))
    },
    revoke: () => extension.revoke(),
    reset: () => extension.reset({ authorized: false }),
  }
}
