/** The login stores (./stores) in the process: for tests of the rules, held to ./pg-stores by one contract suite. */
import type { AttemptStore, CodeStore, Lock, LoginSession, LoginStores, PendingCode, SessionStore } from './stores.js'

export class InMemoryCodeStore implements CodeStore {
  private readonly codes = new Map<string, PendingCode>()
  private readonly sent = new Map<string, number>()

  async get(key: string): Promise<PendingCode | undefined> {
    return this.codes.get(key)
  }
  async put(key: string, code: PendingCode): Promise<void> {
    this.codes.set(key, { ...code })
  }
  async delete(key: string): Promise<void> {
    this.codes.delete(key)
  }
  async use(key: string, code: string): Promise<boolean> {
    if (this.codes.get(key)?.code !== code) return false
    this.codes.delete(key)
    return true
  }
  async spendAttempt(key: string): Promise<number | undefined> {
    const pending = this.codes.get(key)
    if (pending === undefined) return undefined
    const left = pending.attemptsLeft - 1
    if (left <= 0) this.codes.delete(key)
    else this.codes.set(key, { ...pending, attemptsLeft: left })
    return Math.max(left, 0)
  }
  async lastSent(key: string): Promise<number | undefined> {
    return this.sent.get(key)
  }
  async setLastSent(key: string, at: number): Promise<void> {
    this.sent.set(key, at)
  }
  async forgetLastSent(key: string): Promise<void> {
    this.sent.delete(key)
  }
}

export class InMemoryAttemptStore implements AttemptStore {
  private readonly events = new Map<string, number[]>()
  private readonly locks = new Map<string, Lock>()

  async add(key: string, at: number): Promise<void> {
    const list = this.events.get(key) ?? []
    list.push(at)
    list.sort((a, b) => a - b)
    this.events.set(key, list)
  }
  async since(key: string, after: number): Promise<number[]> {
    const kept = (this.events.get(key) ?? []).filter((t) => t > after)
    if (kept.length === 0) this.events.delete(key)
    else this.events.set(key, kept)
    return [...kept]
  }
  async lock(key: string): Promise<Lock | undefined> {
    return this.locks.get(key)
  }
  async setLock(key: string, lock: Lock): Promise<void> {
    this.locks.set(key, lock)
  }
}

export class InMemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, LoginSession>()

  async get(token: string): Promise<LoginSession | undefined> {
    return this.sessions.get(token)
  }
  async set(session: LoginSession): Promise<void> {
    this.sessions.set(session.token, session)
  }
  async delete(token: string): Promise<void> {
    this.sessions.delete(token)
  }
  async deleteForUser(userId: string): Promise<number> {
    let ended = 0
    for (const [token, session] of this.sessions) {
      if (session.userId !== userId) continue
      this.sessions.delete(token)
      ended++
    }
    return ended
  }
}

export const inMemoryLoginStores = (): LoginStores => ({ codes: new InMemoryCodeStore(), attempts: new InMemoryAttemptStore(), sessions: new InMemorySessionStore() })
