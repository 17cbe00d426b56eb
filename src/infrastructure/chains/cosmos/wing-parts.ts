/** The cosmos wing's on-demand part: the session and ADR-36 sign-in (connect and sign; no balances, no WalletConnect accounts yet). */
import type { WingParts } from '../wing'
import type { Keplr } from './keplr'
import { withCosmosSdk } from './sdk'

export const parts: WingParts = {
  capabilities: [],
  address: () => import('../../../domain/validation/addresses').then((m) => m.NO_ADDRESS_RULE),
  session: ({ providers, networks, events, logger, options }) =>
    withCosmosSdk(() => import('./cosmos-session')).then(
      (m) => new m.CosmosSession(providers as (id: string) => Keplr | undefined, networks, events, logger, options.keystore ?? window),
    ),
  messenger: (networks) => withCosmosSdk(() => import('./siwx/cosmos-siwx-messenger')).then((m) => m.cosmosSiwxMessenger(networks)),
}
