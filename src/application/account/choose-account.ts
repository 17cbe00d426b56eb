import { BehaviorSubject, type Observable } from 'rxjs'
import { failure, type Failure } from '../../domain/failure'
import { boundMessage } from '../../domain/validation/text-bounds'
import { WalletRequestError, type ChainFamilies } from '../../ports/chain-family'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import { rememberChosenAccount } from '../connection/storage-keys'
import type { ConnectedAccount, ConnectionStore } from '../connection-store'

export type ChooseAccountState =
  | { readonly status: 'idle' }
  | { readonly status: 'choosing'; readonly address: string }
  /** The wallet refused; `error` names the words to show (the wallet's own, bounded, as its `reason`). */
  | { readonly status: 'error'; readonly address: string; readonly error: Failure }

/** The accounts a connected account can move between: none unless its wallet shared more than one. */
export function accountChoices(account: Pick<ConnectedAccount, 'accounts'>): readonly { readonly address: string; readonly name?: string }[] {
  const accounts = account.accounts ?? []
  return accounts.length > 1 ? accounts : []
}

export interface ChooseAccountDeps {
  readonly families: ChainFamilies
  readonly connection: ConnectionStore
  readonly storage: KeyValueStorage
  readonly logger: Logger
}

/**
 * Moves the active connection to another of the accounts its wallet shared (a polkadot
 * extension's named accounts: "accounts listed with their names, one chosen"), through its
 * family's optional `chooseAddress`. The wallet is not asked again. The choice is kept for the
 * next reload (storage-keys).
 */
export class ChooseAccount {
  private readonly subject = new BehaviorSubject<ChooseAccountState>({ status: 'idle' })
  readonly state$: Observable<ChooseAccountState> = this.subject.asObservable()

  constructor(private readonly deps: ChooseAccountDeps) {}

  get snapshot(): ChooseAccountState {
    return this.subject.value
  }

  /** Resolves once the choice is made or has failed (the failure is in the state, never thrown). */
  async choose(address: string): Promise<void> {
    const account = this.deps.connection.snapshot
    if (account.status !== 'connected' || this.subject.value.status === 'choosing') return
    if (account.address === address) return this.subject.next({ status: 'idle' })
    const family = this.deps.families.get(account.namespace)
    if (family?.chooseAddress === undefined || !accountChoices(account).some((a) => a.address === address)) {
      return this.subject.next({ status: 'error', address, error: failure('account.noSuchAccount') })
    }
    this.subject.next({ status: 'choosing', address })
    try {
      const next = await family.chooseAddress(account.connectorId, address)
      const current = this.deps.connection.account(account.namespace)
      // Disconnected, or another wallet, while the wallet answered: nothing to change.
      if (current?.connectorId === account.connectorId) {
        const chosen = next.addresses[0] as string
        this.deps.connection.update(account.namespace, {
          address: chosen,
          caipAddress: `${current.caipNetworkId}:${chosen}`,
          ...(next.accounts === undefined ? {} : { accounts: next.accounts }),
        })
        rememberChosenAccount(this.deps.storage, account.namespace, account.connectorId, chosen)
      }
      this.subject.next({ status: 'idle' })
    } catch (error) {
      this.deps.logger.warn('Walletgate: choosing another account failed', error)
      this.subject.next({ status: 'error', address, error: accountSwitchFailure(error) })
    }
  }
}

/** Why the wallet did not move to another account: its own words (bounded) when it said some. */
export function accountSwitchFailure(error: unknown): Failure {
  return error instanceof WalletRequestError ? failure('account.walletReason', { reason: boundMessage(error.message) }) : failure('account.switchFailed')
}
