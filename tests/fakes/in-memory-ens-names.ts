import type { EnsNames } from '../../src/ports/blockchain/ens-names'

/** ENS in memory: the names it was given, lower-cased; `down` makes every lookup fail as a dead RPC does. */
export class InMemoryEnsNames implements EnsNames {
  down = false
  readonly asked: string[] = []
  private readonly names: Map<string, string>

  constructor(names: Record<string, string> = {}) {
    this.names = new Map(Object.entries(names).map(([name, address]) => [name.toLowerCase(), address]))
  }

  addressOf(name: string): Promise<string | null> {
    this.asked.push(name)
    if (this.down) return Promise.reject(new Error('ENS: the chain did not answer'))
    // ENSIP-15 holds no name with spaces or an empty label.
    if (/\s|^\.|\.\.|\.$/.test(name)) return Promise.resolve(null)
    return Promise.resolve(this.names.get(name.toLowerCase()) ?? null)
  }
}
