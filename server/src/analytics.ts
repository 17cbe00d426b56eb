/**
 * Analytics events (`POST /e`): stored once per event id (a retried send is not counted twice),
 * without the sender's address, and deleted after the configured retention.
 */
import { z } from 'zod'
import type { Clock } from './clock.js'
import type { Queryable } from './db/database.js'
import { isStorableJson, isStorableText } from './storable-text.js'
import * as wire from './wire.js'

const UNSTORABLE = 'has a NUL character or an unpaired surrogate'
const storable = (value: unknown) => typeof value !== 'string' || isStorableText(value)

/**
 * The event as the modal sends it (the wire contract's, docs/service-api.md Analytics), and text
 * PostgreSQL can store: no NUL character, no unpaired surrogate.
 */
export const analyticsEventSchema = wire.analyticsEventBodySchema.check(
  z.superRefine((event, context) => {
    for (const key of ['eventId', 'url', 'domain'] as const) if (!storable(event[key])) context.addIssue({ code: 'custom', path: [key], message: UNSTORABLE })
    if (!isStorableJson(event.props)) context.addIssue({ code: 'custom', path: ['props'], message: UNSTORABLE })
  }),
)
export type AnalyticsEvent = z.output<typeof analyticsEventSchema>

export const DAY_MS = 86_400_000

export class AnalyticsEvents {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /** Stores `event` for `projectId` unless an event of that id is there already; true when it was new. */
  async record(projectId: string, sdk: { type: string; version: string }, event: AnalyticsEvent): Promise<boolean> {
    const { rows } = await this.db.query(
      `INSERT INTO analytics_events (project_id, event_id, received_at, occurred_at, url, domain, sdk_type, sdk_version, props)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (project_id, event_id) DO NOTHING
       RETURNING event_id`,
      [projectId, event.eventId, new Date(this.clock.now()), new Date(event.timestamp), event.url, event.domain, sdk.type, sdk.version, JSON.stringify(event.props)],
    )
    return rows.length > 0
  }

  /** Deletes the events received more than `retentionDays` ago; how many. */
  async prune(retentionDays: number): Promise<number> {
    const { rows } = await this.db.query('DELETE FROM analytics_events WHERE received_at < $1 RETURNING event_id', [new Date(this.clock.now() - retentionDays * DAY_MS)])
    return rows.length
  }

  /** A project's events, oldest first (for its owner and for tests). */
  async list(projectId: string): Promise<{ eventId: string; url: string; props: Record<string, unknown> }[]> {
    const { rows } = await this.db.query<{ event_id: string; url: string; props: Record<string, unknown> }>(
      'SELECT event_id, url, props FROM analytics_events WHERE project_id = $1 ORDER BY received_at, event_id',
      [projectId],
    )
    return rows.map((row) => ({ eventId: row.event_id, url: row.url, props: row.props }))
  }
}
