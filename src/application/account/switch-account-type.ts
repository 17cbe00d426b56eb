import { BehaviorSubject, type Observable } from 'rxjs'
import type { AccountType } from '../../domain/entities'
import { failure, type Failure } from '../../domain/failure'
import type { ChainFamilies } from '../../ports/chain-family'
import type { Logger } from '../../ports/logger'
import type { ConnectedAccount, ConnectionStore } from '../connection-store'
import { accountSwitchFailure } from './choose-account'

export type SwitchAccountTypeState =
  | { readonly status: 'idle' }
  | { readonly status: 'switching'; readonly accountType: AccountType }
  /** The wallet refused; `error` names the words to show (the wallet's own, bounded, as its `reason`). */
  | { readonly status: 'error'; readonly accountType: AccountType; readonly error: Failure }

/** The account types a connected account can switch between: none unless its wallet shared more than one. */
export function accountTypeChoices(account: Pick<ConnectedAccount, 'accountTypes'>): readonly AccountType[] {
  const types = account.accountTypes ?? []
  return types.length > 1 ? types : []
}

/**
 * Moves the active connection to another of its account types (bip122: the payment or the
 * ordinals address, spec section 4), through its family's optional `switchAccountType`. The
 * wallet is not asked again: it shared both addresses when it connected. The connection then
 * shows the new type and address.
 */
export class SwitchAccountType {
  private readonly subject = new BehaviorSubject<SwitchAccountTypeState>({ status: 'idle' })
  readonly state$: Observable<SwitchAccountTypeState> = this.subject.asObservable()

  constructor(
    private readonly families: ChainFamilies,
    private readonly connection: ConnectionStore,
    private readonly logger: Logger,
  ) {}

  get snapshot(): SwitchAccountTypeState {
    return this.subject.value
  }

  /** Resolves once the switch is done or has failed (the failure is in the state, never thrown). */
  async switchTo(accountType: AccountType): Promise<void> {
    const account = this.connection.snapshot
    if (account.status !== 'connected' || this.subject.value.status === 'switching') return
    if (account.accountType === accountType) return this.subject.next({ status: 'idle' })
    const family = this.families.get(account.namespace)
    if (family?.switchAccountType === undefined || !accountTypeChoices(account).includes(accountType)) {
      return this.subject.next({ status: 'error', accountType, error: failure('account.noSuchAccountType') })
    }
    this.subject.next({ status: 'switching', accountType })
    try {
      const next = await family.switchAccountType(account.connectorId, accountType)
      const current = this.connection.account(account.namespace)
      // Disconnected, or another wallet, while the wallet answered: nothing to change.
      if (current?.connectorId === account.connectorId) {
        const address = next.addresses[0] as string
        this.connection.update(account.namespace, {
          address,
          caipAddress: `${current.caipNetworkId}:${address}`,
          accountType: next.accountType ?? accountType,
          ...(next.accountTypes === undefined ? {} : { accountTypes: next.accountTypes }),
        })
      }
      this.subject.next({ status: 'idle' })
    } catch (error) {
      this.logger.warn('Walletgate: the account type switch failed', error)
      this.subject.next({ status: 'error', accountType, error: accountSwitchFailure(error) })
    }
  }
}
