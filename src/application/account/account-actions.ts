import { combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs'
import type { FeaturesConfig } from '../../domain/config'
import { DEFAULT_REMOTE_FEATURES } from '../../domain/constants'
import { AUTH_CONNECTOR_ID } from '../../domain/connection/connectors'
import type { AccountType } from '../../domain/entities'
import { supportsCapability } from '../../domain/network/network-support'
import type { ConnectionState } from '../connection-store'
import type { IdentityState } from './identity-store'
import { accountTypeChoices } from './switch-account-type'
import { accountChoices } from './choose-account'

/** What the Account view offers the connected account (spec sections 2 and 9). */
export type AccountActionsState =
  | { readonly status: 'notConnected' }
  | {
      readonly status: 'connected'
      readonly address: string
      readonly accountType: AccountType | undefined
      /** Connected through the embedded (email or social) wallet: its email and account type show. */
      readonly embeddedWallet: boolean
      /** Balances, and so tokens, NFTs and activity. */
      readonly balances: boolean
      readonly buy: boolean
      readonly swap: boolean
      /** Buying or swapping would be offered, but not in the visitor's time zone: the view says why. */
      readonly regionRestricted: boolean
      readonly send: boolean
      /** Smart sessions: the smart account's session keys. */
      readonly sessions: boolean
      /** Registering a name, offered while the account has none. */
      readonly chooseName: boolean
      /** The account's family has names (the 'names' capability): the settings offer choosing one. */
      readonly names: boolean
      /** The account types to switch between (bitcoin's payment and ordinals); empty when none. */
      readonly accountTypes: readonly AccountType[]
      /** The accounts to move between (a polkadot extension's named accounts); empty when none. */
      readonly accounts: readonly { readonly address: string; readonly name?: string }[]
    }

/** The stores the actions follow: the connection and the account's identity (its name). */
export interface AccountActionsDeps {
  readonly connection: { readonly state$: Observable<ConnectionState>; readonly snapshot: ConnectionState }
  readonly identity: { readonly state$: Observable<IdentityState>; readonly snapshot: IdentityState }
  /** The host's `features` config. */
  readonly features: FeaturesConfig
  /** The visitor's time zone is on the restricted list (domain/region.ts): no buying, no swapping. */
  readonly regionRestricted?: boolean
}

const NOT_CONNECTED: AccountActionsState = { status: 'notConnected' }

/** Which of the Account view's actions the account has, given its connection, identity and the host's features. */
export function accountActions(connection: ConnectionState, identity: IdentityState, features: FeaturesConfig, regionRestricted = false): AccountActionsState {
  if (connection.status !== 'connected') return NOT_CONNECTED
  const namespace = connection.namespace
  // Buying comes first in the wallet feature order (onramp, swaps, receive, send; spec section 9).
  const buy = features.onramp !== false && DEFAULT_REMOTE_FEATURES.onramp !== false && supportsCapability('onramp', namespace)
  // Swaps are an eip155 feature (the convert calls); on by default, as in the spec's remote features.
  const swap = features.swaps !== false && supportsCapability('swaps', namespace)
  return {
    status: 'connected',
    address: connection.address,
    accountType: connection.accountType,
    embeddedWallet: connection.connectorId === AUTH_CONNECTOR_ID,
    // Spec section 9: balances (and so tokens, NFTs, activity) and sends only where the family has them.
    balances: supportsCapability('balance', namespace),
    buy: buy && !regionRestricted,
    swap: swap && !regionRestricted,
    regionRestricted: regionRestricted && (buy || swap),
    send: supportsCapability('send', namespace),
    // Smart sessions, when the host turned the feature on, for an EVM smart account.
    sessions: features.smartSessions === true && supportsCapability('smartSessions', namespace) && connection.accountType === 'smartAccount',
    // Names are eip155 only; offered while the account has none.
    chooseName: supportsCapability('names', namespace) && identity.status === 'ready' && identity.identity.name === null,
    names: supportsCapability('names', namespace),
    accountTypes: accountTypeChoices(connection),
    accounts: accountChoices(connection),
  }
}

/**
 * The Account view's actions as a store: derived from the connection and the identity, the same
 * object while neither changed (a view re-renders only when there is something new to show).
 */
export class AccountActions {
  readonly state$: Observable<AccountActionsState>
  private last: { connection: ConnectionState; identity: IdentityState; state: AccountActionsState } | undefined

  constructor(private readonly deps: AccountActionsDeps) {
    this.state$ = combineLatest([deps.connection.state$, deps.identity.state$]).pipe(
      map(([connection, identity]) => this.derive(connection, identity)),
      distinctUntilChanged(),
    )
  }

  get snapshot(): AccountActionsState {
    return this.derive(this.deps.connection.snapshot, this.deps.identity.snapshot)
  }

  private derive(connection: ConnectionState, identity: IdentityState): AccountActionsState {
    const last = this.last
    if (last?.connection === connection && last.identity === identity) return last.state
    const state = accountActions(connection, identity, this.deps.features, this.deps.regionRestricted)
    this.last = { connection, identity, state }
    return state
  }
}
