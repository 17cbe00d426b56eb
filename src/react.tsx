/**
 * React bindings: `import { WalletModalProvider, ConnectButton, useAccount } from 'walletgate/react'`.
 * Everything here renders on the server without touching `window`; the modal mounts on the client.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react'
import type { ChainNamespace } from './domain/entities'
import { ModalContext, useModalContext, useStateField } from './presentation/buttons/button-parts'
import type { InitialAccount } from './domain/connection/initial-account'
import type { WalletModal, WalletModalState } from './wallet-modal'

export { AccountButton, ConnectButton, NetworkButton } from './presentation/buttons/host-buttons'
export type { AccountButtonProps, ButtonSize, ConnectButtonProps, NetworkButtonProps } from './presentation/buttons/host-buttons'
export { initialAccountFrom } from './domain/connection/initial-account'
export type { InitialAccount } from './domain/connection/initial-account'

export interface WalletModalProviderProps {
  readonly modal: WalletModal
  /**
   * The account a server-rendered page draws before the modal starts in the browser (from the
   * request's cookie: `initialAccountFrom(cookies)`, with `ssr: true` in the modal's config).
   */
  readonly initialAccount?: InitialAccount | undefined
  readonly children?: ReactNode
}

/** Makes the modal available to the hooks and mounts it (as an overlay) on the client. */
export function WalletModalProvider({ modal, initialAccount, children }: WalletModalProviderProps) {
  useEffect(() => {
    void modal.mount()
  }, [modal])
  const value = useMemo(() => ({ modal, initialAccount }), [modal, initialAccount])
  return <ModalContext.Provider value={value}>{children}</ModalContext.Provider>
}

/** The modal given to the nearest `<WalletModalProvider>`. */
export function useWalletModal(): WalletModal {
  return useModalContext().modal
}

/** The whole modal state, re-rendering on change. */
export function useWalletModalState(): WalletModalState {
  const modal = useWalletModal()
  const subscribe = useCallback((onChange: () => void) => modal.subscribe(onChange), [modal])
  return useSyncExternalStore(subscribe, () => modal.getState(), () => modal.getState())
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
