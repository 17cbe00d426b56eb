/** The cosmos wing's on-demand part: the session and ADR-36 sign-in (connect and sign; no balances, no WalletConnect accounts yet). */
import type { WingParts } from '../wing'
import type { Keplr } from './keplr'

export const parts: WingParts = {
  session: ({ providers, networks, events, logger, options }) =>
    import('./cosmos-session').then(
      (m) => new m.CosmosSession(providers as (id: string) => Keplr | undefined, networks, events, logger, options.keystore ?? window),
    ),
  messenger: (networks) => import('./siwx/cosmos-siwx-messenger').then((m) => m.cosmosSiwxMessenger(networks)),
}
