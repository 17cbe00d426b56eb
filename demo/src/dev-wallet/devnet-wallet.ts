/**
 * The Devnet Wallet: a development browser wallet the demo page loads the way an extension would
 * (its own <script type="module">, never imported by the modal). It announces itself through
 * EIP-6963 (twice on purpose, to prove the modal dedupes) and sets `window.ethereum`.
 * Tests drive it through `window.devWallet` (see demo/README.md). `install()` is called by inject.ts.
 */
import type { Hex } from 'viem'
import {
  DEVNET_ACCOUNTS,
  DEVNET_CHAIN_A,
  DEVNET_CHAIN_B,
  DEVNET_SOLANA_ACCOUNTS,
  DEVNET_WALLET,
  NATIVE_CURRENCY,
  SOLANA_DEVNET_CAIP_NETWORK_ID,
} from '../../../devnet/src/config'
import { ApprovalPanel } from './approval-panel'
import { DevWalletProvider, type ApprovalMode, type DevWalletState } from './eip155/provider'
import { DevSolanaWallet, registerWallet, type SolanaWalletState } from './solana/solana-wallet'
import { installPolkadot, type PolkadotControl } from './polkadot/install'
import { installCosmos, type CosmosControl } from './cosmos/install'
import { DevBitcoinWallet, type BitcoinWalletState } from './bip122/bitcoin-wallet'

const STORAGE_KEY = 'devnet-wallet:state'
const SOLANA_STORAGE_KEY = 'devnet-wallet:solana'
const BITCOIN_STORAGE_KEY = 'devnet-wallet:bitcoin'
/** The Devnet Bitcoin Wallet's row (a wallet of its own beside the Devnet Wallet). */
const BITCOIN_WALLET = { name: 'Devnet Bitcoin Wallet', rdns: 'dev.walletgate.bitcoin' } as const
const MODE_KEY = 'devnet-wallet:mode'
const MODES: readonly ApprovalMode[] = ['manual', 'approve', 'reject', 'pending']

const env = import.meta.env
const chains = [
  { id: DEVNET_CHAIN_A.id, name: DEVNET_CHAIN_A.name, rpcUrl: env.VITE_WG_RPC_A ?? 'http://127.0.0.1:8545', nativeCurrency: NATIVE_CURRENCY },
  { id: DEVNET_CHAIN_B.id, name: DEVNET_CHAIN_B.name, rpcUrl: env.VITE_WG_RPC_B ?? 'http://127.0.0.1:8546', nativeCurrency: NATIVE_CURRENCY },
]

/** Set by a test before the page loads (`page.addInitScript`) to start in a given state. */
interface DevWalletInit {
  mode?: ApprovalMode
  accountIndex?: number
  chainId?: number
  /** Start without the legacy `window.ethereum` (EIP-6963 only). */
  noLegacy?: boolean
  /** Do not announce or inject at all (a page without any wallet). */
  absent?: boolean
  /** The Solana account the wallet starts with (index into the devnet's Solana accounts). */
  solanaAccountIndex?: number
  /** Offer no Solana side (an EVM-only wallet). */
  noSolana?: boolean
  /** Inject no Polkadot extension. */
  noPolkadot?: boolean
  /** Inject no Keplr-style wallet. */
  noCosmos?: boolean
  /** The Bitcoin account the Devnet Bitcoin Wallet starts with (index into the devnet's Bitcoin accounts). */
  bitcoinAccountIndex?: number
  /** Register no Devnet Bitcoin Wallet. */
  noBitcoin?: boolean
  /** Offer no EIP-5792 batches (wallet_getCapabilities and wallet_sendCalls answer 4200). */
  noBatches?: boolean
}

declare global {
  interface Window {
    __devWalletInit?: DevWalletInit
    devWallet?: DevWalletControl
    ethereum?: unknown
  }
}

/** What a storage key holds, when it is a JSON object; {} for anything else (null, a list, broken JSON, blocked storage). */
function storedObject(key: string): Record<string, unknown> {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

const DEFAULT_STATE: DevWalletState = { authorized: false, chainId: DEVNET_CHAIN_A.id, accountIndex: 0 }

export function loadState(init: DevWalletInit): DevWalletState {
  const stored = storedObject(STORAGE_KEY) as Partial<DevWalletState>
  return {
    authorized: stored.authorized === true,
    chainId: init.chainId ?? stored.chainId ?? DEFAULT_STATE.chainId,
    accountIndex: init.accountIndex ?? stored.accountIndex ?? DEFAULT_STATE.accountIndex,
  }
}

function save(state: DevWalletState): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(state))
  } catch {
    // storage blocked: the wallet forgets on reload
  }
}

export function loadSolanaState(init: DevWalletInit): SolanaWalletState {
  const stored = storedObject(SOLANA_STORAGE_KEY) as Partial<SolanaWalletState>
  return { authorized: stored.authorized === true, accountIndex: init.solanaAccountIndex ?? stored.accountIndex ?? 0 }
}

function saveSolana(state: SolanaWalletState): void {
  try {
    localStorage.setItem(SOLANA_STORAGE_KEY, JSON.stringify(state))
  } catch {
    // storage blocked: the wallet forgets on reload
  }
}

export function loadBitcoinState(init: DevWalletInit): BitcoinWalletState {
  const stored = storedObject(BITCOIN_STORAGE_KEY) as Partial<BitcoinWalletState>
  return { authorized: stored.authorized === true, accountIndex: init.bitcoinAccountIndex ?? stored.accountIndex ?? 0 }
}

function saveBitcoin(state: BitcoinWalletState): void {
  try {
    localStorage.setItem(BITCOIN_STORAGE_KEY, JSON.stringify(state))
  } catch {
    // storage blocked: the wallet forgets on reload
  }
}

function loadMode(init: DevWalletInit): ApprovalMode {
  const stored = sessionStorage.getItem(MODE_KEY)
  const mode = init.mode ?? stored
  return MODES.includes(mode as ApprovalMode) ? (mode as ApprovalMode) : 'manual'
}

const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#f5a623"/>' +
  '<path d="M22 34h46a6 6 0 0 1 6 6v26a6 6 0 0 1-6 6H28a6 6 0 0 1-6-6z" fill="#1b1d22"/>' +
  '<rect x="54" y="46" width="22" height="14" rx="4" fill="#fffdf7"/><circle cx="62" cy="53" r="3" fill="#1b1d22"/>' +
  '<path d="M22 34l36-12 4 12" fill="none" stroke="#1b1d22" stroke-width="5"/></svg>'
const ICON = `data:image/svg+xml;base64,${btoa(ICON_SVG)}` as const
const BITCOIN_ICON =
  `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="20" fill="#f7931a"/><text x="48" y="66" font-size="52" font-family="sans-serif" font-weight="700" fill="#fff" text-anchor="middle">B</text></svg>')}` as const

export interface DevWalletControl {
  readonly provider: DevWalletProvider
  readonly address: string
  readonly chainId: number
  readonly authorized: boolean
  mode: ApprovalMode
  /** 'manual' | 'approve' | 'reject' | 'pending' (-32002). Kept for this tab across reloads. */
  setMode(mode: ApprovalMode): void
  /** The wallet moves itself to another chain and emits chainChanged. */
  moveToChain(chainId: number): void
  useAccount(index: number): void
  /** Forgets the site and emits accountsChanged([]). */
  revoke(): void
  emitDisconnect(): void
  /** Answers the oldest request waiting in the approval panel. */
  approve(): boolean
  reject(): boolean
  /** Requests waiting for the person. */
  readonly waiting: readonly { method: string; summary: string }[]
  /** Every request the wallet received, oldest first. */
  readonly requests: readonly { method: string; params: unknown; outcome: string; errorCode?: number }[]
  /** Clears the authorisation, chain and account (back to a fresh wallet). */
  reset(): void
  /** Announces again through EIP-6963. */
  announce(): void
  /** The Solana side (absent with `noSolana`); approve/reject/waiting/mode above are shared with it. */
  readonly solana?: {
    readonly wallet: DevSolanaWallet
    readonly address: string
    readonly authorized: boolean
    readonly requests: readonly { method: string; outcome: string; errorCode?: number }[]
    /** Forgets the site (also on standard:disconnect) and emits a change with no accounts. */
    revoke(): void
    useAccount(index: number): void
    reset(): void
  }
  /** The Polkadot extension (`window.injectedWeb3['devnet-polkadot']`, its own row); shares the mode and panel. */
  readonly polkadot?: PolkadotControl
  /** The Keplr-style wallet (`window.keplr`, its own row); shares the mode and panel. */
  readonly cosmos?: CosmosControl
  /** The Devnet Bitcoin Wallet (absent with `noBitcoin`); it shares the approval panel and mode above. */
  readonly bitcoin?: {
    readonly wallet: DevBitcoinWallet
    /** The payment (P2WPKH) and ordinals (P2TR) addresses of the current account. */
    readonly address: string
    readonly ordinalsAddress: string
    readonly authorized: boolean
    readonly requests: readonly { method: string; outcome: string; errorCode?: number }[]
    revoke(): void
    useAccount(index: number): void
    reset(): void
  }
}

/** Installs the wallet (called by inject.ts: a bare top-level call would be tree-shaken under `sideEffects: false`). */
export function install(): void {
  const init = window.__devWalletInit ?? {}
  if (init.absent === true) return
  const panel = new ApprovalPanel()
  const provider = new DevWalletProvider(
    DEVNET_ACCOUNTS.map((a) => a.privateKey as Hex),
    chains,
    loadState(init),
    panel,
    save,
    loadMode(init),
    init.noBatches !== true,
  )
  const info = Object.freeze({
    uuid: crypto.randomUUID(),
    name: DEVNET_WALLET.name,
    icon: ICON,
    rdns: DEVNET_WALLET.rdns,
  })
  const announce = () => {
    const detail = Object.freeze({ info, provider })
    // Twice on purpose: a modal must show one row per wallet.
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  }
  window.addEventListener('eip6963:requestProvider', announce)
  if (init.noLegacy !== true) window.ethereum = provider

  const solana =
    init.noSolana === true
      ? undefined
      : new DevSolanaWallet(
          {
            name: DEVNET_WALLET.name,
            icon: ICON,
            rdns: DEVNET_WALLET.rdns,
            chain: SOLANA_DEVNET_CAIP_NETWORK_ID,
            rpcUrl: env.VITE_WG_SOLANA_RPC ?? 'http://127.0.0.1:8899',
            secretKeys: DEVNET_SOLANA_ACCOUNTS.map((a) => a.secretKey),
            approver: panel,
            mode: () => provider.mode,
            persist: saveSolana,
            siteAuthorized: () => provider.authorized,
          },
          loadSolanaState(init),
        )

  const bitcoin =
    init.noBitcoin === true
      ? undefined
      : new DevBitcoinWallet(
          { ...BITCOIN_WALLET, icon: BITCOIN_ICON, approver: panel, mode: () => provider.mode, persist: saveBitcoin },
          loadBitcoinState(init),
        )

  // One wallet, one permission per site: forgetting the site on either side forgets it on both
  // (as multi-chain extensions do), so neither side stays connected to a site the wallet forgot.
  if (solana !== undefined) {
    let forgetting = false
    const forgetBoth = (own: () => void, other: () => void) => () => {
      if (forgetting) return own()
      forgetting = true
      try {
        own()
        other()
      } finally {
        forgetting = false
      }
    }
    const evmRevoke = provider.revoke.bind(provider)
    const solanaRevoke = solana.revoke.bind(solana)
    provider.revoke = forgetBoth(evmRevoke, solanaRevoke)
    solana.revoke = forgetBoth(solanaRevoke, evmRevoke)
  }

  const polkadot = init.noPolkadot === true ? undefined : installPolkadot(panel, () => provider.mode)
  const cosmos = init.noCosmos === true ? undefined : installCosmos(panel, () => provider.mode)

  window.devWallet = {
    ...(polkadot === undefined ? {} : { polkadot }),
    ...(cosmos === undefined ? {} : { cosmos }),
    provider,
    get address() {
      return provider.address
    },
    get chainId() {
      return provider.chainId
    },
    get authorized() {
      return provider.authorized
    },
    get mode() {
      return provider.mode
    },
    set mode(mode: ApprovalMode) {
      this.setMode(mode)
    },
    setMode(mode) {
      if (!MODES.includes(mode)) throw new Error(`Unknown mode ${String(mode)}`)
      provider.mode = mode
      sessionStorage.setItem(MODE_KEY, mode)
    },
    moveToChain: (chainId) => provider.moveToChain(chainId),
    useAccount: (index) => provider.useAccount(index),
    revoke: () => provider.revoke(),
    emitDisconnect: () => provider.emitDisconnect(),
    approve: () => panel.answer(true),
    reject: () => panel.answer(false),
    get waiting() {
      return panel.waiting.map(({ method, summary }) => ({ method, summary }))
    },
    get requests() {
      return provider.log.map((entry) => ({ ...entry }))
    },
    reset() {
      provider.reset({ ...DEFAULT_STATE, accountIndex: init.accountIndex ?? 0 })
    },
    announce,
    ...(solana === undefined
      ? {}
      : {
          solana: {
            wallet: solana,
            get address() {
              return solana.address
            },
            get authorized() {
              return solana.authorized
            },
            get requests() {
              return solana.log.map(({ method, outcome, errorCode }) => ({ method, outcome, ...(errorCode === undefined ? {} : { errorCode }) }))
            },
            revoke: () => solana.revoke(),
            useAccount: (index: number) => solana.useAccount(index),
            reset: () => solana.reset({ authorized: false, accountIndex: init.solanaAccountIndex ?? 0 }),
          },
        }),
    ...(bitcoin === undefined
      ? {}
      : {
          bitcoin: {
            wallet: bitcoin,
            get address() {
              return bitcoin.key.payment.address
            },
            get ordinalsAddress() {
              return bitcoin.key.ordinals.address
            },
            get authorized() {
              return bitcoin.authorized
            },
            get requests() {
              return bitcoin.log.map(({ method, outcome, errorCode }) => ({ method, outcome, ...(errorCode === undefined ? {} : { errorCode }) }))
            },
            revoke: () => bitcoin.revoke(),
            useAccount: (index: number) => bitcoin.useAccount(index),
            reset: () => bitcoin.reset({ authorized: false, accountIndex: init.bitcoinAccountIndex ?? 0 }),
          },
        }),
  }
  announce()
  if (solana !== undefined) registerWallet(solana)
  if (bitcoin !== undefined) registerWallet(bitcoin)
}
