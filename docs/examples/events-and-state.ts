import { createWalletModal } from 'walletgate'

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
  // Every modal event: SELECT_WALLET, CONNECT_SUCCESS, CONNECT_ERROR, DISCONNECT_SUCCESS, ...
  onEvent: (event) => console.log(event.type, event.data),
})

// A snapshot, a listener, or an RxJS observable: the same state.
const { status, address, caipNetworkId, open } = modal.getState()
console.log(status, address, caipNetworkId, open)

export const unsubscribe = modal.subscribe((state) => {
  if (state.status === 'connected') console.log('connected in', Object.keys(state.namespaces))
})

export const statusChanges = modal.state$.subscribe((state) => console.log(state.status))

// End one family's session, or every one.
export const signOut = () => modal.disconnect()
