import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { rankBySearch, searchRank } from '../../../src/domain/connection/search-rank'

const name = fc.string({ minLength: 1, maxLength: 12 })

describe('rankBySearch (property)', () => {
  it('is a permutation whose ranks never decrease, stable within a rank', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 20 }), fc.string({ maxLength: 4 }), (names, query) => {
        const items = names.map((n, i) => ({ n, i }))
        const ranked = rankBySearch(items, query, (x) => x.n)
        expect([...ranked].sort((a, b) => a.i - b.i)).toEqual(items)
        for (let k = 1; k < ranked.length; k++) {
          const prev = ranked[k - 1]!
          const cur = ranked[k]!
          const diff = searchRank(cur.n, query) - searchRank(prev.n, query)
          expect(diff).toBeGreaterThanOrEqual(0)
          if (diff === 0) expect(cur.i).toBeGreaterThan(prev.i)
        }
      }),
    )
  })

  it('puts a name equal to the query (any case) first', () => {
    fc.assert(
      fc.property(fc.array(name, { maxLength: 10 }), fc.stringMatching(/^[a-z]{1,6}$/), (others, query) => {
        const ranked = rankBySearch([...others, query.toUpperCase()], query, (n) => n)
        expect(ranked[0]!.toLowerCase().trim()).toBe(query)
      }),
    )
  })
})
