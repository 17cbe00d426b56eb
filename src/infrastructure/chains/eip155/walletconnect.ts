/** What the modal asks a WalletConnect wallet for on EVM networks. */
export const EIP155_WALLETCONNECT: { readonly methods: readonly string[]; readonly events: readonly string[] } = {
  methods: [
    'eth_accounts',
    'eth_requestAccounts',
    'eth_chainId',
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    // EIP-5792 batches (approve + swap under one prompt), used only when the wallet approves them.
    'wallet_getCapabilities',
    'wallet_sendCalls',
    'wallet_getCallsStatus',
  ],
  events: ['accountsChanged', 'chainChanged'],
}
