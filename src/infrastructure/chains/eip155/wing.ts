/** The eip155 (EVM) wing's descriptor, the modal's default family: browser wallets, WalletConnect and the email wallet. */
import type { ChainWing } from '../wing'
import { Eip155ChainFamily } from './eip155-chain-family'
import { Eip6963EvmWallets } from './eip6963-evm-wallets'

export const eip155: ChainWing = {
  namespace: 'eip155',
  family({ logger, browserWallets, walletConnect, embedded }) {
    const extra = embedded === undefined ? [] : [embedded]
    const browser = new Eip6963EvmWallets(logger)
    if (walletConnect === undefined) return new Eip155ChainFamily([browser, ...extra])
    const wc = walletConnect()
    return new Eip155ChainFamily(browserWallets ? [browser, wc, ...extra] : [wc, ...extra])
  },
  parts: () => import('./wing-parts').then((m) => m.parts),
}
