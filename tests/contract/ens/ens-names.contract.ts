import { describe, expect, it } from 'vitest'
import type { EnsNames } from '../../../src/ports/blockchain/ens-names'

/** What every EnsNames answers, given a world where `known` is registered to `address`. */
export function ensNamesContract(label: string, world: () => Promise<{ names: EnsNames; known: string; address: string }>): void {
  describe(`EnsNames (${label})`, () => {
    it('gives a registered name its address, whatever the case it is typed in', async () => {
      const { names, known, address } = await world()
      expect((await names.addressOf(known))?.toLowerCase()).toBe(address.toLowerCase())
      expect((await names.addressOf(known.toUpperCase()))?.toLowerCase()).toBe(address.toLowerCase())
    })

    it('gives null, not an error, for a name nobody holds and for text that is no name', async () => {
      const { names } = await world()
      expect(await names.addressOf(`nobody-${Date.now()}.wg.id`)).toBeNull()
      expect(await names.addressOf('two words.wg.id')).toBeNull()
    })
  })
}
