/** The polkadot wing's on-demand part: the session and sign-in (connect and sign; no balances, no WalletConnect accounts yet). */
import type { WingParts } from '../wing'
import type { InjectedExtension } from './injected-web3'
import { withPolkadotSdk } from './sdk'

export const parts: WingParts = {
  capabilities: [],
  address: () => import('../../../domain/validation/addresses').then((m) => m.NO_ADDRESS_RULE),
  session: ({ providers, networks, events, logger, options }) =>
    withPolkadotSdk(() => import('./polkadot-session')).then(
      (m) => new m.PolkadotSession(providers as (id: string) => InjectedExtension | undefined, networks, options.appName ?? 'Walletgate', events, logger),
    ),
  messenger: (networks) => withPolkadotSdk(() => import('./siwx/polkadot-siwx-messenger')).then((m) => m.polkadotSiwxMessenger(networks)),
}
