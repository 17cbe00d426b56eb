import { createWalletModal } from 'walletgate'

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
  // Required: the sign view cannot be closed, and Cancel disconnects the wallet.
  siwx: { required: true, statement: 'Sign in to Example.' },
  // siwx_success, siwx_error, siwx_cancel among every modal event.
  onEvent: (event) => {
    if (event.type.startsWith('siwx_')) console.log(event.type)
  },
})

// 'disabled' | 'signed-out' | 'signing' | 'signed-in', with the session once signed in.
export const signInStatus = () => modal.getState().siwx.status

// The stored sessions of an address: [{ data, message, signature }].
export const sessionsOf = (address: string) => modal.siwx.getSessions({ address })
