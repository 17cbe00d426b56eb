/**
 * The bip122, polkadot and cosmos sessions, reached from the page through this one module (one
 * dynamic import there, so the page carries one chunk list, not one per family); each session,
 * with its SDK, is a chunk of its own loaded only on its family's path.
 */
import type { AccountType, CaipNetwork, ChainNamespace } from '../../domain/entities'
import type { ChainFamily, WalletAccount, WalletEvent } from '../../ports/chain-family'
import type { Logger } from '../../ports/logger'
import type { WalletRegistry } from './solana/wallet-standard'
import type { Keplr } from './cosmos/keplr'
import type { InjectedExtension } from './polkadot/injected-web3'

/** What a family's session answers: every request of the family but discovery. */
export type FamilySession = Pick<
  ChainFamily,
  'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'signMessage' | 'estimateTransfer' | 'sendTransfer' | 'receiptStatus'
> & {
  switchAccountType(connectorId: string, accountType: AccountType): Promise<WalletAccount>
  chooseAddress(connectorId: string, address: string): Promise<WalletAccount>
}

/** What a host or a test may set for a family (the page by default). */
export interface FamilyOptions {
  /** Where the wallets' globals are; by default `window`, then read again while the page loads. */
  readonly root?: () => object
  /** bip122: the Wallet Standard registry; by default the page's. */
  readonly registry?: () => WalletRegistry
  /** polkadot: the name the extension shows when it asks the person to allow the site. */
  readonly appName?: string
  /** cosmos: where the wallets fire their key-change event; by default `window`. */
  readonly keystore?: EventTarget
}

type Events = { next(event: WalletEvent): void }

export function familySession(
  namespace: Extract<ChainNamespace, 'bip122' | 'polkadot' | 'cosmos'>,
  providers: (connectorId: string) => unknown,
  networks: readonly CaipNetwork[],
  events: Events,
  logger: Logger,
  options: FamilyOptions,
): Promise<FamilySession> {
  switch (namespace) {
    case 'bip122':
      return import('./bip122/bitcoin-session').then((m) => new m.BitcoinSession(providers, networks, events, logger))
    case 'polkadot':
      return import('./polkadot/polkadot-session').then(
        (m) => new m.PolkadotSession(providers as (id: string) => InjectedExtension | undefined, networks, options.appName ?? 'Walletgate', events, logger),
      )
    case 'cosmos':
      return import('./cosmos/cosmos-session').then(
        (m) => new m.CosmosSession(providers as (id: string) => Keplr | undefined, networks, events, logger, options.keystore ?? window),
      )
  }
}
