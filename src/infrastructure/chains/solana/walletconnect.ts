/** What the modal asks a WalletConnect wallet for on Solana networks. */
export const SOLANA_WALLETCONNECT: { readonly methods: readonly string[]; readonly events: readonly string[] } = {
  methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'],
  events: ['accountsChanged', 'chainChanged'],
}
