/**
 * Projects and the page origins each may be used from. A host adds its project with the origins of
 * its pages (`walletgate-server project add <id> --origin https://app.example`); every call of the
 * modal names its project, and a browser's call must come from one of its origins.
 */
import type { Clock } from './clock.js'
import type { Queryable } from './db/database.js'

export const PROJECT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/

export class ProjectInputError extends Error {
  override readonly name = 'ProjectInputError'
  readonly code = 'INVALID_PROJECT_INPUT'
}

/**
 * `value` as an origin exactly as browsers send it in `Origin` (`https://app.example`,
 * `http://localhost:5173`): scheme, host and a port other than the scheme's default, nothing else.
 * Throws ProjectInputError for anything else (a path, a wildcard, credentials, `null`).
 */
export function originOf(value: string): string {
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

export class Projects {
  constructor(
    private readonly db: Queryable,
    private readonly clock: Clock,
  ) {}

  /** Adds the project if it is new, and `origins` to its origins. */
  async add(id: string, origins: readonly string[]): Promise<ProjectRecord> {
    if (!PROJECT_ID_PATTERN.test(id)) throw new ProjectInputError(`not a project id: ${JSON.stringify(id)} (1 to 64 of A-Z a-z 0-9 _ -)`)
    const checked = origins.map(originOf)
    await this.db.query('INSERT INTO projects (id, created_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [id, new Date(this.clock.now())])
    for (const origin of checked) {
      await this.db.query('INSERT INTO project_origins (project_id, origin) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, origin])
    }
    return { id, origins: (await this.origins(id)) ?? [] }
  }

  /** Turns `features` off for the project (and every other one on); false when there is no such project. */
  async setDisabledFeatures(id: string, features: readonly string[]): Promise<boolean> {
    const unknown = features.filter((f) => !isRemoteFeature(f))
    if (unknown.length > 0) throw new ProjectInputError(`unknown features: ${unknown.join(', ')} (known: ${Object.keys(REMOTE_FEATURES).join(', ')})`)
    const { rows } = await this.db.query('UPDATE projects SET disabled_features = $2::jsonb WHERE id = $1 RETURNING id', [id, JSON.stringify([...new Set(features)])])
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

  /** Whether some project allows the page origin `origin` (for the calls that name no project). */
  async anyAllows(origin: string): Promise<boolean> {
    const { rows } = await this.db.query('SELECT 1 FROM project_origins WHERE origin = $1 LIMIT 1', [origin])
    return rows.length > 0
  }

  /** The project's origins, or undefined for a project that does not exist. */
  async origins(id: string): Promise<string[] | undefined> {
    if (!PROJECT_ID_PATTERN.test(id)) return undefined
    const { rows } = await this.db.query<{ id: string; origin: string | null }>(
      'SELECT p.id, o.origin FROM projects p LEFT JOIN project_origins o ON o.project_id = p.id WHERE p.id = $1 ORDER BY o.origin',
      [id],
    )
    if (rows.length === 0) return undefined
    return rows.flatMap((row) => (row.origin === null ? [] : [row.origin]))
  }
}
