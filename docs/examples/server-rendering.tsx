'use client'
// A client component of a server-rendered app (Next.js App Router, Remix, ...). Creating the modal
// at module scope is safe on the server: it touches no window, document or storage. The provider
// starts it in the browser (discovery, silent reconnect), after hydration.
import { createWalletModal } from 'walletgate'
import { ConnectButton, WalletModalProvider } from 'walletgate/react'
import type { ReactNode } from 'react'

const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
})

export function WalletShell({ children }: { children: ReactNode }) {
  return (
    <WalletModalProvider modal={modal}>
      <ConnectButton />
      {children}
    </WalletModalProvider>
  )
}
