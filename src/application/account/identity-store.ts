import { BehaviorSubject, defer, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs'
import type { CaipAddress, Identity } from '../../domain/entities'
import type { IdentityApi } from '../../ports/blockchain/identity'
import type { NamesApi } from '../../ports/blockchain/names'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import type { ConnectionStore } from '../connection-store'
import { displayedName, readDisplayName } from '../names/choose-account-name'

/** Where the name the visitor chose to show is kept, and the names that say whether the address still owns it. */
export interface DisplayNameSource {
  readonly storage: KeyValueStorage
  readonly names: Pick<NamesApi, 'reverseLookUpNames'>
}

export type IdentityState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly caipAddress: CaipAddress }
  | { readonly status: 'ready'; readonly caipAddress: CaipAddress; readonly identity: Identity }
  /** The lookup failed: the account shows its address only. */
  | { readonly status: 'error'; readonly caipAddress: CaipAddress; readonly error: unknown }

/**
 * Name and avatar of the connected account (spec section 7, `GET /v1/identity/{address}`,
 * cached 5 min by the adapter). Loads on the first subscription and on every account change.
 * With `displayName`, the name the visitor chose among the address's (ChooseAccountName) replaces
 * the service's while the service lists it as the address's.
 */
export class IdentityStore {
  private readonly subject = new BehaviorSubject<IdentityState>({ status: 'idle' })
  readonly state$: Observable<IdentityState>
  private following: Subscription | undefined
  private generation = 0

  constructor(
    private readonly connection: ConnectionStore,
    private readonly api: IdentityApi,
    private readonly logger: Logger,
    private readonly displayName?: DisplayNameSource,
  ) {
    this.state$ = defer(() => {
      this.start()
      return this.subject
    })
  }

  get snapshot(): IdentityState {
    return this.subject.value
  }

  start(): void {
    this.following ??= this.connection.state$
      .pipe(
        map((state) => (state.status === 'connected' ? { caipAddress: state.caipAddress, address: state.address } : undefined)),
        distinctUntilChanged((a, b) => a?.caipAddress === b?.caipAddress),
      )
      .subscribe((account) => {
        const generation = ++this.generation
        if (account === undefined) this.subject.next({ status: 'idle' })
        else void this.load(generation, account.caipAddress as CaipAddress, account.address)
      })
  }

  /**
   * The account's name is now `name` (just registered): shown at once, without waiting for the
   * cached identity to expire. Ignored when another account is connected meanwhile.
   */
  setProfileName(caipAddress: CaipAddress, name: string): void {
    const last = this.subject.value
    if (last.status === 'idle' || last.caipAddress !== caipAddress) return
    const avatar = last.status === 'ready' ? last.identity.avatar : null
    this.generation++
    this.subject.next({ status: 'ready', caipAddress, identity: { name, avatar } })
  }

  dispose(): void {
    this.following?.unsubscribe()
    this.following = undefined
    this.generation++
  }

  /** `identity` with the name the visitor chose for this address, when the address still owns it. */
  private async chosenName(caipAddress: CaipAddress, sender: string, identity: Identity): Promise<Identity> {
    const chosen = this.displayName === undefined ? undefined : readDisplayName(this.displayName.storage, sender)
    if (this.displayName === undefined || chosen === undefined || identity.name === null || chosen === identity.name) return identity
    try {
      const owned = (await this.displayName.names.reverseLookUpNames(caipAddress, { sender })).map((p) => p.name)
      return { ...identity, name: displayedName(owned, chosen) ?? identity.name }
    } catch (error) {
      this.logger.warn('Walletgate: the chosen name could not be checked', error)
      return identity
    }
  }

  private async load(generation: number, caipAddress: CaipAddress, sender: string): Promise<void> {
    const last = this.subject.value
    // The identity belongs to the address, not the network: keep showing it while reloading on
    // another network of the same address, never for another address.
    const sameAddress = last.status === 'ready' && last.caipAddress.split(':')[2]?.toLowerCase() === sender.toLowerCase()
    if (!sameAddress) this.subject.next({ status: 'loading', caipAddress })
    try {
      const identity = await this.chosenName(caipAddress, sender, await this.api.getIdentity(caipAddress, { sender }))
      if (generation === this.generation) this.subject.next({ status: 'ready', caipAddress, identity })
    } catch (error) {
      this.logger.warn('Identity lookup failed', error)
      if (generation === this.generation) this.subject.next({ status: 'error', caipAddress, error })
    }
  }
}
