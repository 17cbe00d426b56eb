import { describe, expect, it } from 'vitest'
import { filterTransactions, isSpamTransaction } from '../../../../src/domain/transactions/transaction-filters'
import { groupTransactions } from '../../../../src/domain/transactions/group-transactions'
import { mergeTransactions, transactionId } from '../../../../src/domain/transactions/merge-transactions'
import { createPendingTransaction } from '../../../../src/domain/transactions/pending-transaction'
import { aFungibleTransfer, aTransaction, anNftTransfer } from '../../../builders/a-transaction'

describe('spam filter', () => {
  it('a transaction with no transfers (a contract call) is activity, not spam', () => {
    expect(isSpamTransaction(aTransaction({ transfers: [] }))).toBe(false)
    expect(isSpamTransaction(aTransaction({ transfers: [], metadata: { operationType: 'execute' } }))).toBe(false)
  })

  it('a transaction whose transfers are all spam NFTs is spam', () => {
    expect(isSpamTransaction(aTransaction({ transfers: [anNftTransfer(true), anNftTransfer(true)] }))).toBe(true)
  })

  it('one non-spam transfer keeps it', () => {
    expect(isSpamTransaction(aTransaction({ transfers: [anNftTransfer(true), aFungibleTransfer()] }))).toBe(false)
    expect(isSpamTransaction(aTransaction({ transfers: [anNftTransfer(false)] }))).toBe(false)
  })

  it('drops spam and other chains, keeps a contract call without transfers', () => {
    const keep = aTransaction()
    const call = aTransaction({ transfers: [], metadata: { operationType: 'execute' } })
    const list = [
      keep,
      call,
      aTransaction({ transfers: [], metadata: { chain: 'eip155:1' } }),
      aTransaction({ metadata: { chain: 'eip155:1' } }),
      aTransaction({ transfers: [anNftTransfer(true)] }),
    ]
    expect(filterTransactions(list, 'eip155:31337')).toEqual([keep, call])
  })
})

describe('grouping', () => {
  it('groups by year then month, newest first', () => {
    const a = aTransaction({ metadata: { minedAt: '2024-12-31T23:00:00Z' } })
    const b = aTransaction({ metadata: { minedAt: '2025-01-02T00:00:00Z' } })
    const c = aTransaction({ metadata: { minedAt: '2025-03-01T00:00:00Z' } })
    const d = aTransaction({ metadata: { minedAt: '2025-03-20T00:00:00Z' } })
    const groups = groupTransactions([a, c, b, d])
    expect(groups.map((g) => g.year)).toEqual([2025, 2024])
    expect(groups[0]?.months.map((m) => m.month)).toEqual([2, 0])
    expect(groups[0]?.months[0]?.transactions).toEqual([d, c])
    expect(groups[1]?.months).toEqual([{ year: 2024, month: 11, transactions: [a] }])
  })

  it('can group in the viewer\'s time zone', () => {
    const t = aTransaction({ metadata: { minedAt: '2024-12-31T23:00:00Z' } })
    expect(groupTransactions([t], 120)[0]?.year).toBe(2025)
    expect(groupTransactions([t])[0]?.year).toBe(2024)
  })

  it('an empty list gives no groups', () => {
    expect(groupTransactions([])).toEqual([])
  })
})

describe('ids and de-duplication', () => {
  it('a transaction id is its lowercase hash', () => {
    expect(transactionId('0xABCdef')).toBe('0xabcdef')
  })

  it('a repeated id replaces the older entry in its place', () => {
    const first = aTransaction({ id: '0xAA', metadata: { status: 'pending' } })
    const other = aTransaction({ id: '0xbb' })
    const confirmed = aTransaction({ id: '0xaa', metadata: { status: 'confirmed' } })
    const merged = mergeTransactions([first, other], [confirmed])
    expect(merged.map((t) => t.id)).toEqual(['0xaa', '0xbb'])
    expect(merged[0]?.metadata.status).toBe('confirmed')
  })

  it('a pending entry the client creates carries its transfers, so it is never spam', () => {
    const pending = createPendingTransaction({
      hash: '0xABC',
      chain: 'eip155:31337',
      sentFrom: '0x1',
      sentTo: '0x2',
      nonce: 3,
      transfers: [aFungibleTransfer()],
      nowMs: Date.UTC(2025, 5, 1),
    })
    expect(pending.id).toBe('0xabc')
    expect(pending.metadata).toMatchObject({ status: 'pending', minedAt: '2025-06-01T00:00:00.000Z', hash: '0xABC' })
    expect(filterTransactions([pending], 'eip155:31337')).toEqual([pending])
  })
})
