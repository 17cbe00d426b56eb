import { BehaviorSubject, type Observable } from 'rxjs'
import type { CaipAddress } from '../../domain/entities'
import { failure, type Failure } from '../../domain/failure'
import { supportsCapability } from '../../domain/network/network-support'
import type { NamesApi } from '../../ports/blockchain/names'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import type { ConnectionState } from '../connection-store'

/**
 * Which of its names an address shows. The name service has no primary name to set (a registration
 * only adds a name, and identity answers the oldest), so the choice is the modal's: kept per
 * address in this browser's storage, and shown only while the service still lists the name as
 * the address's (a value written to storage by anyone else names nothing the address does not own).
 */
const displayNameKey = (address: string): string => `@walletgate/display-name/${address.toLowerCase()}`

/** The name chosen for `address` (any case), if any. */
export function readDisplayName(storage: KeyValueStorage, address: string): string | undefined {
  const name = storage.get(displayNameKey(address))
  return name === null || name === '' ? undefined : name
}

export function rememberDisplayName(storage: KeyValueStorage, address: string, name: string): void {
  storage.set(displayNameKey(address), name)
}

/** The name an address with `owned` names (oldest first) shows: the chosen one while it owns it, else its oldest. */
export function displayedName(owned: readonly string[], chosen: string | undefined): string | null {
  if (chosen !== undefined && owned.includes(chosen)) return chosen
  return owned[0] ?? null
}

export type ChooseAccountNameState =
  /** Nothing connected, or a family without names. */
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly caipAddress: string }
  /** `names` oldest first; `displayed` the one the account shows (null: it has none). */
  | { readonly status: 'ready'; readonly caipAddress: string; readonly names: readonly string[]; readonly displayed: string | null }
  | { readonly status: 'error'; readonly caipAddress: string; readonly error: Failure }

export interface ChooseAccountNameDeps {
  readonly connection: { readonly snapshot: ConnectionState }
  readonly names: Pick<NamesApi, 'reverseLookUpNames'>
  /** Where the account's shown name changes at once (the identity store). */
  readonly identity: { setProfileName(caipAddress: CaipAddress, name: string): void }
  readonly storage: KeyValueStorage
  readonly logger: Logger
}

/**
 * The names the connected account owns (the name service's reverse lookup, oldest first) and which
 * of them it shows. The service has no primary name to set, so the choice is kept per address in
 * this browser (./display-name.ts) and the account's name changes at once.
 */
export class ChooseAccountName {
  private readonly subject = new BehaviorSubject<ChooseAccountNameState>({ status: 'idle' })
  readonly state$: Observable<ChooseAccountNameState> = this.subject.asObservable()
  private generation = 0

  constructor(private readonly deps: ChooseAccountNameDeps) {}

  get snapshot(): ChooseAccountNameState {
    return this.subject.value
  }

  /** Reads the connected account's names anew; resolves when they are in the state (a failure too). */
  async load(): Promise<void> {
    const generation = ++this.generation
    const account = this.deps.connection.snapshot
    if (account.status !== 'connected' || !supportsCapability('names', account.namespace)) return this.subject.next({ status: 'idle' })
    const caipAddress = account.caipAddress
    this.subject.next({ status: 'loading', caipAddress })
    try {
      const profiles = await this.deps.names.reverseLookUpNames(caipAddress as CaipAddress, { sender: account.address })
      if (generation !== this.generation) return
      const names = profiles.map((p) => p.name)
      const displayed = displayedName(names, readDisplayName(this.deps.storage, account.address))
      this.subject.next({ status: 'ready', caipAddress, names, displayed })
    } catch (error) {
      this.deps.logger.warn('Walletgate: the names of the account could not be read', error)
      if (generation === this.generation) this.subject.next({ status: 'error', caipAddress, error: failure('profile.namesFailed') })
    }
  }

  /** Shows `name` as the account's name from now on; ignored unless the account owns it. */
  choose(name: string): void {
    const state = this.subject.value
    const account = this.deps.connection.snapshot
    if (state.status !== 'ready' || account.status !== 'connected' || account.caipAddress !== state.caipAddress) return
    if (!state.names.includes(name)) return
    rememberDisplayName(this.deps.storage, account.address, name)
    this.deps.identity.setProfileName(account.caipAddress as CaipAddress, name)
    this.subject.next({ ...state, displayed: name })
  }
}
