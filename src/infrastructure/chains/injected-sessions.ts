/**
 * The polkadot and cosmos sessions, reached from the page through this one module (one dynamic
 * import there, so the page carries one chunk list, not one per family); each session, with its
 * SDK, is a chunk of its own loaded only on its family's path.
 */
import type { CaipNetwork } from '../../domain/entities'
import type { WalletEvent } from '../../ports/chain-family'
import type { Logger } from '../../ports/logger'
import type { Keplr } from './cosmos/keplr'
import type { InjectedSession } from './injected-chain-family'
import type { InjectedExtension } from './polkadot/injected-web3'

type Events = { next(event: WalletEvent): void }

export function polkadotSession(
  extensions: (connectorId: string) => InjectedExtension | undefined,
  networks: readonly CaipNetwork[],
  appName: string,
  events: Events,
  logger: Logger,
): Promise<InjectedSession> {
  return import('./polkadot/polkadot-session').then((m) => new m.PolkadotSession(extensions, networks, appName, events, logger))
}

export function cosmosSession(
  wallets: (connectorId: string) => Keplr | undefined,
  networks: readonly CaipNetwork[],
  events: Events,
  logger: Logger,
  keystore: EventTarget | undefined,
): Promise<InjectedSession> {
  return import('./cosmos/cosmos-session').then((m) => new m.CosmosSession(wallets, networks, events, logger, keystore))
}
