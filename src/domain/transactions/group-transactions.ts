/**
 * Transactions grouped by year then month, newest first (spec section 4). Months are computed
 * in UTC shifted by `utcOffsetMinutes` (pass the viewer's offset to group in local time).
 */
import type { Transaction } from './transaction'

export interface TransactionMonthGroup {
  readonly year: number
  /** 0 (January) to 11 (December). */
  readonly month: number
  /** Newest first. */
  readonly transactions: Transaction[]
}

export interface TransactionYearGroup {
  readonly year: number
  /** Newest month first. */
  readonly months: TransactionMonthGroup[]
}

/** `minedAt` in epoch ms; an unparseable time counts as 0 (oldest). */
export function minedAtMs(transaction: Pick<Transaction, 'metadata'>): number {
  const ms = Date.parse(transaction.metadata.minedAt)
  return Number.isNaN(ms) ? 0 : ms
}

/** Newest first; equal times keep their input order. */
export function sortNewestFirst(transactions: readonly Transaction[]): Transaction[] {
  return transactions
    .map((t, i) => ({ t, i, ms: minedAtMs(t) }))
    .sort((a, b) => b.ms - a.ms || a.i - b.i)
    .map((x) => x.t)
}

export function groupTransactions(
  transactions: readonly Transaction[],
  utcOffsetMinutes = 0,
): TransactionYearGroup[] {
  const years: TransactionYearGroup[] = []
  for (const t of sortNewestFirst(transactions)) {
    const shifted = new Date(minedAtMs(t) + utcOffsetMinutes * 60_000)
    const year = shifted.getUTCFullYear()
    const month = shifted.getUTCMonth()
    let yearGroup = years[years.length - 1]
    if (yearGroup?.year !== year) {
      yearGroup = { year, months: [] }
      years.push(yearGroup)
    }
    let monthGroup = yearGroup.months[yearGroup.months.length - 1]
    if (monthGroup?.month !== month) {
      monthGroup = { year, month, transactions: [] }
      yearGroup.months.push(monthGroup)
    }
    monthGroup.transactions.push(t)
  }
  return years
}

export interface TransactionDayGroup {
  readonly year: number
  /** 0 (January) to 11 (December). */
  readonly month: number
  /** 1 to 31. */
  readonly day: number
  /** `YYYY-MM-DD` of the day, in the viewer's time. */
  readonly key: string
  /** Newest first. */
  readonly transactions: Transaction[]
}

/**
 * The year-then-month groups (spec section 4) each cut into days, newest first, as the full
 * history lists them: a month's title, then each day's. Days are in UTC shifted by `utcOffsetMinutes`.
 */
export function groupTransactionsByDay(
  transactions: readonly Transaction[],
  utcOffsetMinutes = 0,
): (TransactionMonthGroup & { readonly days: TransactionDayGroup[] })[] {
  return groupTransactions(transactions, utcOffsetMinutes).flatMap((year) =>
    year.months.map((month) => {
      const days: TransactionDayGroup[] = []
      for (const t of month.transactions) {
        const day = new Date(minedAtMs(t) + utcOffsetMinutes * 60_000).getUTCDate()
        let group = days[days.length - 1]
        if (group?.day !== day) {
          const key = `${String(month.year).padStart(4, '0')}-${String(month.month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`
          group = { year: month.year, month: month.month, day, key, transactions: [] }
          days.push(group)
        }
        group.transactions.push(t)
      }
      return { ...month, days }
    }),
  )
}
