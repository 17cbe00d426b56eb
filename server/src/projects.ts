/**
 * Projects and the page origins each may be used from. A host adds its project with the origins of
 * its pages (`walletgate-server project add <id> --origin https://app.example`); every call of the
 * modal names its project, and a browser's call must come from one of its origins.
 */
import type { Clock } from './clock.js'
import type { Queryable } from './db/database.js'
import { TtlCache, type CacheStats } from './ttl-cache.js'

export const PROJECT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export class ProjectInputError extends Error {
  override readonly name = 'ProjectInputError'
  readonly code = 'INVALID_PROJECT_INPUT'
}

/**
 * `value` as an origin exactly as browsers send it in `Origin` (`https://app.example`,
 * `http://localhost:5173`): scheme, host and a port other than the scheme's default, nothing else;
 * or a pattern of the modal's allow-list (`http://127.0.0.1:*`: any port of that host;
 * `https://*.example.com`: any subdomain, not the domain itself). Throws ProjectInputError for
 * anything else (a path, a bare `*`, credentials, `null`).
 */
export function originOf(value: string): string {
  const pattern = /^(https?):\/\/(\*\.)?([a-z0-9.-]+)(?::(\*|\d{1,5}))?$/.exec(value)
  if (pattern !== null && (pattern[2] !== undefined || pattern[4] === '*')) {
    const [, scheme, wildcard = '', host, port] = pattern
    // The host part of a pattern must be an origin of its own (so `*.com` or `http://*:*` are not).
    const concrete = originOf(`${scheme}://${host}${port === undefined || port === '*' ? '' : `:${port}`}`)
    if (wildcard !== '' && !host!.includes('.')) throw new ProjectInputError(`not an origin pattern: ${JSON.stringify(value)} (a subdomain pattern names a domain such as *.example.com)`)
    return `${scheme}://${wildcard}${concrete.slice(`${scheme}://`.length)}${port === '*' ? ':*' : ''}`
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new ProjectInputError(`not an origin: ${JSON.stringify(value)} (expected scheme://host[:port])`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new ProjectInputError(`not an http(s) origin: ${value}`)
  const bareHost = /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)
  if (!bareHost || url.username !== '' || url.password !== '' || url.pathname !== '/' || url.search !== '' || url.hash !== '' || /[?#]/.test(value)) {
    throw new ProjectInputError(`not an origin: ${JSON.stringify(value)} (expected scheme://host[:port], as ${url.origin})`)
  }
  return url.origin
}

/**
 * Whether a page's `Origin` is `allowed` (an origin or a pattern as {@link originOf} stores it),
 * by the modal's own rule: the same scheme, the same host (or a subdomain, for `*.`), the same port
 * (or any, for `:*`). The origin is compared as browsers send it, so `null`, a path or a trailing
 * slash match nothing.
 */
export function originAllowed(origin: string, allowed: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(origin)
  } catch {
    return false
  }
  if (parsed.origin !== origin) return false
  const match = /^(https?):\/\/(\*\.)?([^/:]+)(?::(\d+|\*))?$/.exec(allowed.trim())
  if (match === null) return false
  const [, scheme, wildcard, host, port] = match
  if (`${scheme}:` !== parsed.protocol) return false
  const hostOk = wildcard === undefined ? parsed.hostname === host : parsed.hostname.endsWith(`.${host!}`)
  if (!hostOk) return false
  return port === '*' || parsed.port === (port ?? '')
}

export interface ProjectRecord {
  readonly id: string
  readonly origins: readonly string[]
}

/**
 * The features the modal asks the project's configuration about (`/appkit/v1/config`), each with
 * what it offers when on; a project may turn any of them off.
 */
export const REMOTE_FEATURES = {
  swap: ['1inch'],
  onramp: ['coinbase', 'meld'],
  email: null,
  social: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  activity: null,
  reown_branding: null,
} as const satisfies Record<string, readonly string[] | null>
export type RemoteFeatureId = keyof typeof REMOTE_FEATURES

export function isRemoteFeature(id: string): id is RemoteFeatureId {
  return Object.hasOwn(REMOTE_FEATURES, id)
}

/** How many pages' origins `allowsNow` keeps a verdict for, per copy of a project's origins. */
const MAX_VERDICTS_PER_COPY = 64

/** How long a replica keeps a project's origins (`Projects` with `cached`): what a removed origin may go on being allowed for. */
export const PROJECT_CACHE_MS = 5_000

export class Projects {
  /** Known projects' origins; an unknown project, and an origin the copy refuses, are asked again. */
  private readonly cache: TtlCache<string[] | undefined> | undefined
  private readonly anyCache: TtlCache<string[]> | undefined
  /** `allowsNow`'s verdicts, by the copy of a project's origins they were worked out from (they go with it). */
  private readonly verdicts = new WeakMap<readonly string[], Map<string, boolean>>()

  /**
   * `cached`: keep each project's origins in this process for PROJECT_CACHE_MS, as a replica
   * serving every request of the modal does (a call checks them up to three times). A copy only
   * ever says yes sooner: a project added, or an origin added, counts at once, since whatever the
   * copy refuses is read again; a removed origin or project stops counting within PROJECT_CACHE_MS
   * on every replica.
   */
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
    options: { readonly cached?: boolean; readonly stats?: CacheStats } = {},
  ) {
    const cache = (name: string) => ({ name, clock, ttlMs: PROJECT_CACHE_MS, maxEntries: 10_000, ...(options.stats === undefined ? {} : { stats: options.stats }) })
    this.cache = options.cached === true ? new TtlCache(cache('projects')) : undefined
    this.anyCache = options.cached === true ? new TtlCache(cache('project origins')) : undefined
  }

  private forget(id: string): void {
    this.cache?.delete(id)
    this.anyCache?.delete('')
  }

  /** Adds the project if it is new, and `origins` to its origins. */
  async add(id: string, origins: readonly string[]): Promise<ProjectRecord> {
    if (!PROJECT_ID_PATTERN.test(id)) throw new ProjectInputError(`not a project id: ${JSON.stringify(id)} (1 to 64 of A-Z a-z 0-9 _ -)`)
    const checked = origins.map(originOf)
    await this.db.query('INSERT INTO projects (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, new Date(this.clock.now())])
    for (const origin of checked) {
      await this.db.query('INSERT INTO project_origins (project_id, origin) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, origin])
    }
    this.forget(id)
    return { id, origins: (await this.origins(id)) ?? [] }
  }

  /** Turns `features` off for the project (and every other one on); false when there is no such project. */
  async setDisabledFeatures(id: string, features: readonly string[]): Promise<boolean> {
    const unknown = features.filter((f) => !isRemoteFeature(f))
    if (unknown.length > 0) throw new ProjectInputError(`unknown features: ${unknown.join(', ')} (known: ${Object.keys(REMOTE_FEATURES).join(', ')})`)
    const { rows } = await this.db.query('UPDATE projects SET disabled_features = $2::jsonb WHERE id = $1 RETURNING id', [id, JSON.stringify([...new Set(features)])])
    this.forget(id)
    return rows.length > 0
  }

  /** The project's features as the modal reads them: on, unless the project turned them off. */
  async features(id: string): Promise<{ id: RemoteFeatureId; isEnabled: boolean; config: readonly string[] | null }[]> {
    const { rows } = await this.db.query<{ disabled_features: string[] }>('SELECT disabled_features FROM projects WHERE id = $1', [id])
    const off = new Set(rows[0]?.disabled_features ?? [])
    return (Object.keys(REMOTE_FEATURES) as RemoteFeatureId[]).map((feature) => ({ id: feature, isEnabled: !off.has(feature), config: REMOTE_FEATURES[feature] }))
  }

  /** Removes the project and its origins; false when there was none. */
  async remove(id: string): Promise<boolean> {
    const { rows } = await this.db.query<{ id: string }>('DELETE FROM projects WHERE id = $1 RETURNING id', [id])
    this.forget(id)
    return rows.length > 0
  }

  async list(): Promise<ProjectRecord[]> {
    const { rows } = await this.db.query<{ id: string; origin: string | null }>(
      'SELECT p.id, o.origin FROM projects p LEFT JOIN project_origins o ON o.project_id = p.id ORDER BY p.id, o.origin',
    )
    const byId = new Map<string, string[]>()
    for (const row of rows) {
      const list = byId.get(row.id) ?? []
      if (row.origin !== null) list.push(row.origin)
      byId.set(row.id, list)
    }
    return [...byId].map(([id, origins]) => ({ id, origins }))
  }

  /**
   * Whether a page of `origin` may use the project `id`, from this replica's copy and without
   * waiting, when the copy says yes; undefined otherwise (ask {@link allows}, which reads again what
   * the copy refuses). Every call of a cached read asks this: the verdicts for a copy are kept with
   * it, so an origin is parsed once per copy, not once per request.
   */
  allowsNow(id: string, origin: string): true | undefined {
    const cached = this.cache?.peek(id)
    const origins = cached?.value
    if (origins === undefined) return undefined
    let verdicts = this.verdicts.get(origins)
    if (verdicts === undefined) this.verdicts.set(origins, (verdicts = new Map()))
    let allowed = verdicts.get(origin)
    if (allowed === undefined) {
      allowed = origins.some((pattern) => originAllowed(origin, pattern))
      // A page sends one Origin; a client making them up gets its verdicts worked out each time.
      if (verdicts.size < MAX_VERDICTS_PER_COPY) verdicts.set(origin, allowed)
    }
    return allowed ? true : undefined
  }

  /** Whether this replica's copy knows the project `id` (false: ask {@link origins}). */
  knownNow(id: string): boolean {
    return this.cache?.peek(id)?.value !== undefined
  }

  /** Whether a page of `origin` may use the project `id` (false for a project that does not exist). */
  async allows(id: string, origin: string): Promise<boolean> {
    if (this.allowsNow(id, origin) === true) return true
    const allowedBy = (origins: string[] | undefined) => origins?.some((allowed) => originAllowed(origin, allowed)) === true
    if (allowedBy(await this.origins(id))) return true
    return this.cache !== undefined && allowedBy(await this.origins(id, { fresh: true }))
  }

  /** Whether a page of `origin` may use some project (for the calls that name none, as the spec has them). */
  async anyAllows(origin: string): Promise<boolean> {
    const load = async () => (await this.db.query<{ origin: string }>('SELECT DISTINCT origin FROM project_origins')).rows.map((row) => row.origin)
    const allowedBy = (origins: string[]) => origins.some((allowed) => originAllowed(origin, allowed))
    if (this.anyCache === undefined) return allowedBy(await load())
    return allowedBy(await this.anyCache.getOrLoad('', load)) || allowedBy(await this.anyCache.getOrLoad('', load, { fresh: true }))
  }

  /** The project's origins, or undefined for a project that does not exist. */
  async origins(id: string, { fresh = false }: { fresh?: boolean } = {}): Promise<string[] | undefined> {
    if (!PROJECT_ID_PATTERN.test(id)) return undefined
    if (this.cache === undefined) return this.readOrigins(id)
    return this.cache.getOrLoad(id, () => this.readOrigins(id), { fresh, keep: (origins) => origins !== undefined })
  }

  private async readOrigins(id: string): Promise<string[] | undefined> {
    const { rows } = await this.db.query<{ id: string; origin: string | null }>(
      'SELECT p.id, o.origin FROM projects p LEFT JOIN project_origins o ON o.project_id = p.id WHERE p.id = $1 ORDER BY o.origin',
      [id],
    )
    if (rows.length === 0) return undefined
    return rows.flatMap((row) => (row.origin === null ? [] : [row.origin]))
  }
}
