/** The solana wing's descriptor: Wallet Standard wallets, and WalletConnect's solana namespace. */
import type { ChainWing } from '../wing'
import { SolanaChainFamily } from './solana-chain-family'
import { solanaShell } from './solana-shell'

export const solana: ChainWing = {
  namespace: 'solana',
  family({ networks, logger, walletConnect }) {
    // WalletConnect's solana namespace: the same session as the EVM side, loaded on first use.
    const wc = walletConnect?.()
    const viaWalletConnect =
      wc &&
      (() =>
        import('../../wallets/walletconnect/walletconnect-solana-wallet').then((m) => m.walletConnectSolanaWallet(m.linkOf(wc))))
    return new SolanaChainFamily(networks, logger, undefined, undefined, viaWalletConnect)
  },
  parts: solanaShell.parts,
}
