/**
 * The database as the server's code sees it: plain SQL with `$1` parameters, on either engine
 * (PostgreSQL through `pg`, or PGlite in the process). Every query the server runs is written once
 * and runs on both.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<{ rows: Row[] }>
  /** Runs a script of several statements without parameters (a migration). */
  exec(sql: string): Promise<void>
}

export interface Database extends Queryable {
  /** Which engine answers (`postgres` or `pglite`), for /readyz and the logs. */
  readonly engine: 'postgres' | 'pglite'
  /** Runs `work` on one connection inside a transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>
  /** Runs `work` on one connection (session-level locks hold across its queries). */
  session<T>(work: (connection: Queryable) => Promise<T>): Promise<T>
  close(): Promise<void>
}
