import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createWalletModal } from 'walletgate'
import { ConnectButton, WalletModalProvider, useAccount, useNetwork, useSignIn, useWalletModal, useWalletModalState } from 'walletgate/react'
import { demoConfig, demoFamilies } from './demo-config'
import './demo.css'

const modal = createWalletModal(demoConfig, { families: demoFamilies })
// For the end-to-end tests and the console: the page's modal (e.g. walletgateDemo.getProvider('eip155')).
;(window as unknown as { walletgateDemo?: typeof modal }).walletgateDemo = modal

function AccountChip() {
  const modal = useWalletModal()
  const { isConnected, address } = useAccount()
  const { caipNetworkId } = useNetwork()
  if (!isConnected) return <span data-testid="demo-account">Not connected</span>
  return (
    <>
      <span className="demo-account" data-testid="demo-account">
        {address} on {caipNetworkId}
      </span>
      <button type="button" data-testid="demo-disconnect" onClick={() => void modal.disconnect()}>
        Disconnect
      </button>
    </>
  )
}

/** Sign-in state, shown when the page was opened with `?siwx=required`, `?siwx=optional` or `?siwx=server`. */
function SignInChip() {
  const { status, signIn, signOut } = useSignIn()
  const { isConnected } = useAccount()
  if (status === 'disabled') return null
  return (
    <>
      <span data-testid="demo-siwx">{status}</span>
      {isConnected && status === 'signed-out' && (
        <button type="button" data-testid="demo-sign-in" onClick={() => void signIn().catch(() => undefined)}>
          Sign in
        </button>
      )}
      {status === 'signed-in' && (
        <button type="button" data-testid="demo-sign-out" onClick={() => void signOut()}>
          Sign out
        </button>
      )}
    </>
  )
}

function Controls() {
  const modal = useWalletModal()
  const { themeMode } = useWalletModalState()
  return (
    <div className="demo-bar">
      <button type="button" onClick={() => void modal.open({ view: 'Connect' })}>
        Connect
      </button>
      <button type="button" onClick={() => void modal.open({ view: 'AllWallets' })}>
        All Wallets
      </button>
      <button type="button" onClick={() => void modal.open({ view: 'ConnectingWalletConnectBasic' })}>
        WalletConnect QR
      </button>
      <button type="button" onClick={() => void modal.open({ view: 'Networks' })}>
        Networks
      </button>
      <button type="button" onClick={() => void modal.open({ view: 'Account' })}>
        Account
      </button>
      <button
        type="button"
        data-testid="theme-toggle"
        onClick={() => modal.setThemeMode(themeMode === 'dark' ? 'light' : 'dark')}
      >
        Theme: {themeMode}
      </button>
    </div>
  )
}

function App() {
  return (
    <WalletModalProvider modal={modal}>
      <main className="demo">
        <h1>Walletgate demo</h1>
        <p>A host app with the modal on the local devnet.</p>
        <div className="demo-bar">
          <ConnectButton />
          <AccountChip />
          <SignInChip />
        </div>
        <h2>Open a view</h2>
        <Controls />
      </main>
    </WalletModalProvider>
  )
}

const root = document.getElementById('root')
if (root !== null) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
