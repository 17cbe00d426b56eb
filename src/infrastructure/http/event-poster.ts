import type { Clock } from '../../ports/clock'
import type { FetchHttpClient } from './fetch-http-client'
import type { Timers } from './get-retries'
import { idempotentWrite } from './idempotent-writes'
import type { analyticsEventBodySchema, WireInput } from '../../wire/requests'

/** Where the modal is shown: the page URL and its host name, as sent with every event. */
export interface PageInfo {
  readonly url: string
  readonly domain: string
}

export interface EventPosterOptions {
  /** The page the modal runs on; defaults to `globalThis.location` (empty strings outside a browser). */
  readonly page?: () => PageInfo
  /** A unique event id; defaults to `crypto.randomUUID()`. */
  readonly newEventId?: () => string
  /** The waits between tries (tests: fake ones). */
  readonly timers?: Timers
}

/** Posts one event to the analytics service: `POST /e?projectId=&st=&sv=`. */
export class EventPoster {
  private readonly page: () => PageInfo
  private readonly newEventId: () => string
  private readonly timers: Timers | undefined

  constructor(
    private readonly http: FetchHttpClient,
    private readonly clock: Clock,
    options: EventPosterOptions = {},
  ) {
    this.page = options.page ?? browserPage
    this.newEventId = options.newEventId ?? randomEventId
    this.timers = options.timers
  }

  /**
   * Resolves when the service accepted the event; rejects with the client's typed errors. An event
   * whose answer was lost (unreachable, 5xx, 429) is sent again, the same event with the same
   * Idempotency-Key, so the service counts it once.
   */
  async post(props: Readonly<Record<string, unknown>>): Promise<void> {
    const { url, domain } = this.page()
    // The answer's schema loads beside the request, not before it.
    const schema = import('./any-answer').then((m) => m.anyAnswer)
    const body = { eventId: this.newEventId(), url, domain, timestamp: this.clock.now(), props } satisfies WireInput<typeof analyticsEventBodySchema>
    const query = { projectId: this.http.projectId, st: this.http.sdkType, sv: this.http.sdkVersion }
    await idempotentWrite((headers) => this.http.post('/e', schema, { query, body, headers }), this.timers === undefined ? {} : { timers: this.timers })
  }
}

function browserPage(): PageInfo {
  const location = (globalThis as { location?: { href?: string; hostname?: string } }).location
  return { url: location?.href ?? '', domain: location?.hostname ?? '' }
}

function randomEventId(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  // Outside a secure context randomUUID is missing; build a v4 UUID from random bytes.
  const bytes = c.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
