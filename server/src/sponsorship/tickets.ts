/**
 * Sponsorship tickets (docs/sponsorship.md): a browser wallet calls the paymaster service itself
 * and cannot send the visitor's session, so the modal asks for a ticket with that session and the
 * wallet carries it in ERC-7677's `context`. A ticket is 32 random bytes, stored only as its hash,
 * bound to one project, one chain and one account, good for {@link TICKET_SECONDS}. It speaks for
 * that account's operations to the paymaster and for nothing else: no session table holds it, so
 * no sign-in or wallet API knows it. What it gets sponsored counts against the same daily limits
 * as a session's operations: more tickets buy no more gas.
 */
import { randomBytes } from 'node:crypto'
import { getAddress, type Address } from 'viem'
import { PAYMASTER_TICKET_PATTERN } from '../wire.js'
import type { Clock } from '../clock.js'
import type { Database } from '../db/database.js'
import { hashToken } from '../sign-in-sessions.js'

/** How long a ticket is good: enough for a wallet's prompt, short enough to be worth nothing later. */
export const TICKET_SECONDS = 300
/** Live tickets one account may hold in a project at once (a wallet needs one per sending). */
export const MAX_LIVE_TICKETS = 8

export class TooManyTicketsError extends Error {
  override readonly name = 'TooManyTicketsError'
}

export class SponsorshipTickets {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /** A new ticket for `account` on `chainId` in `projectId`; TooManyTicketsError past {@link MAX_LIVE_TICKETS}. */
  async mint(projectId: string, chainId: number, account: Address): Promise<{ ticket: string; expiresAt: number }> {
    const now = this.clock.now()
    const expiresAt = now + TICKET_SECONDS * 1000
    const ticket = `wgpt_${randomBytes(32).toString('base64url')}`
    const owner = account.toLowerCase()
    // Counted and written in one statement. Mints racing on several replicas may each see room and
    // pass the cap by one apiece (read committed); the cap bounds the table, not the gas, which the
    // policy's daily limits bound whatever the tickets.
    const { rows } = await this.db.query<{ ticket_hash: string }>(
      `INSERT INTO sponsorship_tickets (ticket_hash, project_id, chain_id, account, expires_at)
       SELECT $1, $2, $3, $4, $5
       WHERE (SELECT count(*) FROM sponsorship_tickets WHERE project_id = $2 AND account = $4 AND expires_at > $6) < $7
       RETURNING ticket_hash`,
      [hashToken(ticket), projectId, chainId, owner, expiresAt, now, MAX_LIVE_TICKETS],
    )
    if (rows.length === 0) throw new TooManyTicketsError('Too many sponsorship tickets are live for this account; try again in a few minutes')
    return { ticket, expiresAt }
  }

  /** The account a ticket speaks for in `projectId` on `chainId`; undefined for anything else (unknown, expired, another project or chain). */
  async accountOf(ticket: string, projectId: string, chainId: number): Promise<Address | undefined> {
    if (!PAYMASTER_TICKET_PATTERN.test(ticket)) return undefined
    const { rows } = await this.db.query<{ project_id: string; chain_id: string; account: string; expires_at: string }>(
      'SELECT project_id, chain_id, account, expires_at FROM sponsorship_tickets WHERE ticket_hash = $1',
      [hashToken(ticket)],
    )
    const row = rows[0]
    if (row === undefined || row.project_id !== projectId || Number(row.chain_id) !== chainId || !(Number(row.expires_at) > this.clock.now())) return undefined
    return getAddress(row.account)
  }

  /** Forgets tickets expired before `beforeMs`; how many. */
  async prune(beforeMs: number): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>('WITH gone AS (DELETE FROM sponsorship_tickets WHERE expires_at < $1 RETURNING 1) SELECT count(*) AS n FROM gone', [beforeMs])
    return Number(rows[0]?.n ?? 0)
  }
}
