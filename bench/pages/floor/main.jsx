// The floor: a bare React 19 page with a hand-written dialog. Nothing a wallet modal could skip.
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'

/** Collects EIP-6963 announcements, as the cheapest real modal would. */
function useAnnouncedWallets() {
  const [wallets, setWallets] = useState([])
  useEffect(() => {
    const onAnnounce = (event) => {
      const { info } = event.detail
      setWallets((list) => (list.some((w) => w.uuid === info.uuid) ? list : [...list, info]))
    }
    window.addEventListener('eip6963:announceProvider', onAnnounce)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce)
  }, [])
  return wallets
}

function App() {
  const dialog = useRef(null)
  const [open, setOpen] = useState(false)
  const wallets = useAnnouncedWallets()
  useEffect(() => {
    if (open) dialog.current?.showModal()
    else dialog.current?.close()
  }, [open])
  return (
    <main>
      <button type="button" data-testid="connect-button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      <dialog ref={dialog} aria-labelledby="floor-title" onClose={() => setOpen(false)}>
        {open && (
          <>
            <h2 id="floor-title">Connect Wallet</h2>
            <ul>
              {wallets.map((w) => (
                <li key={w.uuid}>
                  <button type="button" data-testid={`wallet-${w.rdns}`}>
                    <img src={w.icon} alt="" width="24" height="24" /> {w.name}
                  </button>
                </li>
              ))}
              <li>
                <button type="button" data-testid="wallet-walletConnect">WalletConnect</button>
              </li>
            </ul>
            <button type="button" onClick={() => setOpen(false)}>
              Close
            </button>
          </>
        )}
      </dialog>
    </main>
  )
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
