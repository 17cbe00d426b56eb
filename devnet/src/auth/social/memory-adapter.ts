/**
 * oidc-provider's storage for the devnet: in memory, one map per model, each entry gone when it
 * expires. (The provider's own quick-start store does the same but warns on every start.)
 */
type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number }

/** A fresh adapter class per provider, so six providers never share a store. */
export function memoryAdapter(): new (model: string) => unknown {
  const models = new Map<string, Map<string, { payload: Payload; expiresAt?: number }>>()
  return class MemoryAdapter {
    private readonly entries: Map<string, { payload: Payload; expiresAt?: number }>

    constructor(model: string) {
      let entries = models.get(model)
      if (entries === undefined) {
        entries = new Map()
        models.set(model, entries)
      }
      this.entries = entries
    }

    private live(id: string): Payload | undefined {
      const entry = this.entries.get(id)
      if (entry === undefined) return undefined
      if (entry.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
        this.entries.delete(id)
        return undefined
      }
      return entry.payload
    }

    upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
      this.entries.set(id, { payload, ...(expiresIn === undefined ? {} : { expiresAt: Date.now() + expiresIn * 1000 }) })
      return Promise.resolve()
    }

    find(id: string): Promise<Payload | undefined> {
      return Promise.resolve(this.live(id))
    }

    findByUid(uid: string): Promise<Payload | undefined> {
      return Promise.resolve([...this.entries.keys()].map((id) => this.live(id)).find((p) => p?.uid === uid))
    }

    findByUserCode(userCode: string): Promise<Payload | undefined> {
      return Promise.resolve([...this.entries.keys()].map((id) => this.live(id)).find((p) => p?.userCode === userCode))
    }

    consume(id: string): Promise<void> {
      const payload = this.live(id)
      if (payload !== undefined) payload.consumed = Math.floor(Date.now() / 1000)
      return Promise.resolve()
    }

    destroy(id: string): Promise<void> {
      this.entries.delete(id)
      return Promise.resolve()
    }

    revokeByGrantId(grantId: string): Promise<void> {
      for (const model of models.values()) for (const [id, entry] of model) if (entry.payload.grantId === grantId) model.delete(id)
      return Promise.resolve()
    }
  }
}
