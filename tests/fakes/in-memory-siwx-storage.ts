import type { SiwxSession } from '../../src/domain/entities'
import { isSessionCurrent, sessionMatches } from '../../src/domain/siwx/siwx-rules'
import type { SiwxSessionFilter } from '../../src/domain/siwx/siwx-storage'
import type { Clock } from '../../src/ports/clock'
import type { SiwxStorage } from '../../src/ports/siwx'

/** SiwxStorage over an array; `sessions` is open for assertions, `failNext` makes the next call reject. */
export class InMemorySiwxStorage implements SiwxStorage {
  sessions: SiwxSession[] = []
  private failure: Error | undefined

  constructor(private readonly clock: Clock) {}

  failNext(error = new Error('storage unavailable')): void {
    this.failure = error
  }

  add(session: SiwxSession): Promise<void> {
    return this.run(() => {
      const key = { caipNetworkId: session.data.chainId, address: session.data.accountAddress }
      this.sessions = [...this.sessions.filter((s) => !sessionMatches(s, key)), session]
    })
  }

  get(filter: SiwxSessionFilter = {}): Promise<SiwxSession[]> {
    return this.run(() => {
      this.sessions = this.sessions.filter((s) => isSessionCurrent(s, this.clock.now()))
      return this.sessions.filter((s) => sessionMatches(s, filter))
    })
  }

  delete(filter: SiwxSessionFilter = {}): Promise<void> {
    return this.run(() => {
      this.sessions = this.sessions.filter((s) => !sessionMatches(s, filter))
    })
  }

  private run<T>(body: () => T): Promise<T> {
    const failure = this.failure
    this.failure = undefined
    return failure === undefined ? Promise.resolve(body()) : Promise.reject(failure)
  }
}
