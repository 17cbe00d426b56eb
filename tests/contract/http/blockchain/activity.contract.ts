/** The ActivityApi contract, run against FetchActivityApi over HTTP to the devnet and against its fake. */
import { describe, expect, it } from 'vitest'
import type { CaipAddress } from '../../../../src/domain/entities'
import type { Transaction } from '../../../../src/domain/transactions/transaction'
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

      it("filters by token on the service: a token's pages hold only rows that moved it", async () => {
        const contract = w.token.caip10.split(':').pop()!
        const moved = (tx: Transaction, symbol: string) => tx.transfers.some((t) => t.fungible_info?.symbol === symbol)
        for (const token of [contract, contract.toLowerCase(), `${w.chainId}/erc20:${contract}`]) {
          const rows = await everyRow(w.api, account(w.funded.address), token)
          expect(rows.length, token).toBeGreaterThan(0)
          for (const tx of rows) expect(moved(tx, w.token.symbol), `${token}: ${tx.id}`).toBe(true)
        }
        // The native coin's history (the account may have none) leaves out the rows that moved only the token.
        const native = await everyRow(w.api, account(w.funded.address), 'native')
        for (const tx of native) expect(tx.transfers.every((t) => t.fungible_info?.symbol === w.token.symbol), tx.id).toBe(false)
        const all = new Set((await everyRow(w.api, account(w.funded.address))).map((tx) => tx.id))
        for (const tx of native) expect(all.has(tx.id), tx.id).toBe(true)
      })

      it('refuses a malformed token filter with HttpError 400', async () => {
        for (const token of ["0x' OR 1=1 --", '%', `${w.chainId}/erc20:%`, 'x'.repeat(200)]) {
          await expect(w.api.getTransactions(account(w.funded.address), { token }), token).rejects.toMatchObject({ name: 'HttpError', status: 400 })
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

/** Every row of the account's history (with `token`: of that token), following `next`. */
async function everyRow(api: ActivityApi, account: CaipAddress, token?: string): Promise<Transaction[]> {
  const rows: Transaction[] = []
  let cursor: string | null = null
  for (let pages = 0; pages < 50; pages++) {
    const page = await api.getTransactions(account, { cursor, ...(token === undefined ? {} : { token }) })
    rows.push(...page.data)
    if (page.next === null) return rows
    cursor = page.next
  }
  throw new RangeError('more than 50 pages')
}
