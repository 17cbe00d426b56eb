/**
 * How well a name answers a search: a name equal to the query first, then names that start with
 * it, then names with a word starting with it, then names containing it, then the rest (the
 * catalogue also matches on fields the visitor does not see). Case and surrounding spaces are
 * ignored.
 */
export function searchRank(name: string, query: string): number {
  const q = query.trim().toLowerCase()
  const n = name.trim().toLowerCase()
  if (q === '') return 0
  if (n === q) return 0
  if (n.startsWith(q)) return 1
  if (n.split(/[\s\-_.]+/).some((word) => word.startsWith(q))) return 2
  if (n.includes(q)) return 3
  return 4
}

/**
 * The items in search order ({@link searchRank}); items of the same rank keep the order the
 * catalogue gave them. Returns a new array.
 */
export function rankBySearch<T>(items: readonly T[], query: string, nameOf: (item: T) => string): T[] {
  return items
    .map((item, index) => ({ item, index, rank: searchRank(nameOf(item), query) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.item)
}
