/** The bip122 wing's on-demand part: the session, Esplora balances and BIP-322 sign-in (no WalletConnect accounts yet). */
import type { WingParts } from '../wing'
import { EsploraChainReader } from './esplora-chain-reader'
import { withBitcoinSdk } from './sdk'

export const parts: WingParts = {
  capabilities: ['balance'],
  address: () => import('../../../domain/bitcoin/validate-bitcoin-address').then((m) => m.BITCOIN_ADDRESS_RULE),
  session: ({ providers, networks, events, logger }) =>
    withBitcoinSdk(() => import('./bitcoin-session')).then((m) => new m.BitcoinSession(providers, networks, events, logger)),
  reader: () => new EsploraChainReader(),
  messenger: () => withBitcoinSdk(() => import('./siwx/bip322-siwx-messenger')).then((m) => m.bip122SiwxMessenger()),
}
