/**
 * The name registry (`alice.wg.id`): a registration is an EIP-191 signed message, checked here,
 * and kept in the database. A name belongs to the address that registered it first; that address
 * may register it again (under another coin type, or anew), nobody else may.
 */
import { getAddress, isAddress, verifyMessage, type Hex } from 'viem'
import type { Clock } from './clock.js'
import { TtlCache, type CacheStats } from './ttl-cache.js'
import type { Database, Queryable } from './db/database.js'
import { isStorableText } from './storable-text.js'

export interface NameProfile {
  name: string
  registered_at: string
  updated_at: string
  addresses: Record<string, { address: string; created: string }>
  attributes: { avatar?: string; bio?: string }
}

/** The body of `POST /v1/profile/account`, unchecked. */
export interface NameRegistration {
  coin_type: unknown
  address: unknown
  message: unknown
  signature: unknown
}

/** A registration refused: the answer is 400 `{ reasons: [{ description }] }`. */
export class NameRegistrationError extends Error {
  override readonly name = 'NameRegistrationError'
  readonly code = 'NAME_REGISTRATION_REFUSED'
}

/** Letters, digits or hyphens, at least 4 characters (spec section 5); the zone is appended. */
const LABEL = /^[a-z0-9-]{4,}$/
/** Longer names are refused before the database sees them (an index entry has a size limit). */
const MAX_NAME_LENGTH = 255
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/**
 * The eip155 address a reverse lookup asks about (plain, or CAIP-10 `eip155:<chain>:<address>`);
 * null for a Solana account (names are eip155 only: it has none). Throws for anything else.
 */
export function reverseLookupAddress(value: string): string | null {
  const parts = value.trim().split(':')
  if (parts.length === 3 && parts[0] === 'solana') return null
  if (parts.length === 1 && SOLANA_ADDRESS.test(parts[0] ?? '') && !(parts[0] ?? '').startsWith('0x')) return null
  const raw = parts.length === 3 ? parts[2]! : parts.length === 1 ? parts[0]! : ''
  if (!isAddress(raw, { strict: false })) throw new InvalidAddressError(`Invalid address ${value}`)
  return getAddress(raw)
}

export class InvalidAddressError extends Error {
  override readonly name = 'InvalidAddressError'
  readonly code = 'INVALID_ADDRESS'
}

interface NameRow {
  name: string
  registered_at: Date
  updated_at: Date
  attributes: NameProfile['attributes']
}

/** Spec section 9: a name and an identity are cached 5 min. */
export const NAME_CACHE_MS = 300_000

export class NameRegistry {
  /** Profiles by name (undefined: none), and the names of an address: what every lookup and identity reads. */
  private readonly byName: TtlCache<NameProfile | undefined>
  private readonly byOwner: TtlCache<NameProfile[]>

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    /** The zone names end in, e.g. `wg.id`. */
    readonly zone: string,
    cache: { readonly ttlMs?: number; readonly stats?: CacheStats } = {},
  ) {
    const ttlMs = cache.ttlMs ?? NAME_CACHE_MS
    this.byName = new TtlCache({ name: 'names', clock, ttlMs, stats: cache.stats })
    this.byOwner = new TtlCache({ name: 'identity', clock, ttlMs, stats: cache.stats })
  }

  /** `raw` in lower case, with the zone (`Alice` and `alice.wg.id` are both `alice.wg.id`). */
  normalise(raw: string): string {
    const lower = raw.trim().toLowerCase()
    return lower.endsWith(`.${this.zone}`) ? lower : `${lower}.${this.zone}`
  }

  private label(name: string): string {
    return name.slice(0, -(this.zone.length + 1))
  }

  /** The profile of `name` (zone optional), or undefined (as for a name no registration could make). */
  async get(name: string): Promise<NameProfile | undefined> {
    const normalised = this.normalise(name)
    // PostgreSQL cannot hold a NUL, and no registered name is longer: neither is asked about.
    if (!isStorableText(normalised) || normalised.length > MAX_NAME_LENGTH) return undefined
    return this.byName.getOrLoad(normalised, async () => {
      const { rows } = await this.db.query<NameRow>('SELECT name, registered_at, updated_at, attributes FROM names WHERE name = $1', [normalised])
      return (await this.profiles(this.db, rows))[0]
    })
  }

  /** The names registered by `address` (any case), oldest first. */
  async reverse(address: string): Promise<NameProfile[]> {
    const owner = address.toLowerCase()
    return this.byOwner.getOrLoad(owner, async () => {
      const { rows } = await this.db.query<NameRow>('SELECT name, registered_at, updated_at, attributes FROM names WHERE owner = $1 ORDER BY registered_at, name', [owner])
      return this.profiles(this.db, rows)
    })
  }

  /** A few names like `raw`, each saying whether it is taken. */
  async suggestions(raw: string): Promise<{ name: string; registered: boolean }[]> {
    const label = this.label(this.normalise(raw)).replace(/[^a-z0-9-]/g, '')
    if (label === '') return []
    // The year is this year's, from the server's clock: a suggestion never dates itself.
    const year = new Date(this.clock.now()).getUTCFullYear()
    const names = [label, `${label}-wg`, `${label}1`, `${label}${year}`, `the-${label}`, `${label}-dev`]
      .filter((c) => LABEL.test(c))
      .map((c) => `${c}.${this.zone}`)
      .filter((name) => name.length <= MAX_NAME_LENGTH)
    if (names.length === 0) return []
    const { rows } = await this.db.query<{ name: string }>('SELECT name FROM names WHERE name = ANY($1::text[])', [names])
    const taken = new Set(rows.map((r) => r.name))
    return names.map((name) => ({ name, registered: taken.has(name) }))
  }

  /**
   * Checks the signed registration and records it; throws NameRegistrationError with the reason.
   * Two registrations of one name at once (on any replicas): the first to commit owns it, the other
   * is refused as taken.
   */
  async register(input: NameRegistration): Promise<NameProfile> {
    const refuse = (description: string) => new NameRegistrationError(description)
    if (typeof input.message !== 'string') throw refuse('Missing message')
    if (typeof input.signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(input.signature)) throw refuse('Missing signature')
    if (typeof input.address !== 'string' || !isAddress(input.address, { strict: false })) throw refuse('Invalid address')
    const coinType = Number(input.coin_type)
    if (!Number.isInteger(coinType) || coinType < 0) throw refuse('Invalid coin type')
    let parsed: { name?: unknown; coinType?: unknown; address?: unknown; timestamp?: unknown }
    try {
      parsed = JSON.parse(input.message) as typeof parsed
    } catch {
      throw refuse('Message is not valid JSON')
    }
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.name !== 'string') throw refuse('Message has no name')
    if (typeof parsed.address !== 'string' || parsed.address.toLowerCase() !== input.address.toLowerCase()) throw refuse('Message address does not match')
    if (Number(parsed.coinType) !== coinType) throw refuse('Message coin type does not match')
    const address = getAddress(input.address)
    const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(() => false)
    if (!valid) throw refuse('Invalid signature')
    const name = this.normalise(parsed.name)
    if (!LABEL.test(this.label(name))) throw refuse('Name must be at least 4 letters, digits or hyphens')
    if (name.length > MAX_NAME_LENGTH) throw refuse(`Name must be at most ${MAX_NAME_LENGTH} characters`)
    const at = new Date(this.clock.now())
    const profile = await this.db.transaction(async (tx) => {
      // New: inserted. Taken by this owner: its update. Taken by another: no row (and nothing changed).
      const { rows } = await tx.query<NameRow>(
        `INSERT INTO names (name, owner, registered_at, updated_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (name) DO UPDATE SET updated_at = EXCLUDED.updated_at WHERE names.owner = EXCLUDED.owner
         RETURNING name, registered_at, updated_at, attributes`,
        [name, address.toLowerCase(), at],
      )
      if (rows.length === 0) throw refuse('Name is already taken')
      await tx.query(
        `INSERT INTO name_addresses (name, coin_type, address, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (name, coin_type) DO UPDATE SET address = EXCLUDED.address, created_at = EXCLUDED.created_at`,
        [name, String(coinType), address, at],
      )
      return (await this.profiles(tx, rows))[0]!
    })
    // What this replica cached of the name and its owner is out of date now.
    this.byName.delete(name)
    this.byOwner.delete(address.toLowerCase())
    return profile
  }

  private async profiles(db: Queryable, rows: readonly NameRow[]): Promise<NameProfile[]> {
    if (rows.length === 0) return []
    const { rows: addresses } = await db.query<{ name: string; coin_type: string; address: string; created_at: Date }>(
      'SELECT name, coin_type, address, created_at FROM name_addresses WHERE name = ANY($1::text[]) ORDER BY created_at, coin_type',
      [rows.map((r) => r.name)],
    )
    return rows.map((row) => ({
      name: row.name,
      registered_at: row.registered_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      addresses: Object.fromEntries(addresses.filter((a) => a.name === row.name).map((a) => [a.coin_type, { address: a.address, created: a.created_at.toISOString() }])),
      attributes: row.attributes,
    }))
  }
}
