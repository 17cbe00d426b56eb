import { BehaviorSubject, type Observable } from 'rxjs'
import { STORAGE_KEYS } from '../../domain/constants'
import type { RecentWallet } from '../../domain/entities'
import { addRecentWallet, parseStoredRecentWallets } from '../../domain/limits/recent-wallets'
import type { KeyValueStorage } from '../../ports/key-value-storage'

/** Recent wallets (spec sections 3 and 9: keep 2, newest first), persisted in storage. */
export class RecentWallets {
  private readonly subject: BehaviorSubject<readonly RecentWallet[]>
  readonly wallets$: Observable<readonly RecentWallet[]>

  constructor(private readonly storage: KeyValueStorage) {
    this.subject = new BehaviorSubject<readonly RecentWallet[]>(
      parseStoredRecentWallets(storage.get(STORAGE_KEYS.recentWallets)),
    )
    this.wallets$ = this.subject.asObservable()
  }

  get wallets(): readonly RecentWallet[] {
    return this.subject.value
  }

  add(wallet: RecentWallet): void {
    const next = addRecentWallet(this.subject.value, wallet)
    this.storage.set(STORAGE_KEYS.recentWallets, JSON.stringify(next))
    this.subject.next(next)
  }
}
