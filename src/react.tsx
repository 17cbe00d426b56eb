/**
 * React bindings: `import { WalletModalProvider, ConnectButton, useAccount } from 'walletgate/react'`.
 * Everything here renders on the server without touching `window`; the modal mounts on the client.
 */
import { createContext, useCallback, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react'
import type { ChainNamespace } from './domain/entities'
import { UsageError } from './domain/domain-error'
import { shortAddress } from './domain/format/address'
import { ELLIPSIS } from './domain/format/glyphs'
import type { OpenOptions, WalletModal, WalletModalState } from './wallet-modal'

const ModalContext = createContext<WalletModal | null>(null)

export interface WalletModalProviderProps {
  readonly modal: WalletModal
  readonly children?: ReactNode
}

/** Makes the modal available to the hooks and mounts it (as an overlay) on the client. */
export function WalletModalProvider({ modal, children }: WalletModalProviderProps) {
  useEffect(() => {
    void modal.mount()
  }, [modal])
  return <ModalContext.Provider value={modal}>{children}</ModalContext.Provider>
}

/** The modal given to the nearest `<WalletModalProvider>`. */
export function useWalletModal(): WalletModal {
  const modal = useContext(ModalContext)
  if (modal === null) throw new UsageError('useWalletModal must be used inside <WalletModalProvider>')
  return modal
}

/** The whole modal state, re-rendering on change. */
export function useWalletModalState(): WalletModalState {
  const modal = useWalletModal()
  return useSyncExternalStore(
    (onChange) => modal.subscribe(onChange),
    () => modal.getState(),
    () => modal.getState(),
  )
}

export interface AccountInfo {
  readonly status: WalletModalState['status']
  readonly isConnected: boolean
  readonly address: string | undefined
  readonly caipAddress: string | undefined
  /** The account's registered name (e.g. `alice.wg.id`), once known. */
  readonly profileName: string | undefined
}

export function useAccount(): AccountInfo {
  const status = useStateField('status')
  const address = useStateField('address')
  const caipAddress = useStateField('caipAddress')
  const profileName = useStateField('profileName')
  return { status, isConnected: status === 'connected', address, caipAddress, profileName }
}

/**
 * One field of the modal state, re-rendering only when that field changes (the host's button does
 * not re-render when the modal opens or changes view).
 */
function useStateField<K extends keyof WalletModalState>(key: K): WalletModalState[K] {
  const modal = useWalletModal()
  const subscribe = useCallback((onChange: () => void) => modal.subscribe(onChange), [modal])
  const read = () => modal.getState()[key]
  return useSyncExternalStore(subscribe, read, read)
}

export interface NetworkInfo {
  readonly caipNetworkId: string | undefined
  readonly chainNamespace: ChainNamespace | undefined
  readonly switchNetwork: (caipNetworkId: string) => Promise<void>
}

export function useNetwork(): NetworkInfo {
  const modal = useWalletModal()
  const caipNetworkId = useStateField('caipNetworkId')
  return {
    caipNetworkId,
    chainNamespace: caipNetworkId?.split(':')[0] as ChainNamespace | undefined,
    switchNetwork: (id) => modal.switchNetwork(id),
  }
}

export interface SignInInfo {
  /** 'disabled' without `siwx` in the config, else 'signed-out', 'signing' or 'signed-in'. */
  readonly status: WalletModalState['siwx']['status']
  readonly isSignedIn: boolean
  readonly session: WalletModalState['siwx']['session']
  /** Asks the connected wallet to sign in; resolves the session (see `modal.siwx.signIn`). */
  readonly signIn: WalletModal['siwx']['signIn']
  readonly signOut: WalletModal['siwx']['signOut']
}

/** Sign in with the wallet: the active account's sign-in state, and the calls to change it. */
export function useSignIn(): SignInInfo {
  const modal = useWalletModal()
  const siwx = useStateField('siwx')
  return {
    status: siwx.status,
    isSignedIn: siwx.status === 'signed-in',
    session: siwx.session,
    signIn: () => modal.siwx.signIn(),
    signOut: () => modal.siwx.signOut(),
  }
}

export interface ConnectButtonProps {
  /** Label while disconnected. */
  readonly label?: string
  /** Options passed to `modal.open()`. */
  readonly openOptions?: OpenOptions
  readonly className?: string
}

/** Opens the modal; shows the account's name, else its short address, once connected. */
export function ConnectButton({ label = 'Connect Wallet', openOptions, className }: ConnectButtonProps) {
  const modal = useWalletModal()
  const { status, address, profileName } = useAccount()
  const text =
    status === 'connected' && address !== undefined
      ? (profileName ?? shortAddress(address))
      : status === 'connecting'
        ? `Connecting${ELLIPSIS}`
        : label
  return (
    <button
      type="button"
      className={className}
      data-testid="connect-button"
      aria-haspopup="dialog"
      onClick={() => void modal.open(openOptions)}
      onPointerEnter={() => void modal.preload().catch(() => undefined)}
      onFocus={() => void modal.preload().catch(() => undefined)}
    >
      {text}
    </button>
  )
}
