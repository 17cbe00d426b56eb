/** In-memory implementations of the guards' storage ports (./ports), for the devnet and tests. */
import type { AttemptStore, CodeStore, Lock, PendingCode, SessionStore } from './ports'

export class InMemoryCodeStore implements CodeStore {
  private readonly codes = new Map<string, PendingCode>()
  private readonly sent = new Map<string, number>()

  get(key: string): PendingCode | undefined {
    return this.codes.get(key)
  }
  put(key: string, code: PendingCode): void {
    this.codes.set(key, code)
  }
  delete(key: string): void {
    this.codes.delete(key)
  }
  lastSent(key: string): number | undefined {
    return this.sent.get(key)
  }
  setLastSent(key: string, at: number): void {
    this.sent.set(key, at)
  }
  forgetLastSent(key: string): void {
    this.sent.delete(key)
  }
}

export class InMemoryAttemptStore implements AttemptStore {
  private readonly events = new Map<string, number[]>()
  private readonly locks = new Map<string, Lock>()

  add(key: string, at: number): void {
    const list = this.events.get(key) ?? []
    list.push(at)
    list.sort((a, b) => a - b)
    this.events.set(key, list)
  }
  since(key: string, after: number): number[] {
    const kept = (this.events.get(key) ?? []).filter((t) => t > after)
    if (kept.length === 0) this.events.delete(key)
    else this.events.set(key, kept)
    return [...kept]
  }
  lock(key: string): Lock | undefined {
    return this.locks.get(key)
  }
  setLock(key: string, lock: Lock): void {
    this.locks.set(key, lock)
  }
}

export class InMemorySessionStore<S extends { readonly token: string; readonly userId: string }> implements SessionStore<S> {
  private readonly sessions = new Map<string, S>()

  get(token: string): S | undefined {
    return this.sessions.get(token)
  }
  set(token: string, session: S): void {
    this.sessions.set(token, session)
  }
  delete(token: string): void {
    this.sessions.delete(token)
  }
  deleteForUser(userId: string): void {
    for (const [token, session] of this.sessions) if (session.userId === userId) this.sessions.delete(token)
  }
}
