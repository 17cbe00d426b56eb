/**
 * The name registry ("alice.wg.id"): registrations are verified EIP-191 signatures and are
 * persisted under the data directory, so a restart loses nothing.
 */
import { join } from 'node:path'
import { getAddress, isAddress, verifyMessage, type Hex } from 'viem'
import { NAME_ZONE } from '../config'
import { HttpError } from './http'
import { JsonFile } from './store'

export interface NameProfile {
  name: string
  registered_at: string
  updated_at: string
  addresses: Record<string, { address: string; created: string }>
  attributes: { avatar?: string; bio?: string }
}

interface NamesDocument {
  version: 1
  profiles: NameProfile[]
}

export interface NameRegistration {
  coin_type: unknown
  address: unknown
  message: unknown
  signature: unknown
}

/** Letters, digits or hyphens, at least 4 characters (spec section 5); the zone is appended. */
const LABEL = /^[a-z0-9-]{4,}$/

function nameError(description: string): HttpError {
  return new HttpError(400, description, { reasons: [{ description }] })
}

export function normaliseName(raw: string): string {
  const lower = raw.trim().toLowerCase()
  return lower.endsWith(`.${NAME_ZONE}`) ? lower : `${lower}.${NAME_ZONE}`
}

export class NameRegistry {
  private profiles: NameProfile[] = []
  private readonly file: JsonFile<NamesDocument>

  private constructor(dataDir: string, private readonly now: () => Date) {
    this.file = new JsonFile(join(dataDir, 'names.json'), () => ({ version: 1, profiles: [] }))
  }

  static async open(dataDir: string, now: () => Date = () => new Date()): Promise<NameRegistry> {
    const registry = new NameRegistry(dataDir, now)
    registry.profiles = (await registry.file.load()).profiles
    return registry
  }

  get(name: string): NameProfile | undefined {
    const n = normaliseName(name)
    return this.profiles.find((p) => p.name === n)
  }

  reverse(address: string): NameProfile[] {
    const a = address.toLowerCase()
    return this.profiles.filter((p) => Object.values(p.addresses).some((x) => x.address.toLowerCase() === a))
  }

  suggestions(raw: string): { name: string; registered: boolean }[] {
    const label = normaliseName(raw).slice(0, -(NAME_ZONE.length + 1)).replace(/[^a-z0-9-]/g, '')
    if (label === '') return []
    const candidates = [label, `${label}-wg`, `${label}1`, `${label}2024`, `the-${label}`, `${label}-dev`]
    return candidates
      .filter((c) => LABEL.test(c))
      .map((c) => {
        const name = `${c}.${NAME_ZONE}`
        return { name, registered: this.get(name) !== undefined }
      })
  }

  async register(input: NameRegistration): Promise<NameProfile> {
    if (typeof input.message !== 'string') throw nameError('Missing message')
    if (typeof input.signature !== 'string' || !/^0x[0-9a-fA-F]+$/.test(input.signature)) throw nameError('Missing signature')
    if (typeof input.address !== 'string' || !isAddress(input.address, { strict: false })) throw nameError('Invalid address')
    const coinType = Number(input.coin_type)
    if (!Number.isInteger(coinType) || coinType < 0) throw nameError('Invalid coin type')
    let parsed: { name?: unknown; coinType?: unknown; address?: unknown; timestamp?: unknown }
    try {
      parsed = JSON.parse(input.message) as typeof parsed
    } catch {
      throw nameError('Message is not valid JSON')
    }
    if (typeof parsed.name !== 'string') throw nameError('Message has no name')
    if (typeof parsed.address !== 'string' || parsed.address.toLowerCase() !== input.address.toLowerCase()) {
      throw nameError('Message address does not match')
    }
    if (Number(parsed.coinType) !== coinType) throw nameError('Message coin type does not match')
    const address = getAddress(input.address)
    const valid = await verifyMessage({ address, message: input.message, signature: input.signature as Hex }).catch(() => false)
    if (!valid) throw nameError('Invalid signature')
    const name = normaliseName(parsed.name)
    const label = name.slice(0, -(NAME_ZONE.length + 1))
    if (!LABEL.test(label)) throw nameError('Name must be at least 4 letters, digits or hyphens')
    const taken = this.get(name)
    const at = this.now().toISOString()
    if (taken) {
      const owners = Object.values(taken.addresses).map((x) => x.address.toLowerCase())
      if (!owners.includes(address.toLowerCase())) throw nameError('Name is already taken')
      taken.addresses[String(coinType)] = { address, created: at }
      taken.updated_at = at
      await this.persist()
      return taken
    }
    const profile: NameProfile = {
      name,
      registered_at: at,
      updated_at: at,
      addresses: { [String(coinType)]: { address, created: at } },
      attributes: {},
    }
    this.profiles.push(profile)
    await this.persist()
    return profile
  }

  private persist(): Promise<void> {
    return this.file.save({ version: 1, profiles: this.profiles })
  }
}
