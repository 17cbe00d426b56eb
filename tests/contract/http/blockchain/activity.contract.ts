/** The ActivityApi contract, run against FetchActivityApi over HTTP to the devnet and against its fake. */
import { describe, expect, it } from 'vitest'
import type { ActivityApi } from '../../../../src/ports/blockchain/activity'
import { contractSuite, UNSUPPORTED_CHAIN, type BlockchainWorld } from './world'

export interface ActivityApiWorld extends BlockchainWorld {
  readonly api: ActivityApi
}

export function activityContract(label: string, makeWorld: () => Promise<ActivityApiWorld>): void {
  contractSuite('ActivityApi', label, makeWorld, (w, account) => {
    describe('history', () => {
      it('answers a page of transactions on the network', async () => {
        const page = await w.api.getTransactions(account(w.funded.address))
        expect(page.data.length).toBeGreaterThan(0)
        expect(page.next === null || typeof page.next === 'string').toBe(true)
        for (const tx of page.data) {
          expect(tx.metadata.chain).toBe(w.chainId)
          expect(tx.id).toBe(tx.id.toLowerCase())
        }
      })

      it('answers an empty page on an unsupported network or namespace', async () => {
        const empty = { data: [], next: null }
        await expect(w.api.getTransactions(account(w.funded.address, UNSUPPORTED_CHAIN))).resolves.toEqual(empty)
        await expect(
          w.api.getTransactions('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'),
        ).resolves.toEqual(empty)
      })
    })
  })
}
