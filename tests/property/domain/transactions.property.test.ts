import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Transaction, TransactionTransfer } from '../../../src/domain/transactions/transaction'
import { groupTransactions, minedAtMs } from '../../../src/domain/transactions/group-transactions'
import { filterTransactions, isSpamTransaction } from '../../../src/domain/transactions/transaction-filters'
import { mergeTransactions } from '../../../src/domain/transactions/merge-transactions'
import { aFungibleTransfer, aTransaction, anNftTransfer } from '../../builders/a-transaction'

const CHAIN = 'eip155:31337'

const transfer: fc.Arbitrary<TransactionTransfer> = fc.oneof(
  fc.constant(aFungibleTransfer()),
  fc.boolean().map((spam) => anNftTransfer(spam)),
)

const transactions: fc.Arbitrary<Transaction[]> = fc
  .array(
    fc.record({
      chain: fc.constantFrom(CHAIN, 'eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
      minedAt: fc.date({ min: new Date('1999-01-01T00:00:00Z'), max: new Date('2101-01-01T00:00:00Z'), noInvalidDate: true }),
      transfers: fc.array(transfer, { maxLength: 3 }),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map((row, i) =>
      aTransaction({
        id: `0x${i.toString(16).padStart(64, '0')}`,
        metadata: { chain: row.chain, minedAt: row.minedAt.toISOString() },
        transfers: row.transfers,
      }),
    ),
  )

describe('transaction grouping', () => {
  it('is newest first, by year then month, and loses no non-spam transaction of the connected chain', () => {
    fc.assert(
      fc.property(transactions, fc.integer({ min: -720, max: 840 }), (list, offset) => {
        const kept = filterTransactions(list, CHAIN)
        const groups = groupTransactions(kept, offset)
        const flat = groups.flatMap((y) => y.months.flatMap((m) => m.transactions))

        // nothing lost, nothing added
        const expected = list.filter((t) => t.metadata.chain === CHAIN && !isSpamTransaction(t))
        expect(new Set(flat)).toEqual(new Set(expected))
        expect(flat).toHaveLength(expected.length)

        // newest first overall
        for (let i = 1; i < flat.length; i++) {
          expect(minedAtMs(flat[i - 1]!)).toBeGreaterThanOrEqual(minedAtMs(flat[i]!))
        }
        // years strictly decreasing, months strictly decreasing within a year, members belong
        for (let i = 1; i < groups.length; i++) expect(groups[i - 1]!.year).toBeGreaterThan(groups[i]!.year)
        for (const y of groups) {
          expect(y.months.length).toBeGreaterThan(0)
          for (let i = 1; i < y.months.length; i++) expect(y.months[i - 1]!.month).toBeGreaterThan(y.months[i]!.month)
          for (const m of y.months) {
            expect(m.transactions.length).toBeGreaterThan(0)
            for (const t of m.transactions) {
              const local = new Date(minedAtMs(t) + offset * 60_000)
              expect([local.getUTCFullYear(), local.getUTCMonth()]).toEqual([y.year, m.month])
            }
          }
        }
      }),
      { numRuns: 500 },
    )
  })

  it('merging keeps one entry per id, the latest one', () => {
    fc.assert(
      fc.property(transactions, fc.array(fc.nat({ max: 39 }), { maxLength: 20 }), (list, repeats) => {
        const again = repeats
          .filter((i) => i < list.length)
          .map((i) => ({ ...list[i]!, id: list[i]!.id.toUpperCase().replace('0X', '0x'), metadata: { ...list[i]!.metadata, status: 'failed' as const } }))
        const merged = mergeTransactions(list, again)
        expect(merged).toHaveLength(list.length)
        expect(new Set(merged.map((t) => t.id)).size).toBe(list.length)
        for (const t of merged) expect(t.id).toBe(t.id.toLowerCase())
        for (const r of again) {
          expect(merged.find((t) => t.id === r.id.toLowerCase())?.metadata.status).toBe('failed')
        }
      }),
      { numRuns: 500 },
    )
  })
})
