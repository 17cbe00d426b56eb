/**
 * What each project's sponsorship has used a UTC day, in PostgreSQL so every replica counts the
 * same: one row for the project's total (`account` ''), one per account. A reservation adds an
 * operation's worst case (all its gas at its maxFeePerGas) to both rows in one transaction, each
 * UPDATE only where the sum stays within the limit: the row lock makes a second replica's UPDATE
 * wait and then see the first one's sum, so two replicas never both take the last unit of a total.
 */
import type { Database } from '../db/database.js'
import { NotSponsoredError } from './policy.js'

export interface Reservation {
  readonly projectId: string
  readonly account: string
  /** The UTC day, `YYYY-MM-DD`. */
  readonly day: string
  readonly gas: bigint
  readonly wei: bigint
}

export interface UsageLimits {
  readonly dailyGas?: bigint | undefined
  readonly dailyWei?: bigint | undefined
  readonly accountOperations: number
  readonly accountGas: bigint
}

export interface DayUsage {
  readonly operations: number
  readonly gas: bigint
  readonly wei: bigint
}

const PROJECT_TOTAL = ''

export function utcDay(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10)
}

export class SponsorshipUsage {
  constructor(private readonly db: Database) {}

  /**
   * Adds `reservation` to the project's and the account's day, or nothing: rejects with
   * NotSponsoredError('project-daily-limit' | 'account-daily-limit') when either would go over.
   */
  async reserve(reservation: Reservation, limits: UsageLimits): Promise<void> {
    const { projectId, account, day } = reservation
    const gas = reservation.gas.toString()
    const wei = reservation.wei.toString()
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO sponsorship_usage (project_id, day, account, operations, gas, wei) VALUES ($1, $2, $3, 0, 0, 0), ($1, $2, $4, 0, 0, 0)
         ON CONFLICT (project_id, day, account) DO NOTHING`,
        [projectId, day, PROJECT_TOTAL, account],
      )
      // The project's row first, then the account's: every reservation locks in that order.
      const total = await tx.query(
        `UPDATE sponsorship_usage SET operations = operations + 1, gas = gas + $4::numeric, wei = wei + $5::numeric
         WHERE project_id = $1 AND day = $2 AND account = $3
           AND ($6::numeric IS NULL OR gas + $4::numeric <= $6::numeric)
           AND ($7::numeric IS NULL OR wei + $5::numeric <= $7::numeric)
         RETURNING operations`,
        [projectId, day, PROJECT_TOTAL, gas, wei, limits.dailyGas?.toString() ?? null, limits.dailyWei?.toString() ?? null],
      )
      if (total.rows.length === 0) throw new NotSponsoredError('project-daily-limit', "The app's sponsorship for today is used up")
      const own = await tx.query(
        `UPDATE sponsorship_usage SET operations = operations + 1, gas = gas + $4::numeric, wei = wei + $5::numeric
         WHERE project_id = $1 AND day = $2 AND account = $3
           AND operations + 1 <= $6 AND gas + $4::numeric <= $7::numeric
         RETURNING operations`,
        [projectId, day, account, gas, wei, limits.accountOperations, limits.accountGas.toString()],
      )
      if (own.rows.length === 0) throw new NotSponsoredError('account-daily-limit', "This account's sponsored operations for today are used up")
    })
  }

  /** Whether one more operation of `gas` and `wei` would fit today (no reservation). */
  async wouldFit(reservation: Reservation, limits: UsageLimits): Promise<void> {
    const [total, own] = await Promise.all([this.day(reservation.projectId, reservation.day, PROJECT_TOTAL), this.day(reservation.projectId, reservation.day, reservation.account)])
    if ((limits.dailyGas !== undefined && total.gas + reservation.gas > limits.dailyGas) || (limits.dailyWei !== undefined && total.wei + reservation.wei > limits.dailyWei)) {
      throw new NotSponsoredError('project-daily-limit', "The app's sponsorship for today is used up")
    }
    if (own.operations + 1 > limits.accountOperations || own.gas + reservation.gas > limits.accountGas) {
      throw new NotSponsoredError('account-daily-limit', "This account's sponsored operations for today are used up")
    }
  }

  /** A day's usage: the project's total (`account` omitted) or an account's. */
  async day(projectId: string, day: string, account = PROJECT_TOTAL): Promise<DayUsage> {
    const { rows } = await this.db.query<{ operations: number; gas: string; wei: string }>(
      'SELECT operations, gas::text AS gas, wei::text AS wei FROM sponsorship_usage WHERE project_id = $1 AND day = $2 AND account = $3',
      [projectId, day, account],
    )
    const row = rows[0]
    return row === undefined ? { operations: 0, gas: 0n, wei: 0n } : { operations: Number(row.operations), gas: BigInt(row.gas), wei: BigInt(row.wei) }
  }

  /** Forgets days before `day` (kept a week by the server's pruning). */
  async prune(day: string): Promise<number> {
    const { rows } = await this.db.query('DELETE FROM sponsorship_usage WHERE day < $1 RETURNING project_id', [day])
    return rows.length
  }
}
