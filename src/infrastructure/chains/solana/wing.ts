/** The solana wing's descriptor: Wallet Standard wallets, WalletConnect's solana namespace and the embedded wallet's Solana account. */
import type { ChainWing } from '../wing'
import { SolanaChainFamily } from './solana-chain-family'
import { solanaShell } from './solana-shell'

export const solana: ChainWing = {
  namespace: 'solana',
  family({ networks, logger, walletConnect, embeddedSolana }) {
    // WalletConnect's solana namespace: the same session as the EVM side, loaded on first use.
    const wc = walletConnect?.()
    const viaWalletConnect =
      wc &&
      (() =>
        import('../../wallets/walletconnect/walletconnect-solana-wallet').then((m) => m.walletConnectSolanaWallet(m.linkOf(wc))))
    // The embedded wallet's Solana account: email and social login connect it with the EVM side.
    const embedded = embeddedSolana && (() => embeddedSolana(networks.map((n) => n.caipNetworkId)))
    return new SolanaChainFamily(networks, logger, undefined, undefined, viaWalletConnect, embedded)
  },
  parts: solanaShell.parts,
}
