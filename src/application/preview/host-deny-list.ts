/**
 * The deny-list the host serves as a file (`denyListUrl`), for the Send review: read once and
 * kept for {@link DENY_LIST_TTL_MS}, read again after that. A file that cannot be had (unreachable,
 * refused as too big or malformed) adds nothing: the review keeps the config's list and says
 * nothing about the file, and the failure is logged as a warning; it is asked again on the next
 * review after a short pause, not on every keystroke.
 */
import type { Clock } from '../../ports/clock'
import type { DenyListSource } from '../../ports/deny-list-source'
import type { Logger } from '../../ports/logger'

/** How long a read list is kept. */
export const DENY_LIST_TTL_MS = 10 * 60_000
/** How long a failed read waits before the next review asks again. */
export const DENY_LIST_RETRY_MS = 30_000

export interface HostDenyListDeps {
  readonly source: DenyListSource
  readonly url: string
  readonly clock: Clock
  readonly logger: Logger
}

export class HostDenyList {
  private cached: { readonly list: Promise<readonly string[]>; readonly until: number } | undefined

  constructor(private readonly deps: HostDenyListDeps) {}

  /** The served addresses, or [] while the file cannot be had. Never rejects; one read at a time. */
  list(): Promise<readonly string[]> {
    const now = this.deps.clock.now()
    if (this.cached !== undefined && now < this.cached.until) return this.cached.list
    const list = this.deps.source.load(this.deps.url).catch((error: unknown) => {
      this.deps.logger.warn('The deny-list file could not be read; only the configured list is used', error)
      this.cached = { list: Promise.resolve([]), until: this.deps.clock.now() + DENY_LIST_RETRY_MS }
      return [] as readonly string[]
    })
    this.cached = { list, until: now + DENY_LIST_TTL_MS }
    return list
  }
}
