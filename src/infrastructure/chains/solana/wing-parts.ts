/** The solana wing's on-demand part: the Wallet Standard session, balances over its RPC, Sign In With Solana, WalletConnect's asks, previews of sends. */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { WingParts } from '../wing'
import { SolanaChainReader } from './solana-chain-reader'
import { SOLANA_WALLETCONNECT } from './walletconnect'
import { withSolanaSdk } from './sdk'

export const parts: WingParts = {
  capabilities: ['balance', 'send', 'activity', 'onramp'],
  address: () => import('../../../domain/validation/addresses').then((m) => m.SOLANA_ADDRESS_RULE),
  session: ({ providers, networks, events, logger, options }) =>
    withSolanaSdk(() => import('./wallet-standard-session')).then(
      (m) => new m.WalletStandardSession(providers as (id: string) => WalletStandardWallet | undefined, networks, events, logger, options.transfers),
    ),
  reader: () => new SolanaChainReader(),
  messenger: () => withSolanaSdk(() => import('./siwx/sign-in-with-solana-messenger')).then((m) => new m.SolanaSignInMessenger()),
  walletConnect: SOLANA_WALLETCONNECT,
  simulator: () => withSolanaSdk(() => import('./send/solana-transaction-simulator')).then((m) => new m.SolanaTransactionSimulator()),
}
