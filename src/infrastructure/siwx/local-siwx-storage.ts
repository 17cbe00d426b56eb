import type { SiwxSession } from '../../domain/entities'
import { siwxSessionSchema } from '../../domain/entity-schemas'
import { isSessionCurrent, sessionMatches } from '../../domain/siwx/siwx-rules'
import type { SiwxSessionFilter } from '../../domain/siwx/siwx-storage'
import type { Clock } from '../../ports/clock'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { SiwxStorage } from '../../ports/siwx'
import { storedArray } from './server-session-tokens'

const KEY = 'siwx:sessions'

/**
 * Sign-in sessions in the modal's key-value storage (localStorage), so a reload keeps the visitor
 * signed in. One session per address and network. A session expired or not yet valid is never
 * handed out, and is deleted the next time the list is read; an unreadable entry is dropped.
 */
export class LocalSiwxStorage implements SiwxStorage {
  constructor(
    private readonly storage: KeyValueStorage,
    private readonly clock: Clock,
  ) {}

  add(session: SiwxSession): Promise<void> {
    const key = { caipNetworkId: session.data.chainId, address: session.data.accountAddress }
    this.write([...this.current().filter((s) => !sessionMatches(s, key)), session])
    return Promise.resolve()
  }

  get(filter: SiwxSessionFilter = {}): Promise<SiwxSession[]> {
    return Promise.resolve(this.current().filter((s) => sessionMatches(s, filter)))
  }

  delete(filter: SiwxSessionFilter = {}): Promise<void> {
    this.write(this.current().filter((s) => !sessionMatches(s, filter)))
    return Promise.resolve()
  }

  /** The stored sessions in force now; the others are deleted. */
  private current(): SiwxSession[] {
    const stored = this.read()
    const now = this.clock.now()
    const current = stored.filter((s) => isSessionCurrent(s, now))
    if (current.length !== stored.length) this.write(current)
    return current
  }

  private read(): SiwxSession[] {
    return storedArray(this.storage, KEY).flatMap((entry: unknown) => {
      const result = siwxSessionSchema.safeParse(entry)
      return result.success ? [result.data as SiwxSession] : []
    })
  }

  private write(sessions: readonly SiwxSession[]): void {
    if (sessions.length === 0) this.storage.remove(KEY)
    else this.storage.set(KEY, JSON.stringify(sessions))
  }
}
