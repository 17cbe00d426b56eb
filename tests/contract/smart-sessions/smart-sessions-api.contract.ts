import { describe, expect, it } from 'vitest'
import { HttpError } from '../../../src/ports/http-errors'
import type { SmartSessionsApi } from '../../../src/ports/smart-sessions'

export interface SmartSessionsWorld {
  readonly api: SmartSessionsApi
  /** A new account with one session key granted on chain (limit `valueLimit`, expiry `expiry`). */
  grant(valueLimit: bigint, expiry: number): Promise<{ account: string; pci: string; key: string; chainId: number }>
  /** The owner removes the key on chain. */
  removeOnChain(account: string, pci: string): Promise<void>
  /** A time well ahead of the chain's clock (unix seconds). */
  readonly later: number
}

/** What every SmartSessionsApi does: list the keys the chain holds, confirm a revocation only once the key is gone. */
export function smartSessionsApiContract(name: string, makeWorld: () => Promise<SmartSessionsWorld>, timeoutMs = 5_000): void {
  describe(`SmartSessionsApi contract: ${name}`, () => {
    it('lists a granted key with its limit and expiry; an account with none lists []', { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const granted = await w.grant(50_000_000_000_000_000n, w.later)
      const [session, ...rest] = await w.api.list(granted.account)
      expect(rest).toEqual([])
      expect(session).toMatchObject({ pci: granted.pci, chainId: granted.chainId, expiry: w.later, valueLimit: 50_000_000_000_000_000n, spent: 0n, active: true })
      expect(session!.key.toLowerCase()).toBe(granted.key.toLowerCase())
      expect(await w.api.list('0x000000000000000000000000000000000000dEaD')).toEqual([])
    })

    it('confirms a revocation only once the key is gone on chain (409 before), and the list no longer has it', { timeout: timeoutMs }, async () => {
      const w = await makeWorld()
      const granted = await w.grant(1n, w.later)
      const early = await w.api.confirmRevoked(granted.account, { pci: granted.pci, signature: '0x01' }).catch((error: unknown) => error)
      expect(early).toBeInstanceOf(HttpError)
      expect((early as HttpError).status).toBe(409)
      await w.removeOnChain(granted.account, granted.pci)
      await expect(w.api.confirmRevoked(granted.account, { pci: granted.pci, signature: '0x01' })).resolves.toBeUndefined()
      expect(await w.api.list(granted.account)).toEqual([])
    })
  })
}
