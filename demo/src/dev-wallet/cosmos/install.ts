/**
 * Puts the Devnet Wallet's Cosmos side on the page as Keplr does (`window.keplr`), with its state
 * kept across reloads, and returns its test hooks (`window.devWallet.cosmos`).
 */
import { COSMOS_DEVNET_CHAIN_ID, COSMOS_DEVNET_PREFIX, DEVNET_COSMOS_MNEMONIC } from '../../../../devnet/src/chains/cosmos/network'
import type { ApprovalMode, Approver } from '../eip155/provider'
import { DevCosmosWallet, type CosmosWalletState } from './cosmos-wallet'

const STORAGE_KEY = 'devnet-wallet:cosmos'

export interface CosmosControl {
  readonly wallet: DevCosmosWallet
  /** The chain ids the site may use. */
  readonly enabled: readonly string[]
  readonly requests: readonly { method: string; outcome: string }[]
  /** Forgets the site on every chain and fires `keplr_keystorechange`. */
  revoke(): void
  reset(): void
}

function load(): CosmosWalletState {
  try {
    const stored = (JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as { enabled?: unknown }).enabled
    return { enabled: Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [] }
  } catch {
    return { enabled: [] }
  }
}

function save(state: CosmosWalletState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // storage blocked: the wallet forgets on reload
  }
}

export function installCosmos(approver: Approver, mode: () => ApprovalMode): CosmosControl {
  const wallet = new DevCosmosWallet(
    {
      name: 'Devnet Wallet (Cosmos)',
      mnemonic: DEVNET_COSMOS_MNEMONIC,
      chains: { [COSMOS_DEVNET_CHAIN_ID]: COSMOS_DEVNET_PREFIX, 'cosmoshub-4': 'cosmos', 'osmosis-1': 'osmo' },
      approver,
      mode,
      persist: save,
    },
    load(),
  )
  ;(window as { keplr?: unknown }).keplr = wallet
  return {
    wallet,
    get enabled() {
      return wallet.enabledChains
    },
    get requests() {
      return wallet.log.map(({ method, outcome }) => ({ method, outcome }))
    },
    revoke: () => wallet.revoke(),
    reset: () => wallet.reset({ enabled: [] }),
  }
}
